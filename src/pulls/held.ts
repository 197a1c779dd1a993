// Follow mode's work under the pull request's lock (lock.ts): the rounds that bring the job up to
// date with the head, and the close. One run or sweep at a time holds it.
import { readPullRequest } from '../github/pull-requests.ts';
import { reopenClosedDocs, settleClose } from './close.ts';
import type { FollowContext } from './context.ts';
import { followRound, type Round } from './follow.ts';
import { underLock } from './lock.ts';
import { findThread } from './thread.ts';
import { check, flagInFlight, QUEUED } from './write.ts';

/** How many rounds one run plays at most: pushes that keep coming are the next run's or the sweep's. */
const MAX_ROUNDS = 5;

/**
 * Rounds under the pull request's lock until the job knows the head, then lets go and looks once
 * more: a push that came while the lock was held was folded into this run's work by the run that
 * found the lock taken. A close seen on the way is settled under the lock. After MAX_ROUNDS a head
 * still unsent is left in flight (leaveQueued), never dropped.
 */
export async function followWhileHeld(
  context: FollowContext,
  headSha: string,
  codeUrl: string,
): Promise<Round | undefined> {
  const { deps, octokit, repository, number } = context;
  const { log } = deps.runner;
  let last: Round | undefined;
  let rounds = 0;
  let head = headSha;
  while (rounds < MAX_ROUNDS) {
    const held = await underLock(context, async () => {
      if (rounds === 0) await reopenClosedDocs(context, codeUrl);
      // Every round counts, also across letting go and taking the lock again: never an endless run.
      while (rounds < MAX_ROUNDS) {
        rounds++;
        last = await followRound(context);
        if (deps.signal.aborted) return true;
        // Fresh unless the round read it once its work was done.
        const now = last.now ?? (await readPullRequest(octokit, repository, number));
        if (now.state === 'closed') {
          log.info(await settleClose(context));
          return true;
        }
        if (last.stop) return true;
        if (!(await moved(context, now.headSha))) return false;
        head = now.headSha;
        log.info(`The pull request moved on to ${head.slice(0, 12)} meanwhile: sending that too.`);
      }
      return false;
    });
    if (!held.held) {
      if (last) return last;
      log.notice(
        `Another run is bringing the docs of #${number} up to date (since ${held.since}): this push is folded into its next follow-up.`,
      );
      await check(context, headSha, {
        title: 'queued: folded into the next follow-up',
        summary: `${QUEUED} another run holds the job of this pull request; it sends this head when its current round ends.`,
      });
      // Should the holder stop first (killed, or out of rounds), the sweep finds this head.
      await flagInFlight(context, true);
      return undefined;
    }
    if (held.value) return last;
    // Fresh after letting go: a push or a close that came while the lock was held.
    const after = await readPullRequest(octokit, repository, number);
    // A close that came while the lock was held: its own run found the lock taken and left it here.
    if (after.state === 'closed') {
      const settled = await underLock(context, () => settleClose(context));
      if (settled.held) log.info(settled.value);
      return last;
    }
    if (!(await moved(context, after.headSha))) return last;
    head = after.headSha;
  }
  await leaveQueued(context, head);
  return last;
}

/** Whether the head is one the job was not told about. */
async function moved(context: FollowContext, head: string): Promise<boolean> {
  const thread = await findThread(context.issue);
  return !!thread.jobId && thread.state.head !== head;
}

/**
 * This run played its rounds and the pull request moved on again: its head stays in flight (the
 * label on), for the sweep to send (finisher.ts) or the next event on the pull request.
 */
async function leaveQueued(context: FollowContext, head: string): Promise<void> {
  context.deps.runner.log.notice(
    `This run sent ${MAX_ROUNDS} rounds; ${head.slice(0, 12)} is left to the sweep or the next event.`,
  );
  await check(context, head, {
    title: 'queued: left to the next follow-up',
    summary:
      `${QUEUED} the run before sent ${MAX_ROUNDS} rounds, its most. The sweep (\`mode: sweep\`) or the next event on ` +
      'this pull request sends this head.',
  });
  await flagInFlight(context, true);
}
