// In-memory contents of the one repository the fake holds. Pure data: no HTTP, no JSON shapes.
import { PullStore } from './pulls.ts';
import { WorkflowStore } from './workflows.ts';
import type {
  FakeComment,
  FakeReaction,
  FakeStatus,
  FakeUser,
  Permission,
  PullFile,
  RateLimitFault,
  SeededIssue,
} from './types.ts';

export interface StoredReaction extends FakeReaction {
  created_at: string;
}

// Real ids, so payloads from @octokit/webhooks-examples and the fake agree about who is who.
const KNOWN_USERS: Record<string, number> = {
  octocat: 583231,
  Codertocat: 21031067,
  'github-actions[bot]': 41898282,
};

// Comment ids on github.com are past 2^31 nowadays; starting there exposes 32-bit assumptions.
const FIRST_COMMENT_ID = 2_147_483_648;
const FIRST_REACTION_ID = 300_000_001;
const FIRST_STATUS_ID = 30_000_000_001;

export function identity(login: string): FakeUser {
  const type = login.endsWith('[bot]') ? 'Bot' : 'User';
  const known = KNOWN_USERS[login];
  if (known !== undefined) return { login, type, id: known };
  // Stable per login across runs, so snapshots of rendered users do not churn.
  let hash = 0;
  for (const char of login) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return { login, type, id: 1_000_000 + (hash % 90_000_000) };
}

function timestamp(): string {
  // GitHub renders second precision with a Z suffix.
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class Store {
  readonly owner: string;
  readonly repo: string;
  readonly webBase: string;
  /** Pull requests, commits and check runs (pulls.ts). */
  readonly pulls = new PullStore();
  /** Actions workflows and the token's `actions` permission (workflows.ts). */
  readonly workflows = new WorkflowStore();
  private commentMap = new Map<number, FakeComment>();
  private reactionList: StoredReaction[] = [];
  private permissions = new Map<string, Permission>();
  private pullFiles = new Map<number, PullFile[]>();
  private issueMap = new Map<number, SeededIssue>();
  private failures = new Map<string, { status: number; remaining: number }>();
  private rateLimits = new Map<string, { limit: RateLimitFault; remaining: number }>();
  private statusList: FakeStatus[] = [];
  private nextStatusId = FIRST_STATUS_ID;
  private nextCommentId = FIRST_COMMENT_ID;
  private nextReactionId = FIRST_REACTION_ID;

  constructor(owner: string, repo: string, webBase: string) {
    this.owner = owner;
    this.repo = repo;
    this.webBase = webBase;
  }

  reset(): void {
    this.pulls.reset();
    this.workflows.reset();
    this.commentMap.clear();
    this.reactionList = [];
    this.permissions.clear();
    this.pullFiles.clear();
    this.issueMap.clear();
    this.issueUpdates.clear();
    this.failures.clear();
    this.rateLimits.clear();
    this.statusList = [];
    this.nextStatusId = FIRST_STATUS_ID;
    this.nextCommentId = FIRST_COMMENT_ID;
    this.nextReactionId = FIRST_REACTION_ID;
  }

  setPermission(login: string, permission: Permission): void {
    this.permissions.set(login.toLowerCase(), permission);
  }

  /** Public-repository semantics: anyone not configured can read. Logins are case-insensitive. */
  permissionOf(login: string): Permission {
    return this.permissions.get(login.toLowerCase()) ?? 'read';
  }

  addComment(issueNumber: number, body: string, login: string, id = this.nextCommentId): FakeComment {
    // A comment with an id of its own (a webhook payload's) keeps later ids from colliding with it.
    this.nextCommentId = Math.max(this.nextCommentId, id + 1);
    const now = timestamp();
    const comment: FakeComment = {
      id,
      issueNumber,
      body,
      user: identity(login),
      created_at: now,
      updated_at: now,
      html_url: `${this.webBase}/${this.owner}/${this.repo}/issues/${issueNumber}#issuecomment-${id}`,
    };
    this.commentMap.set(id, comment);
    return comment;
  }

  /** An issue as a webhook payload describes it; issues not seeded keep the fake's defaults. */
  seedIssue(issue: SeededIssue): void {
    this.issueMap.set(issue.number, { ...issue, labels: [...issue.labels] });
  }

  /**
   * The labels of issue or pull request `number`, changed in place by the label routes: a pull
   * request's own when the fake holds it, else the issue's (made to exist, as any issue does).
   */
  labelsOf(number: number): string[] {
    if (this.pulls.has(number)) return this.pulls.pull(number, `${this.owner}/${this.repo}`).labels;
    let issue = this.issueMap.get(number);
    if (!issue) {
      issue = { number, title: `Issue ${number}`, body: '', user: this.owner, labels: [], state: 'open' };
      this.issueMap.set(number, issue);
    }
    return issue.labels;
  }

  issue(number: number): SeededIssue | undefined {
    return this.issueMap.get(number);
  }

  /** When an issue last changed, as far as the fake tracks it (labels); undefined: never. */
  private issueUpdates = new Map<number, string>();

  updatedAt(number: number): string | undefined {
    return this.issueUpdates.get(number);
  }

  /**
   * Adds labels (GitHub keeps a label once, whatever its case) to an issue or a pull request the
   * fake holds (its own labels); an issue not seeded gets the fake's defaults first.
   */
  addLabels(number: number, names: readonly string[]): string[] {
    const labels = this.labelsOf(number);
    for (const name of names) if (!labels.some((had) => had.toLowerCase() === name.toLowerCase())) labels.push(name);
    this.#touch(number);
    return [...labels];
  }

  /** Takes a label off; false when the issue or pull request did not carry it (GitHub answers 404). */
  removeLabel(number: number, name: string): boolean {
    const labels = this.labelsOf(number);
    const at = labels.findIndex((had) => had.toLowerCase() === name.toLowerCase());
    if (at < 0) return false;
    labels.splice(at, 1);
    this.#touch(number);
    return true;
  }

  #touch(number: number): void {
    if (this.pulls.has(number)) this.pulls.update(number, `${this.owner}/${this.repo}`, { updatedAt: timestamp() });
    else this.issueUpdates.set(number, timestamp());
  }

  /** The issues (and pull requests) the fake knows, by number. */
  issues(): SeededIssue[] {
    return [...this.issueMap.values()].sort((a, b) => a.number - b.number);
  }

  comment(id: number): FakeComment | undefined {
    return this.commentMap.get(id);
  }

  updateComment(id: number, body: string): FakeComment | undefined {
    const comment = this.commentMap.get(id);
    if (comment === undefined) return undefined;
    comment.body = body;
    comment.updated_at = timestamp();
    return comment;
  }

  /** Oldest first, the order GitHub lists issue comments in. */
  comments(issueNumber?: number): FakeComment[] {
    const all = [...this.commentMap.values()].sort((a, b) => a.id - b.id);
    return issueNumber === undefined ? all : all.filter((c) => c.issueNumber === issueNumber);
  }

  reactionsOn(subject: FakeReaction['subject'], subjectId: number): StoredReaction[] {
    return this.reactionList.filter((r) => r.subject === subject && r.subjectId === subjectId);
  }

  allReactions(): StoredReaction[] {
    return [...this.reactionList];
  }

  /** GitHub keeps one reaction per user and content; a repeat returns the existing one. */
  react(subject: FakeReaction['subject'], subjectId: number, content: string, login: string) {
    const existing = this.reactionsOn(subject, subjectId).find((r) => r.content === content && r.user === login);
    if (existing) return { reaction: existing, created: false };
    const reaction: StoredReaction = {
      id: this.nextReactionId++,
      subject,
      subjectId,
      content,
      user: login,
      created_at: timestamp(),
    };
    this.reactionList.push(reaction);
    return { reaction, created: true };
  }

  deleteReaction(subject: FakeReaction['subject'], subjectId: number, reactionId: number): boolean {
    const before = this.reactionList.length;
    this.reactionList = this.reactionList.filter(
      (r) => !(r.id === reactionId && r.subject === subject && r.subjectId === subjectId),
    );
    return this.reactionList.length < before;
  }

  setPullFiles(pullNumber: number, files: PullFile[]): void {
    this.pullFiles.set(
      pullNumber,
      files.map((f) => ({ ...f })),
    );
  }

  filesOf(pullNumber: number): PullFile[] | undefined {
    return this.pullFiles.get(pullNumber);
  }

  /** `times` 0 (or less) drops what was scheduled for the operation and not yet taken. */
  failNext(key: string, status: number, times: number): void {
    if (times <= 0) this.failures.delete(key);
    else this.failures.set(key, { status, remaining: times });
  }

  /** Consumes one scheduled failure for the operation, if any. */
  takeFailure(key: string): number | undefined {
    const failure = this.failures.get(key);
    if (failure === undefined) return undefined;
    if (--failure.remaining <= 0) this.failures.delete(key);
    return failure.status;
  }

  rateLimitNext(key: string, limit: RateLimitFault, times: number): void {
    this.rateLimits.set(key, { limit: { ...limit }, remaining: times });
  }

  /** Consumes one scheduled rate limit for the operation, if any. */
  takeRateLimit(key: string): RateLimitFault | undefined {
    const scheduled = this.rateLimits.get(key);
    if (scheduled === undefined) return undefined;
    if (--scheduled.remaining <= 0) this.rateLimits.delete(key);
    return scheduled.limit;
  }

  /** GitHub keeps every status (up to 1000 per commit and context); lists show the newest first. */
  addStatus(sha: string, status: Omit<FakeStatus, 'id' | 'sha' | 'created_at'>): FakeStatus {
    const stored: FakeStatus = { ...status, id: this.nextStatusId++, sha, created_at: timestamp() };
    this.statusList.push(stored);
    return stored;
  }

  statuses(sha?: string): FakeStatus[] {
    const all = [...this.statusList].reverse();
    return sha === undefined ? all : all.filter((status) => status.sha === sha);
  }
}
