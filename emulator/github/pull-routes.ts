// The routes of a pull request's life: the pull request (read, closed), a compare of two commits,
// check runs, GraphQL's two draft mutations and its read of many threads. Responses are completed to GitHub's schemas
// (conform.ts) around the fields the fake keeps.
import { conform } from './conform.ts';
import { answerThreads, asksThreads } from './graphql-threads.ts';
import { operation } from './openapi.ts';
import { answerReleases, asksReleases } from './graphql-releases.ts';
import { pullNodeId, type FakeCheckRun, type FakePull } from './pulls.ts';
import { nodeId, renderLabel, renderUser, repoApi, type Bases } from './render.ts';
import { errorReply, paginate, type Reply } from './respond.ts';
import type { RouteRequest } from './routes.ts';
import type { Store } from './state.ts';

const REPO = '/repos/{owner}/{repo}';

/** `given` completed to the response schema of `key` for `status`. */
function shaped(key: string, status: number, given: unknown): unknown {
  return conform(operation(key)?.responses.get(status), given);
}

function fullName(store: Store): string {
  return `${store.owner}/${store.repo}`;
}

function renderRepo(name: string, bases: Bases): Record<string, unknown> {
  const [owner = '', repo = ''] = name.split('/');
  return {
    id: 1_296_269,
    node_id: nodeId('R', 1_296_269),
    name: repo,
    full_name: name,
    owner: renderUser(owner, bases),
    private: false,
    html_url: `${bases.web}/${name}`,
    url: `${bases.api}/repos/${name}`,
    fork: false,
  };
}

function renderPull(store: Store, pull: FakePull, bases: Bases): Record<string, unknown> {
  const api = `${repoApi(store, bases)}/pulls/${pull.number}`;
  const merge = store.pulls.history.mergeOf(pull.number);
  const branch = (sha: string, repo: string, ref: string) => ({
    label: `${repo.split('/')[0]}:${ref}`,
    ref,
    sha,
    user: renderUser(repo.split('/')[0] ?? '', bases),
    repo: renderRepo(repo, bases),
  });
  return {
    url: api,
    id: 279_000_000 + pull.number,
    node_id: pullNodeId(pull.number),
    html_url: `${bases.web}/${fullName(store)}/pull/${pull.number}`,
    number: pull.number,
    state: pull.state,
    locked: false,
    title: pull.title,
    user: renderUser(pull.user, bases),
    body: pull.body,
    labels: pull.labels.map((name) => renderLabel(store, name, bases)),
    draft: pull.draft,
    merged: pull.merged,
    merged_at: pull.merged ? (merge?.at ?? '2026-01-01T00:00:00Z') : null,
    merge_commit_sha: merge?.sha ?? null,
    updated_at: pull.updatedAt,
    head: branch(pull.headSha, pull.headRepo, `branch-${pull.number}`),
    base: branch(pull.baseSha, fullName(store), merge?.branch ?? 'main'),
  };
}

function renderCheck(store: Store, run: FakeCheckRun, bases: Bases): Record<string, unknown> {
  return {
    id: run.id,
    node_id: nodeId('CR', run.id),
    head_sha: run.head_sha,
    name: run.name,
    status: run.status,
    conclusion: run.conclusion,
    url: `${repoApi(store, bases)}/check-runs/${run.id}`,
    html_url: `${bases.web}/${fullName(store)}/runs/${run.id}`,
    details_url: run.details_url,
    started_at: run.started_at,
    completed_at: run.completed_at,
    output: { title: run.title, summary: run.summary, text: null, annotations_count: 0, annotations_url: '' },
    external_id: run.external_id ?? null,
    app: run.app ?? { id: 15_368, slug: 'github-actions', name: 'GitHub Actions' },
  };
}

type Body = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function checkFields(body: Body): Partial<FakeCheckRun> {
  const output = (body.output ?? {}) as Body;
  const fields: Partial<FakeCheckRun> = {};
  if (body.status !== undefined) fields.status = body.status as FakeCheckRun['status'];
  if (body.conclusion !== undefined) {
    fields.conclusion = str(body.conclusion);
    fields.status = 'completed';
    fields.completed_at = str(body.completed_at) ?? new Date().toISOString();
  }
  if (body.details_url !== undefined) fields.details_url = str(body.details_url);
  if (body.external_id !== undefined) fields.external_id = str(body.external_id);
  if (body.output !== undefined) {
    fields.title = str(output.title);
    fields.summary = str(output.summary);
  }
  return fields;
}

/** GitHub's answer: the repository must allow auto-merge (off unless a test allows it), and the pull request must be open. */
function enableAutoMerge(store: Store, pull: FakePull): Reply {
  if (!store.pulls.history.allowAutoMerge || pull.state !== 'open') {
    const message =
      pull.state !== 'open' ? 'Pull request is not open' : 'Pull request Auto merge is not allowed for this repository';
    return {
      status: 200,
      body: { data: { enablePullRequestAutoMerge: null }, errors: [{ type: 'UNPROCESSABLE', message }] },
    };
  }
  pull.autoMerge = true;
  return { status: 200, body: { data: { enablePullRequestAutoMerge: { pullRequest: { number: pull.number } } } } };
}

export const pullRoutes: Record<string, (req: RouteRequest) => Reply> = {
  [`GET ${REPO}/pulls/{pull_number}`]: (req) => {
    const pull = req.store.pulls.pull(Number(req.params.pull_number), fullName(req.store));
    return {
      status: 200,
      body: shaped(`GET ${REPO}/pulls/{pull_number}`, 200, renderPull(req.store, pull, req.bases)),
    };
  },

  // Closing (and reopening) is what the action does; other fields are kept as given.
  [`PATCH ${REPO}/pulls/{pull_number}`]: (req) => {
    const body = (req.body ?? {}) as Body;
    const change: Partial<FakePull> = {};
    if (body.state === 'closed' || body.state === 'open') change.state = body.state;
    if (typeof body.title === 'string') change.title = body.title;
    if (typeof body.body === 'string') change.body = body.body;
    change.updatedAt = new Date().toISOString();
    const pull = req.store.pulls.update(Number(req.params.pull_number), fullName(req.store), change);
    return {
      status: 200,
      body: shaped(`PATCH ${REPO}/pulls/{pull_number}`, 200, renderPull(req.store, pull, req.bases)),
    };
  },

  // Octokit's compare/{basehead} with `a...b` routes here, as on GitHub (the description's older template).
  [`GET ${REPO}/compare/{base}...{head}`]: (req) => {
    const { base = '', head = '' } = req.params;
    const history = req.store.pulls.history;
    // A merge commit, a branch or a tag: compared by ancestry (history.ts); one side unknown is a 404.
    const [from, to] = [history.resolve(base), history.resolve(head)];
    if (from !== undefined || to !== undefined) {
      if (from === undefined || to === undefined) return errorReply(404);
      const { status, aheadBy, behindBy } = history.compare(from, to);
      const url = `${repoApi(req.store, req.bases)}/compare/${base}...${head}`;
      const body = {
        url,
        status,
        ahead_by: aheadBy,
        behind_by: behindBy,
        total_commits: aheadBy,
        commits: [],
        files: [],
      };
      return { status: 200, body: shaped(`GET ${REPO}/compare/{base}...{head}`, 200, body) };
    }
    const commits = req.store.pulls.range(base, head);
    const files = new Map<string, Body>();
    for (const commit of commits)
      for (const file of commit.files) files.set(file.filename, { ...file, sha: commit.sha });
    const body = {
      url: `${repoApi(req.store, req.bases)}/compare/${base}...${head}`,
      status: 'ahead',
      ahead_by: commits.length,
      behind_by: 0,
      total_commits: commits.length,
      commits: commits.map((commit) => ({
        sha: commit.sha,
        node_id: nodeId('C', commit.sha.length),
        commit: { message: commit.message },
        parents: [{ sha: commit.parent, url: '' }],
      })),
      files: [...files.values()],
    };
    return { status: 200, body: shaped(`GET ${REPO}/compare/{base}...{head}`, 200, body) };
  },

  [`POST ${REPO}/check-runs`]: (req) => {
    const body = (req.body ?? {}) as Body;
    const run = req.store.pulls.addCheck({
      head_sha: String(body.head_sha),
      name: String(body.name),
      status: 'queued',
      conclusion: null,
      title: null,
      summary: null,
      details_url: null,
      started_at: new Date().toISOString(),
      completed_at: null,
      ...checkFields(body),
    });
    return { status: 201, body: shaped(`POST ${REPO}/check-runs`, 201, renderCheck(req.store, run, req.bases)) };
  },

  [`PATCH ${REPO}/check-runs/{check_run_id}`]: (req) => {
    const run = req.store.pulls.check(Number(req.params.check_run_id));
    if (!run) return errorReply(404);
    // Only the app that created a check run may update it.
    if (run.app && run.app.slug !== 'github-actions') return errorReply(403);
    Object.assign(run, checkFields((req.body ?? {}) as Body));
    return {
      status: 200,
      body: shaped(`PATCH ${REPO}/check-runs/{check_run_id}`, 200, renderCheck(req.store, run, req.bases)),
    };
  },

  [`GET ${REPO}/commits/{ref}/check-runs`]: (req) => {
    const name = req.url.searchParams.get('check_name');
    const all = req.store.pulls.checksOn(req.params.ref).filter((run) => name === null || run.name === name);
    const { page, headers } = paginate(all, req.url);
    const body = { total_count: all.length, check_runs: page.map((run) => renderCheck(req.store, run, req.bases)) };
    return { status: 200, headers, body: shaped(`GET ${REPO}/commits/{ref}/check-runs`, 200, body) };
  },

  // GitHub's GraphQL endpoint, for the two mutations the REST API lacks (draft and ready for
  // review), and the sweep's read of many threads at once (graphql-threads.ts).
  'POST /graphql': (req) => {
    const body = (req.body ?? {}) as { query?: string; variables?: Body | null };
    const query = body.query ?? '';
    if (asksThreads(query)) return { status: 200, body: answerThreads(req.store, query, body.variables) };
    if (asksReleases(query)) return { status: 200, body: answerReleases(req.store, req.bases, body.variables) };
    const mutation = /\b(convertPullRequestToDraft|markPullRequestReadyForReview|enablePullRequestAutoMerge)\b/.exec(
      query,
    )?.[1];
    const id = str(body.variables?.id) ?? '';
    const pull = req.store.pulls.byNodeId(id);
    if (!mutation || !pull) {
      const message = mutation
        ? `Could not resolve to a node with the global id of '${id}'`
        : 'The fake serves three mutations only';
      return { status: 200, body: { data: null, errors: [{ type: 'NOT_FOUND', message }] } };
    }
    if (mutation === 'enablePullRequestAutoMerge') return enableAutoMerge(req.store, pull);
    pull.draft = mutation === 'convertPullRequestToDraft';
    return { status: 200, body: { data: { [mutation]: { pullRequest: { isDraft: pull.draft } } } } };
  },
};
