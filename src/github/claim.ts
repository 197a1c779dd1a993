import { errorMessage } from '../base/errors.ts';
import { describeGitHubError } from './octokit.ts';
import type { Logger } from '../base/log.ts';
import type { FoundProgress, ProgressComments } from './progress-comment.ts';
import type { Trigger } from './trigger.ts';
import { forLog } from '../text/text-gate.ts';
import { isRateLimited } from './rate-limit.ts';
import type { IssueThread, ReactionSubject } from './thread.ts';

/**
 * How one request makes one job (docs/usage.md, "How one request makes one job"): the service has
 * no idempotency key, so before creating a job a run claims the request with the one atomic
 * primitive GitHub offers, the `eyes` reaction on the comment that asked (or on the issue or pull
 * request: both events of one issue contend for the same reaction). GitHub answers 201 to the first
 * run and 200 to every later one of the same token. A create that certainly reached no service gives
 * the claim back; after anything ambiguous it stays, so a re-run reports that a job may exist
 * instead of making a second one. Runs the workflow starts itself are each their own request.
 */
export const CLAIM_REACTION = 'eyes' as const;

/** A request's key in the progress marker, and what its claim sits on. */
export interface RequestKey {
  /** `c<comment id>`, `i<issue number>` or `r<run id>`. */
  key: string;
  /** What the claim sits on: the comment that asked, or the issue or pull request itself. */
  subject: ReactionSubject | undefined;
}

/** One key per request: a comment, an issue (opened and labelled alike), or a workflow run. */
export function requestKey(eventName: string, trigger: Extract<Trigger, { kind: 'run' }>, runId: string): RequestKey {
  if (trigger.commentId !== undefined)
    return { key: `c${trigger.commentId}`, subject: { kind: 'comment', id: trigger.commentId } };
  if (trigger.issue && (eventName === 'issues' || trigger.mergedPullRequest !== undefined)) {
    return { key: `i${trigger.issue.number}`, subject: { kind: 'issue', number: trigger.issue.number } };
  }
  return { key: `r${runId}`, subject: undefined };
}

export type Claim =
  /** This run may go on: `existing` are the issue's progress comments, read after the claim. */
  | { kind: 'go'; existing: FoundProgress[]; release: () => Promise<void> }
  /** Another run holds the request and no job is recorded for it. */
  | { kind: 'held'; message: string }
  /** GitHub failed in a way that leaves the claim unknown: nothing was sent to the service. */
  | { kind: 'failed'; message: string };

/**
 * Statuses after which GitHub certainly added no reaction and never will for this token: a refusal
 * (403 that is no rate limit), the comment gone (404, 410), or no reactions there (422). Going on
 * unclaimed is then the only way to serve the request, and the run warns that it does.
 */
const NOT_CLAIMABLE = new Set([403, 404, 410, 422]);

/**
 * Claims the request and reads the issue's progress comments. See the module comment for what a
 * 201 and a 200 mean.
 */
export async function claimRequest(progress: ProgressComments, request: RequestKey, log: Logger): Promise<Claim> {
  const { subject } = request;
  const { thread } = progress;
  let reactionId: number | undefined;
  let taken = false;
  if (subject) {
    try {
      const { created, id } = await thread.react(CLAIM_REACTION, subject);
      taken = !created;
      if (created) reactionId = id;
    } catch (error) {
      const status = (error as { status?: number }).status;
      // A rate limit was waited for already (octokit.ts) and did not lift: no refusal, so the run
      // may not go on unclaimed; it stops before anything reaches the service.
      if (status === undefined || !NOT_CLAIMABLE.has(status) || isRateLimited(error)) {
        return {
          kind: 'failed',
          message:
            `${describeGitHubError('Claiming the request with a reaction', error, 'issues: write')} Nothing was ` +
            'sent to the service; should a re-run say that another run claimed it, ask again in a new comment.',
        };
      }
      log.warning(
        `GitHub refused the reaction that claims the request (HTTP ${status}: ${forLog(errorMessage(error), 160)}); ` +
          'going on unclaimed, so runs that overlap could each start a job. ' +
          "Give the token 'issues: write' (and 'pull-requests: write').",
      );
    }
  }
  const release = async (): Promise<void> => {
    if (!subject || reactionId === undefined) return;
    try {
      await thread.unreact(subject, reactionId);
      log.info('Nothing reached the service: the claim on the request is given back, so a re-run may try again.');
    } catch (error) {
      log.warning(`Could not give back the claim on the request: ${forLog(errorMessage(error))}`);
    }
  };
  let existing: FoundProgress[];
  try {
    existing = await progress.find();
  } catch (error) {
    await release();
    return {
      kind: 'failed',
      message:
        `${describeGitHubError(`Reading the comments of #${progress.issueNumber}`, error, 'issues: read')} ` +
        'They tell a re-run from a new request, so nothing was sent to the service.',
    };
  }
  const own = existing.find((found) => found.triggers.includes(request.key));
  if (taken && !own?.jobId) {
    return {
      kind: 'held',
      message:
        'Another run claimed this request already, and no job is recorded for it yet: a job may exist already ' +
        '(that run may still be creating it, or stopped before it could record it). Not creating a second one. ' +
        'Look for the job on the service, or ask again in a new comment.',
    };
  }
  return { kind: 'go', existing, release };
}

/**
 * The lock on a pull request (lockPull, docs/pull-requests.md "One run at a time"), the same
 * reaction as the claim above: the run that gets 201 holds it and deletes it when done; a holder
 * killed before it let go leaves a reaction taken over once older than any run could be.
 *
 * The one stale constant: a lock older than the longest run (timeout-minutes) and this much more
 * was left by a killed run; a claim on a request's end older than this, on a comment still in
 * flight, by a run or sweep that died before it wrote the end (agent/conversation.ts).
 */
export const STALE_GRACE_MS = 15 * 60_000;

/**
 * `id`: the reaction that holds it (undefined when a run goes on unlocked). `since`: when the holder
 * took it, in the action's own words (GitHub's timestamp is outside text: only its parsed value is used).
 */
export type Lock =
  { held: true; id: number | undefined; release: () => Promise<void> } | { held: false; since: string };

export async function lockPull(issue: IssueThread, staleAfterMs: number, now: () => number): Promise<Lock> {
  const subject = { kind: 'issue', number: issue.issueNumber } as const;
  for (let attempt = 0; attempt < 2; attempt++) {
    let answer;
    try {
      answer = await issue.react(CLAIM_REACTION, subject);
    } catch (error) {
      // A token that may not react (no 'issues: write') is a refusal, not a holder: the run goes on
      // unlocked and says so, as a claim refused does (claimRequest). Anything else is thrown.
      const status = (error as { status?: number }).status;
      if (status !== 403 || isRateLimited(error)) throw error;
      issue.log.warning(
        "GitHub refused the 👀 that lets one run at a time update this pull request's job: going on unlocked, " +
          "so runs that overlap could each send a push. Give the token 'issues: write'.",
      );
      return { held: true, id: undefined, release: async () => {} };
    }
    const { created, id, createdAt } = answer;
    const release = (): Promise<void> => issue.unreact(subject, id);
    if (created) return { held: true, id, release };
    const age = now() - Date.parse(createdAt);
    if (attempt > 0 || !(age > staleAfterMs)) return { held: false, since: heldSince(createdAt) };
    // Older than any run may live: its holder was killed. Taken over, and claimed again atomically.
    await release();
  }
  return { held: false, since: heldSince('') };
}

/** GitHub's `created_at` as "2026-11-21 10:03 UTC", or 'an unknown time' when it is not a time. */
function heldSince(createdAt: string): string {
  const at = Date.parse(createdAt);
  return Number.isNaN(at) ? 'an unknown time' : `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
