// Labels on issues and pull requests, and the repository's issue list filtered by them: what a
// label index needs (the docs pull requests of src/github/docs-prs.ts). A pull request's labels
// are the pull request's own (pulls.ts); an issue's are its seeded ones, made to exist on first use
// (state.ts, addLabels and removeLabel).
import { renderIssue, renderLabel } from './render.ts';
import { errorReply, paginate, type Reply } from './respond.ts';
import type { RouteRequest } from './routes.ts';

const REPO = '/repos/{owner}/{repo}';

/** The body's `labels`: names, or objects with a name (both forms GitHub takes). */
function namesIn(body: unknown): string[] {
  const raw = Array.isArray(body) ? body : ((body as { labels?: unknown } | undefined)?.labels ?? []);
  const list = Array.isArray(raw) ? raw : [];
  return list.map((item: unknown) => {
    if (typeof item === 'string') return item;
    const name = (item as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? name : '';
  });
}

export const labelRoutes: Record<string, (req: RouteRequest) => Reply> = {
  // Labels as GitHub keeps them: once each whatever the case, added by name (or object with a
  // name); removing one not there is a 404.
  [`POST ${REPO}/issues/{issue_number}/labels`]: (req) => {
    const labels = req.store.addLabels(Number(req.params.issue_number), namesIn(req.body));
    return { status: 200, body: labels.map((name) => renderLabel(req.store, name, req.bases)) };
  },

  [`DELETE ${REPO}/issues/{issue_number}/labels/{name}`]: (req) => {
    const number = Number(req.params.issue_number);
    if (!req.store.removeLabel(number, req.params.name ?? '')) return errorReply(404);
    return { status: 200, body: req.store.labelsOf(number).map((name) => renderLabel(req.store, name, req.bases)) };
  },

  // Issues and pull requests with every label of `labels`, in `state` (open unless given), sorted
  // by `sort` (created, the default, approximated by number; or updated) in `direction`.
  [`GET ${REPO}/issues`]: (req) => {
    const { store, url } = req;
    const wanted = (url.searchParams.get('labels') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    const state = url.searchParams.get('state') ?? 'open';
    const numbers = [...new Set([...store.issues().map((i) => i.number), ...store.pulls.all().map((p) => p.number)])];
    const items = numbers
      .map((number) => renderIssue(store, number, req.bases))
      .filter((item) => state === 'all' || item.state === state)
      .filter((item) => {
        const names = (item.labels as { name: string }[]).map((label) => label.name.toLowerCase());
        return wanted.every((name) => names.includes(name));
      });
    const key = url.searchParams.get('sort') === 'updated' ? 'updated_at' : 'number';
    const ascending = url.searchParams.get('direction') === 'asc';
    items.sort((a, b) => {
      const order = String(a[key]).localeCompare(String(b[key]), 'en', { numeric: true });
      return ascending ? order : -order;
    });
    const { page, headers } = paginate(items, url);
    return { status: 200, headers, body: page };
  },
};
