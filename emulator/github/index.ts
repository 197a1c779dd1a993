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
} from './types.ts';

export type { FakeGitHub } from './types.ts';

const DEFAULTS = {
  owner: 'Codertocat',
  repo: 'Hello-World',
  token: 'ghs_test_token',
  actor: 'github-actions[bot]',
};

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
    comments(issueNumber?: number): FakeComment[] {
      return store.comments(issueNumber).map(copyComment);
    },
    reactions() {
      return store.allReactions().map(publicReaction);
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
