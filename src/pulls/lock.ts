import { isRateLimited } from '../github/rate-limit.ts';
import { errorMessage } from '../base/errors.ts';
import type { IssueThread } from '../github/thread.ts';
import type { FollowContext } from './context.ts';

/**
 * One run at a time brings a pull request's job up to date. GitHub's one atomic primitive is the
 * reaction (claim.ts, through the issue thread's `react`): the first POST of a reaction answers 201, every later one of the same token
 * 200. The run that gets 201 holds the pull request (👀 on it while it works) and deletes the
 * reaction when it is done; a run that gets 200 folds its push into the holder's next follow-up:
 * the holder reads the head again after each job round and after letting go, so no push is left
 * unsent. A holder killed before it let go (no run outlives its timeout) leaves a reaction that is
 * taken over once it is older than the longest run could be.
 */
export const LOCK_REACTION = 'eyes' as const;

/** A lock older than the longest run (timeout-minutes) and this much more was left by a killed run. */
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
      answer = await issue.react(LOCK_REACTION, subject);
    } catch (error) {
      // A token that may not react (no 'issues: write') is a refusal, not a holder: the run goes on
      // unlocked and says so, as a claim refused does (claim.ts). Anything else is thrown.
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

/** `work` done holding the pull request's 👀 (recorded for the post step), or who holds it since when. */
export async function underLock<T>(
  context: FollowContext,
  work: () => Promise<T>,
): Promise<{ held: true; value: T } | { held: false; since: string }> {
  const { deps, settings, number } = context;
  const { log } = deps.runner;
  const lock = await lockPull(context.issue, settings.timeoutMs + STALE_GRACE_MS, () => deps.clock.now());
  if (!lock.held) return lock;
  // Recorded for the post step, which lets go of it should this run be killed holding it.
  if (lock.id !== undefined) deps.record.saveLock({ issueNumber: number, reactionId: lock.id });
  try {
    return { held: true, value: await work() };
  } finally {
    await lock
      .release()
      .then(() => deps.record.saveLock(undefined))
      .catch((error: unknown) => log.warning(`Could not let go of the pull request's 👀: ${errorMessage(error)}`));
  }
}
