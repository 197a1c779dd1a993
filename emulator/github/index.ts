// Public entry point: a fake GitHub REST API on 127.0.0.1 holding one repository, strict about
// requests (GitHub's OpenAPI description) and lenient about state (every issue number exists).
import type { RequestListener } from 'node:http';
import { loadSpec, operationKey, retainResponseSchemas } from './openapi.ts';
import { publicReaction } from './render.ts';
import { routes } from './routes.ts';
import { HANG, closeServer, handler, listen } from './server.ts';
import { Store } from './state.ts';
import type {
  FakeComment,
  FakeGitHub,
  FakeGitHubOptions,
  FakeStatus,
  Permission,
  PullFile,
  RateLimitFault,
  RecordedCall,
  SeededEvent,
} from './types.ts';

export type { FakeGitHub } from './types.ts';

const DEFAULTS = {
  owner: 'Codertocat',
  repo: 'Hello-World',
  token: 'ghs_test_token',
  actor: 'github-actions[bot]',
};

type Loose = Record<string, unknown> | undefined;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const loginOf = (user: unknown): string | undefined => {
  const login = (user as Loose)?.login;
  return typeof login === 'string' && login !== '' ? login : undefined;
};

/**
 * The issue (or pull request) and comment a webhook payload names, made to exist with its ids,
 * text and authors. Payloads are outside input: fields of the wrong type are left out, not trusted.
 */
function seedEvent(store: Store, payload: unknown): SeededEvent {
  const event = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  const issue = (event.issue ?? event.pull_request) as Loose;
  const seeded: SeededEvent = {};
  const number = issue?.number;
  if (typeof number === 'number' && Number.isSafeInteger(number) && number > 0) {
    const labels = Array.isArray(issue?.labels) ? issue.labels : [];
    store.seedIssue({
      number,
      title: text(issue?.title),
      body: text(issue?.body),
      user: loginOf(issue?.user) ?? store.owner,
      labels: labels.map((label) => text((label as Loose)?.name)).filter((name) => name !== ''),
      state: issue?.state === 'closed' ? 'closed' : 'open',
    });
    // A pull request (or a comment on one) answers GET issue as a pull request does.
    if (
      (event.pull_request !== undefined || issue?.pull_request !== undefined) &&
      store.filesOf(number) === undefined
    ) {
      store.setPullFiles(number, []);
    }
    seeded.issue = number;
  }
  if (typeof number === 'number' && event.pull_request !== undefined)
    seedPull(store, event.pull_request as Loose, number);
  const comment = event.comment as Loose;
  const id = comment?.id;
  if (seeded.issue !== undefined && typeof id === 'number' && Number.isSafeInteger(id) && id > 0) {
    store.addComment(seeded.issue, text(comment?.body), loginOf(comment?.user) ?? 'octocat', id);
    seeded.comment = id;
  }
  const requester = loginOf(comment?.user) ?? loginOf(event.sender);
  if (requester !== undefined) seeded.requester = requester;
  return seeded;
}

/** A pull_request payload's pull request: its state, draft, merge, labels, head and base commits. */
function seedPull(store: Store, pull: Loose, number: number): void {
  const sha = (side: unknown): string | undefined => {
    const value = (side as Loose)?.sha;
    return typeof value === 'string' && /^[0-9a-f]{40}$/.test(value) ? value : undefined;
  };
  const head = pull?.head as Loose;
  const headRepo = text((head?.repo as Loose)?.full_name);
  const labels = Array.isArray(pull?.labels) ? pull.labels : [];
  const headSha = sha(head);
  const baseSha = sha(pull?.base);
  store.pulls.update(number, `${store.owner}/${store.repo}`, {
    title: text(pull?.title),
    body: text(pull?.body),
    state: pull?.state === 'closed' ? 'closed' : 'open',
    draft: pull?.draft === true,
    merged: pull?.merged === true,
    user: loginOf(pull?.user) ?? store.owner,
    labels: labels.map((label) => text((label as Loose)?.name)).filter((name) => name !== ''),
    ...(headSha ? { headSha } : {}),
    ...(baseSha ? { baseSha } : {}),
    ...(headRepo ? { headRepo } : {}),
  });
}

/** The owner and name of a webhook payload's repository, when it has them. */
export function repositoryOf(payload: unknown): { owner?: string; repo?: string } {
  const repository = (payload as { repository?: { name?: unknown; owner?: { login?: unknown } } } | null)?.repository;
  const owner = repository?.owner?.login;
  const repo = repository?.name;
  return {
    ...(typeof owner === 'string' && owner !== '' ? { owner } : {}),
    ...(typeof repo === 'string' && repo !== '' ? { repo } : {}),
  };
}

function copyComment(comment: FakeComment): FakeComment {
  return { ...comment, user: { ...comment.user } };
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  // Parsed here, not on the first request, so the one-off cost lands in beforeAll, not in a
  // request the action under test may be timing.
  retainResponseSchemas(Object.keys(routes));
  loadSpec();

  const calls: RecordedCall[] = [];
  const violations: string[] = [];
  const unimplemented: string[] = [];
  // The store renders html_url from the bound port, so the handler is attached after listening.
  let serve: RequestListener = (_req, res) => void res.writeHead(503).end();
  const { server, url } = await listen(options.port ?? 0, (req, res) => serve(req, res), options.tls);
  const store = new Store(options.owner ?? DEFAULTS.owner, options.repo ?? DEFAULTS.repo, url);
  const token = options.token ?? DEFAULTS.token;
  serve = handler({ store, token, actor: DEFAULTS.actor, url, calls, violations, unimplemented });

  return {
    url,
    owner: store.owner,
    repo: store.repo,
    calls,
    violations,
    unimplemented,
    setPermission(username: string, permission: Permission): void {
      store.setPermission(username, permission);
    },
    addComment(issueNumber: number, body: string, user = 'octocat'): FakeComment {
      return copyComment(store.addComment(issueNumber, body, user));
    },
    seedEvent(payload: unknown): SeededEvent {
      return seedEvent(store, payload);
    },
    comments(issueNumber?: number): FakeComment[] {
      return store.comments(issueNumber).map(copyComment);
    },
    reactions() {
      return store.allReactions().map(publicReaction);
    },
    labels(issueNumber: number): string[] {
      return [...store.labelsOf(issueNumber)];
    },
    statuses(sha?: string): FakeStatus[] {
      return store.statuses(sha).map((status) => ({ ...status }));
    },
    addStatus(sha, status, creator = 'octocat'): FakeStatus {
      return {
        ...store.addStatus(sha, {
          state: status.state ?? 'success',
          context: status.context,
          description: status.description,
          target_url: status.target_url ?? null,
          creator,
        }),
      };
    },
    setPullFiles(pullNumber: number, files: PullFile[]): void {
      store.setPullFiles(pullNumber, files);
    },
    pullRequest(number) {
      return { ...store.pulls.pull(number, `${store.owner}/${store.repo}`) };
    },
    updatePullRequest(number, change) {
      return { ...store.pulls.update(number, `${store.owner}/${store.repo}`, change) };
    },
    push(number, commit) {
      return store.pulls.push(number, `${store.owner}/${store.repo}`, commit);
    },
    checkRuns(sha) {
      return store.pulls.checksOn(sha).map((run) => ({ ...run }));
    },
    addWorkflow(file, state) {
      store.workflows.add(file, state);
    },
    workflowState(file) {
      return store.workflows.find(file)?.state;
    },
    setActionsPermission(permission) {
      store.workflows.permission = permission;
    },
    merge(number, options = {}) {
      const merge = store.pulls.history.merge(number, options.into);
      store.pulls.update(number, `${store.owner}/${store.repo}`, { state: 'closed', merged: true });
      return merge.sha;
    },
    commit(branch, message) {
      return store.pulls.history.commit(branch, message);
    },
    tag(name, target) {
      return store.pulls.history.tag(name, target);
    },
    release(options) {
      return { ...store.pulls.history.release(options) };
    },
    allowAutoMerge(allowed) {
      store.pulls.history.allowAutoMerge = allowed;
    },
    addCheckRun(run) {
      return { ...store.pulls.addCheck(run) };
    },
    failNext(route: string, status: number, times = 1): void {
      const key = operationKey(route);
      // A typo would otherwise schedule a failure that never fires and a test that proves nothing.
      if (key === undefined) throw new Error(`failNext: '${route}' is not an operation in GitHub's REST API`);
      store.failNext(key, status, times);
    },
    rateLimitNext(route: string, limit: RateLimitFault, times = 1): void {
      const key = operationKey(route);
      if (key === undefined) throw new Error(`rateLimitNext: '${route}' is not an operation in GitHub's REST API`);
      store.rateLimitNext(key, limit, times);
    },
    hangNext(route: string, times = 1): void {
      const key = operationKey(route);
      if (key === undefined) throw new Error(`hangNext: '${route}' is not an operation in GitHub's REST API`);
      store.failNext(key, HANG, times);
    },
    reset(): void {
      store.reset();
      // Emptied in place: tests may hold references to these arrays.
      calls.length = 0;
      violations.length = 0;
      unimplemented.length = 0;
    },
    close(): Promise<void> {
      return closeServer(server);
    },
  };
}
