// Pull requests, their commits and the check runs on commits: what a followed pull request's life
// needs. Pure data, like state.ts; any pull request number exists (as any issue does), open, with a
// head of its own until a test or a payload says otherwise.
import { createHash } from 'node:crypto';
import { History } from './history.ts';

export interface FakeCommit {
  sha: string;
  message: string;
  /** The commit before it; '' for a root. */
  parent: string;
  files: { filename: string; status: string; additions: number; deletions: number; patch?: string }[];
}

export interface FakePull {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  draft: boolean;
  merged: boolean;
  user: string;
  labels: string[];
  headSha: string;
  baseSha: string;
  /** The owner/repo the head branch lives in (a fork's when it differs). */
  headRepo: string;
  /** ISO time of the last change through the API (or as a test sets it): GitHub's `updated_at`. */
  updatedAt: string;
  /** Auto-merge enabled (GraphQL's enablePullRequestAutoMerge). */
  autoMerge?: boolean;
}

export interface FakeCheckRun {
  id: number;
  head_sha: string;
  name: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: string | null;
  title: string | null;
  summary: string | null;
  details_url: string | null;
  started_at: string;
  completed_at: string | null;
  /** Set by the app that created it; GitHub returns null when none was given. */
  external_id?: string | null;
  /** The app that created it; undefined: GitHub Actions, the app of GITHUB_TOKEN and of workflow jobs. */
  app?: { id: number; slug: string; name: string };
}

/** A commit id as git would print one: 40 hex digits, stable for the same inputs. */
export function shaOf(...parts: string[]): string {
  return createHash('sha1').update(parts.join('\n')).digest('hex');
}

const FIRST_CHECK_RUN_ID = 4_000_000_001;

export class PullStore {
  private pulls = new Map<number, FakePull>();
  private commits = new Map<string, FakeCommit>();
  private checks: FakeCheckRun[] = [];
  private nextCheckId = FIRST_CHECK_RUN_ID;
  /** The branches, merge commits, tags and releases (history.ts). */
  readonly history = new History();

  reset(): void {
    this.history.reset();
    this.pulls.clear();
    this.commits.clear();
    this.checks = [];
    this.nextCheckId = FIRST_CHECK_RUN_ID;
  }

  /** The pull request, made to exist (open, with a base and a head commit) on first use. */
  pull(number: number, repo: string): FakePull {
    let pull = this.pulls.get(number);
    if (!pull) {
      const baseSha = shaOf('base', String(number));
      pull = {
        number,
        title: `Pull request #${number}`,
        body: '',
        state: 'open',
        draft: false,
        merged: false,
        user: 'Codertocat',
        labels: [],
        headSha: shaOf('head', String(number)),
        baseSha,
        headRepo: repo,
        updatedAt: new Date().toISOString(),
      };
      this.pulls.set(number, pull);
    }
    return pull;
  }

  has(number: number): boolean {
    return this.pulls.has(number);
  }

  /** Every pull request made to exist, by number. */
  all(): FakePull[] {
    return [...this.pulls.values()].sort((a, b) => a.number - b.number);
  }

  update(number: number, repo: string, change: Partial<Omit<FakePull, 'number'>>): FakePull {
    const pull = this.pull(number, repo);
    // A merge adds its commit to the base branch, as GitHub's merge does (history.ts).
    if (change.merged === true && !pull.merged) this.history.merge(number);
    Object.assign(pull, change);
    return pull;
  }

  /** A new commit on the pull request's head branch; returns its sha. */
  push(number: number, repo: string, commit: { message: string; files?: FakeCommit['files'] }): string {
    const pull = this.pull(number, repo);
    const sha = shaOf(pull.headSha, commit.message, String(this.commits.size));
    this.commits.set(sha, { sha, message: commit.message, parent: pull.headSha, files: commit.files ?? [] });
    pull.headSha = sha;
    return sha;
  }

  /** Commits after `base` up to `head`, oldest first (at most 250, as one compare page), following parents. */
  range(base: string, head: string): FakeCommit[] {
    const found: FakeCommit[] = [];
    for (let sha = head; sha && sha !== base && found.length < 250;) {
      const commit = this.commits.get(sha);
      if (!commit) break;
      found.unshift(commit);
      sha = commit.parent;
    }
    return found;
  }

  byNodeId(nodeId: string): FakePull | undefined {
    return [...this.pulls.values()].find((pull) => pullNodeId(pull.number) === nodeId);
  }

  addCheck(run: Omit<FakeCheckRun, 'id'>): FakeCheckRun {
    const stored = { ...run, id: this.nextCheckId++ };
    this.checks.push(stored);
    return stored;
  }

  check(id: number): FakeCheckRun | undefined {
    return this.checks.find((run) => run.id === id);
  }

  /** Newest first, as GitHub lists them. */
  checksOn(sha?: string): FakeCheckRun[] {
    return [...this.checks].reverse().filter((run) => sha === undefined || run.head_sha === sha);
  }
}

export function pullNodeId(number: number): string {
  return `PR_kwDO${Buffer.from(String(number)).toString('base64url')}`;
}
