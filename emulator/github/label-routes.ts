// Labels on issues and pull requests, and the repository's issue list filtered by them: what a
// label index needs (the docs pull requests of src/github/docs-prs.ts). A pull request's labels
// are the pull request's own (pulls.ts); an issue's are its seeded ones, made to exist on first use.
import { renderIssue, renderLabel } from './render.ts';
import { paginate, type Reply } from './respond.ts';
import type { RouteRequest } from './routes.ts';

const REPO = '/repos/{owner}/{repo}';

function labelsOf(req: RouteRequest, number: number): { get: () => string[]; set: (labels: string[]) => void } {
  const { store } = req;
  const repo = `${store.owner}/${store.repo}`;
  if (store.pulls.has(number)) {
    return {
      get: () => store.pulls.pull(number, repo).labels,
      set: (labels) => void store.pulls.update(number, repo, { labels, updatedAt: new Date().toISOString() }),
    };
  }
  return {
    get: () => store.issue(number)?.labels ?? [],
    set: (labels) =>
      store.seedIssue({
        number,
        title: `Issue ${number}`,
        body: '',
        user: store.owner,
        state: 'open',
        ...store.issue(number),
        labels,
      }),
  };
}

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
  [`POST ${REPO}/issues/{issue_number}/labels`]: (req) => {
    const labels = labelsOf(req, Number(req.params.issue_number));
    const now = labels.get();
    const added = namesIn(req.body).filter((name) => !now.some((have) => have.toLowerCase() === name.toLowerCase()));
    labels.set([...now, ...added]);
    return { status: 200, body: labels.get().map((name) => renderLabel(req.store, name, req.bases)) };
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
