import { errorMessage } from '../base/errors.ts';
import type { Logger } from '../base/log.ts';
import { readMarker, requestOf, type Marker, type MarkerKind, type MarkerScope } from './marker.ts';
import type { IssueTarget, Octokit } from './octokit.ts';

/** A comment of the issue, as the action reads it. */
export interface ThreadComment {
  id: number;
  body: string;
  /** Written by a bot (the token's GitHub App, usually github-actions[bot]): only those are believed. */
  bot: boolean;
}

/** A comment whose first line is this action's marker, signed for this issue. */
export interface SignedComment<K extends MarkerKind = MarkerKind> {
  id: number;
  body: string;
  marker: Extract<Marker, { kind: K }>;
}

/** What a reaction sits on: a comment, or the issue or pull request itself. */
export type ReactionSubject = { kind: 'comment'; id: number } | { kind: 'issue'; number: number };

export type Reaction = 'eyes' | 'rocket' | 'confused' | '+1';

/**
 * Pages of 100 comments read at most: 1,000 comments. GitHub lists an issue's comments oldest
 * first and cannot list them newest first, so past the bound the first page and the newest pages
 * are read and the pages between are left out, with a warning: what the action looks for there
 * is almost always recent (the latest answer, the progress comment of a request just made). A
 * marker in a left-out page is not found; for the claim that errs on the safe side (claim.ts: a
 * request claimed before whose job cannot be found starts no second job).
 */
export const MAX_COMMENT_PAGES = 10;
const PER_PAGE = 100;

/**
 * The issue thread this run writes on: its comments read once per run, this action's signed
 * comments found by kind, comments created and edited, reactions added and taken back. Octokit
 * waits out GitHub's rate limits (octokit.ts); every call here throws, and callers decide whether
 * a failure is a warning.
 */
export class IssueThread {
  readonly #octokit: Octokit;
  readonly #target: IssueTarget;
  readonly log: Logger;
  /** What this action's markers on this issue are signed for (`signingKey`: the api-key or the assistant key). */
  readonly scope: MarkerScope;
  #comments: Promise<ThreadComment[]> | undefined;

  constructor(octokit: Octokit, target: IssueTarget, log: Logger, signingKey: string) {
    this.#octokit = octokit;
    this.#target = target;
    this.log = log;
    this.scope = { key: signingKey, repository: `${target.owner}/${target.repo}`, issueNumber: target.issueNumber };
  }

  get issueNumber(): number {
    return this.#target.issueNumber;
  }

  get target(): IssueTarget {
    return { ...this.#target };
  }

  /** The issue as GitHub's endpoints name it. */
  get #issue(): { owner: string; repo: string; issue_number: number } {
    return { owner: this.#target.owner, repo: this.#target.repo, issue_number: this.#target.issueNumber };
  }

  /**
   * The issue's comments as read elsewhere, all of them, oldest first (the sweep's one read of many
   * threads, thread-batch.ts): the next `comments()` answers with them instead of reading. Ignored
   * once the thread was read. A `fresh` read reads again all the same.
   */
  preload(comments: readonly ThreadComment[]): void {
    this.#comments ??= Promise.resolve([...comments]);
  }

  /**
   * The issue's comments, oldest first, read once per run and kept with the comments this run
   * created since. `fresh` reads them again: a once-only reply (a notification, a refusal) checks
   * what is on the issue right before it writes, as another run may have written it meanwhile.
   */
  comments(options: { fresh?: boolean } = {}): Promise<ThreadComment[]> {
    if (options.fresh || !this.#comments) {
      const read = this.#list();
      // A failed read is not kept: a later call tries again.
      read.catch(() => {
        if (this.#comments === read) this.#comments = undefined;
      });
      this.#comments = read;
    }
    return this.#comments;
  }

  /** This action's comments of `kind` on the issue, oldest first: written by a bot, signed for this issue. */
  async signed<K extends MarkerKind>(kind: K, options: { fresh?: boolean } = {}): Promise<SignedComment<K>[]> {
    const found: SignedComment<K>[] = [];
    for (const comment of await this.comments(options)) {
      const marker = comment.bot ? readMarker(comment.body, this.scope, kind) : undefined;
      if (marker) found.push({ id: comment.id, body: comment.body, marker });
    }
    return found;
  }

  /** Creates a comment; returns its id and address. */
  async create(body: string): Promise<{ id: number; url: string }> {
    const { data } = await this.#octokit.rest.issues.createComment({ ...this.#issue, body });
    const kept = this.#comments;
    if (kept) this.#comments = kept.then((comments) => [...comments, { id: data.id, body, bot: true }]);
    return { id: data.id, url: data.html_url };
  }

  async edit(commentId: number, body: string): Promise<void> {
    const { owner, repo } = this.#target;
    await this.#octokit.rest.issues.updateComment({ owner, repo, comment_id: commentId, body });
  }

  /**
   * Adds a reaction. GitHub keeps one per user and content: `created` is true when this call
   * added it (HTTP 201), false when it was there already (200), which makes it an atomic claim;
   * `createdAt` is when the reaction was first made (a claim's age).
   */
  async react(
    content: Reaction,
    subject: ReactionSubject,
  ): Promise<{ created: boolean; id: number; createdAt: string }> {
    const { owner, repo } = this.#target;
    const { status, data } =
      subject.kind === 'comment'
        ? await this.#octokit.rest.reactions.createForIssueComment({ owner, repo, comment_id: subject.id, content })
        : await this.#octokit.rest.reactions.createForIssue({ owner, repo, issue_number: subject.number, content });
    return { created: status !== 200, id: data.id, createdAt: data.created_at };
  }

  async unreact(subject: ReactionSubject, reactionId: number): Promise<void> {
    const { owner, repo } = this.#target;
    const reaction = { owner, repo, reaction_id: reactionId };
    if (subject.kind === 'comment') {
      await this.#octokit.rest.reactions.deleteForIssueComment({ ...reaction, comment_id: subject.id });
    } else {
      await this.#octokit.rest.reactions.deleteForIssue({ ...reaction, issue_number: subject.number });
    }
  }

  /**
   * The bot comment written since `since` whose signed marker is for the same request as `body`'s:
   * after a create that failed but may have reached GitHub (a timeout, a cancel), the comment it
   * made. One page: only comments since the failed create, of which this run writes one.
   */
  async findWritten(body: string, since: string): Promise<number | undefined> {
    const wanted = readMarker(body, this.scope);
    if (!wanted) return undefined;
    const { data } = await this.#octokit.rest.issues.listComments({ ...this.#issue, since, per_page: PER_PAGE });
    return data.find((comment) => {
      const marker = comment.user?.type === 'Bot' ? readMarker(comment.body ?? '', this.scope) : undefined;
      return marker !== undefined && requestOf(marker) === requestOf(wanted);
    })?.id;
  }

  /** A comment written as `update` and `finish` say, through this thread (LiveComment). */
  live(options: LiveOptions): LiveComment {
    return new LiveComment(this, options);
  }

  /** At most MAX_COMMENT_PAGES pages: the first, then the newest (see MAX_COMMENT_PAGES). */
  async #list(): Promise<ThreadComment[]> {
    const { issueNumber } = this.#target;
    const page = (number?: number) =>
      this.#octokit.rest.issues.listComments({ ...this.#issue, per_page: PER_PAGE, ...(number && { page: number }) });
    const first = await page();
    const last = lastPage(first.headers.link);
    const from = Math.max(2, last - MAX_COMMENT_PAGES + 2);
    if (from > 2) {
      this.log.warning(
        `#${issueNumber} has more than ${MAX_COMMENT_PAGES * PER_PAGE} comments: comments ${PER_PAGE + 1} to ` +
          `${(from - 1) * PER_PAGE} are not read, so an earlier request's comment among them is not found.`,
      );
    }
    const comments = [...first.data];
    for (let number = from; number <= last; number++) comments.push(...(await page(number)).data);
    return comments.map((comment) => ({ id: comment.id, body: comment.body ?? '', bot: comment.user?.type === 'Bot' }));
  }
}

/** The last page a list's `link` header names; 1 when it names none (everything is on the first). */
function lastPage(link: string | undefined): number {
  const last = /<([^<>]*)>;\s*rel="last"/.exec(link ?? '')?.[1];
  const number = last ? Number(new URL(last).searchParams.get('page')) : 1;
  return Number.isSafeInteger(number) && number > 1 ? number : 1;
}

export interface LiveOptions {
  /** Least time between two edits while `update` is called. */
  intervalMs: number;
  now: () => number;
  /** What the comment is, for the warning when a write fails ("the answer"). */
  what: string;
}

/**
 * One comment written when its text starts and edited as it grows, at most every `intervalMs`,
 * then once more at the end. A failed write is a warning, never a failure. A create that failed
 * may have reached GitHub all the same: before creating again, the comment it made is found by its
 * signed marker (IssueThread.findWritten), so one request never gets two comments.
 */
export class LiveComment {
  readonly #thread: IssueThread;
  readonly #options: LiveOptions;
  #id: number | undefined;
  #lastWrite = -Infinity;
  #written = '';
  #pending: Promise<void> = Promise.resolve();
  /** When a create failed: GitHub may have saved the comment all the same. */
  #createFailedSince: string | undefined;

  constructor(thread: IssueThread, options: LiveOptions) {
    this.#thread = thread;
    this.#options = options;
  }

  get id(): number | undefined {
    return this.#id;
  }

  /** Writes the body unless the last write was less than the interval ago; `render` runs only then. */
  update(render: () => string): void {
    const now = this.#options.now();
    if (now - this.#lastWrite < this.#options.intervalMs) return;
    this.#lastWrite = now;
    const body = render();
    this.#pending = this.#pending.then(() => this.#write(body));
  }

  /** Writes `body` whatever the interval, after any write under way. */
  async finish(body: string): Promise<void> {
    this.#pending = this.#pending.then(() => this.#write(body));
    await this.#pending;
  }

  async #write(body: string): Promise<void> {
    if (body === this.#written) return;
    try {
      if (this.#id === undefined && this.#createFailedSince !== undefined) {
        this.#id = await this.#thread.findWritten(body, this.#createFailedSince);
      }
      if (this.#id === undefined) {
        // GitHub's clock is not ours: a margin, so that a comment it kept is never before `since`.
        const since = new Date(this.#options.now() - 5 * 60_000).toISOString();
        try {
          this.#id = (await this.#thread.create(body)).id;
        } catch (error) {
          this.#createFailedSince ??= since;
          throw error;
        }
      } else {
        await this.#thread.edit(this.#id, body);
      }
      this.#written = body;
    } catch (error) {
      this.#thread.log.warning(
        `Could not write ${this.#options.what} on #${this.#thread.issueNumber}: ${errorMessage(error)}`,
      );
    }
  }
}
