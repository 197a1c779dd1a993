// Follow mode's hold on a pull request: the one lock of a request (github/claim.ts, `lockPull`),
// taken for the work in `underLock` and recorded for the post step, which lets go of it.
import { errorMessage } from '../base/errors.ts';
import { lockPull, STALE_GRACE_MS } from '../github/claim.ts';
import type { FollowContext } from './context.ts';

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
