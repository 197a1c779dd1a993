// Public types of the fake GitHub REST API. The contract tests use them through FakeGitHub
// (index.ts), so changes here are changes to a shared contract.

export type Permission = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';

export interface FakeUser {
  login: string;
  type: 'User' | 'Bot';
  id: number;
}

export interface FakeComment {
  id: number;
  issueNumber: number;
  body: string;
  user: FakeUser;
  created_at: string;
  updated_at: string;
  html_url: string;
}

export interface FakeReaction {
  id: number;
  subject: 'comment' | 'issue';
  /** Comment id for 'comment' reactions, issue number for 'issue' reactions. */
  subjectId: number;
  content: string;
  user: string;
}

/** What a webhook payload tells about its issue; the fake answers GET issue with it. */
export interface SeededIssue {
  number: number;
  title: string;
  body: string;
  /** The author's login. */
  user: string;
  labels: string[];
  state: 'open' | 'closed';
}

/** What seedEvent registered from a payload. */
export interface SeededEvent {
  issue?: number;
  comment?: number;
  /** Who acted: the commenter, or the sender. */
  requester?: string;
}

/** A commit status: what GitHub keeps per commit and context, newest first. */
export interface FakeStatus {
  id: number;
  sha: string;
  state: 'error' | 'failure' | 'pending' | 'success';
  context: string;
  description: string | null;
  target_url: string | null;
  /** Who wrote it: the token's identity for API writes. */
  creator: string;
  created_at: string;
}

export interface PullFile {
  filename: string;
  status: string;
  additions: number;
  deletions: number;
}

/**
 * How GitHub answers a request over a rate limit. 'secondary': too many requests at once (403 or
 * 429, "You have exceeded a secondary rate limit", often with `retry-after`, quota left);
 * 'primary': the token's hourly quota is spent (403 or 429, "API rate limit exceeded",
 * `x-ratelimit-remaining: 0` and the reset time).
 */
export interface RateLimitFault {
  kind: 'secondary' | 'primary';
  /** 403 unless given: what github.com answers for both. */
  status?: 403 | 429;
  /** A secondary limit's `retry-after`; omitted, the answer names no wait at all. */
  retryAfterSeconds?: number;
  /** A primary limit's reset, this many seconds from now (60 unless given). */
  resetInSeconds?: number;
}

export interface RecordedCall {
  method: string;
  /** Path without the GHES '/api/v3' prefix, so assertions hold for both mount points. */
  path: string;
  /** Raw query string without the leading '?'. */
  query: string;
  /** Parsed JSON when the body was JSON, the raw text otherwise, undefined when empty. */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** Date.now() when the request's body had arrived. */
  at: number;
}

export interface FakeGitHub {
  /** 'http://127.0.0.1:PORT'; the same API is also mounted under url + '/api/v3'. */
  url: string;
  owner: string;
  repo: string;
  calls: RecordedCall[];
  /** Requests GitHub's OpenAPI description would reject; tests assert this stays empty. */
  violations: string[];
  /**
   * Requests GitHub accepts but this fake does not implement (answered 501). Kept apart from
   * violations because the caller did nothing wrong, yet a test would otherwise pass vacuously.
   */
  unimplemented: string[];
  setPermission(username: string, permission: Permission): void;
  addComment(issueNumber: number, body: string, user?: string): FakeComment;
  /**
   * Makes the issue (or pull request) and comment of a real webhook payload exist with the
   * payload's own ids, text and authors, as they do on GitHub when the event is sent.
   */
  seedEvent(payload: unknown): SeededEvent;
  comments(issueNumber?: number): FakeComment[];
  reactions(): FakeReaction[];
  /** The labels on an issue or pull request ([] for one the fake does not know). */
  labels(issueNumber: number): string[];
  /** Commit statuses, newest first; of one commit when `sha` is given. */
  statuses(sha?: string): FakeStatus[];
  /** A status written by `creator` (a user unless it ends in [bot]), as if through the API. */
  addStatus(
    sha: string,
    status: Pick<FakeStatus, 'context' | 'description'> & Partial<Pick<FakeStatus, 'state' | 'target_url'>>,
    creator?: string,
  ): FakeStatus;
  setPullFiles(pullNumber: number, files: PullFile[]): void;
  /** A pull request as the fake holds it (made to exist, open, on first use). */
  pullRequest(number: number): FakePull;
  /** Changes a pull request's state: closed, merged, draft, labels, title. */
  updatePullRequest(number: number, change: Partial<Omit<FakePull, 'number'>>): FakePull;
  /** A new commit on the pull request's head branch, which `compare` then lists; returns its sha. */
  push(number: number, commit: { message: string; files?: FakeCommit['files'] }): string;
  /** Check runs, newest first; on one commit when `sha` is given. */
  checkRuns(sha?: string): FakeCheckRun[];
  /** A workflow file in .github/workflows (only added ones exist), `active` unless `state` says otherwise. */
  addWorkflow(file: string, state?: WorkflowState): void;
  /** A workflow's state (`active`, `disabled_manually`…), undefined for a file the fake does not know. */
  workflowState(file: string): WorkflowState | undefined;
  /** The token's `actions` permission (`write` until set): what enabling or disabling a workflow needs. */
  setActionsPermission(permission: ActionsPermission): void;
  /**
   * Merges the pull request: closed, merged, and its merge commit added to `into` (main unless
   * given; a new branch is cut from main's head). Returns the merge commit (history.ts).
   */
  merge(number: number, options?: { into?: string }): string;
  /** A new commit on a branch of the repository's own history; returns its sha. */
  commit(branch: string, message: string): string;
  /** Points a tag at a branch's head or a commit (moving it when it exists); returns the commit. */
  tag(name: string, target?: string): string;
  /** A release of `tag` (made at `target`'s head, main unless given, when the tag is new); published unless a draft. */
  release(options: { tag: string; target?: string; prerelease?: boolean; draft?: boolean }): FakeRelease;
  /** The repository's "Allow auto-merge" setting (off unless set). */
  allowAutoMerge(allowed: boolean): void;
  /** A check run another writer made: a workflow job (no `app`: GitHub Actions) or another app. */
  addCheckRun(run: Omit<FakeCheckRun, 'id'>): FakeCheckRun;
  /**
   * route is 'METHOD /openapi/template', e.g. 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments';
   * `times` 0 drops what is still scheduled for the route.
   */
  failNext(route: string, status: number, times?: number): void;
  /** The next `times` calls of the route answer as GitHub does over a rate limit; later ones are served. */
  rateLimitNext(route: string, limit: RateLimitFault, times?: number): void;
  /**
   * The next `times` calls of the route are read and never answered: a GitHub that hangs. `times`
   * 0 drops the failures and hangs of the route not yet taken (failNext's too): a GitHub that recovers.
   */
  hangNext(route: string, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

export type { FakeCheckRun, FakeCommit, FakePull } from './pulls.ts';
import type { FakeCheckRun, FakeCommit, FakePull } from './pulls.ts';
import type { ActionsPermission, WorkflowState } from './workflows.ts';
export type { FakeRelease } from './history.ts';
import type { FakeRelease } from './history.ts';

export interface FakeGitHubOptions {
  port?: number;
  owner?: string;
  repo?: string;
  token?: string;
  /** Serve https with this key and certificate (PEM) instead of http; `url` then starts with https://. */
  tls?: { key: string | Buffer; cert: string | Buffer };
}
