// The code pull request's close and reopen, as they touch its docs pull request. Each is judged on
// the pull request's state read under its lock (lock.ts), never on the event's: a `closed` run
// that executes after a reopen leaves the docs open, and a close during a round is settled by the
// run that holds the lock.
import { SKIPPED_STATUS } from '../base/constants.ts';
import { readPullRequest } from '../github/pull-requests.ts';
import { missingApiKey, type InputProblems } from '../step/inputs.ts';
import { forMarkdown, forOutput } from '../text/text-gate.ts';
import type { FollowContext } from './context.ts';
import { reopenDocs, vetFollowedJob } from './docs-pull.ts';
import { settleOrWait } from './release-wait.ts';
import { underLock } from './lock.ts';
import { findThread } from './thread.ts';
import { say } from './write.ts';

/** A `closed` event: the docs pull request settled once, under the lock, by the state read there. */
export async function closeFollowed(context: FollowContext, problems: InputProblems): Promise<void> {
  const { deps, number } = context;
  const { runner, record } = deps;
  const found = await findThread(context.issue);
  // A create under way (its record written, its job not yet) is settled by the run that holds the lock.
  if (!found.jobId && !found.state.head) {
    record.writeOutputs({ status: SKIPPED_STATUS });
    runner.log.notice(`Nothing to do: pull request #${number} has no docs job.`);
    return;
  }
  problems.throwIfAny();
  if (!context.settings.apiKey) throw missingApiKey();
  const held = await underLock(context, () => settleClose(context));
  const line = held.held
    ? held.value
    : `Another run holds #${number} (since ${held.since}): it settles the docs when its round ends.`;
  const thread = await findThread(context.issue);
  record.writeOutputs({ status: SKIPPED_STATUS, jobId: thread.jobId || undefined, message: forOutput(line) });
  runner.log.notice(line);
}

/**
 * Under the lock: when the pull request is closed now, its docs pull request is closed (or, merged,
 * marked ready) once, and the thread says so. Returns what was done, in one line.
 */
export async function settleClose(context: FollowContext): Promise<string> {
  const { deps, octokit, repository, number } = context;
  // Fresh under the lock: a close is judged on the state there, never on the event's (issue 34).
  const pull = await readPullRequest(octokit, repository, number);
  if (pull.state !== 'closed') return `Pull request #${number} is open again: its docs pull request stays as it is.`;
  const thread = await findThread(context.issue);
  if (!thread.jobId) return `Nothing to do: pull request #${number} has no docs job.`;
  if (thread.state.closed) return `The docs of #${number} were settled already (${thread.state.closed}).`;
  // The one check first: a link it refuses is never named as the docs pull request (docs-pull.ts).
  const vetted = await vetFollowedJob(context, await deps.client.getJob(thread.jobId, deps.signal));
  const { merged } = pull;
  const { job } = vetted;
  const settled = job.prLink
    ? await settleOrWait(context, job.prLink, vetted, thread.state.drafted, pull)
    : { done: true, line: noDocsPull(job, 'The job opened no docs pull request: nothing to close.') };
  if (settled.done) thread.state = { ...thread.state, closed: merged ? 'merged' : 'closed' };
  const link = job.prLink ? ` <${job.prLink}>` : '';
  await say(context, thread, {
    headline: `${merged ? '🔀' : '🚫'} **Docs:** ${merged ? 'the code merged' : 'the code pull request was closed'}.${link}`,
    lines: [forMarkdown(settled.line, 600)],
  });
  return settled.line;
}

/**
 * A pull request followed again after this action closed its docs pull request (the code was
 * closed unmerged, then reopened): the docs pull request is reopened first, and the thread's record
 * says it is open again, so a later close settles it once more.
 */
export async function reopenClosedDocs(context: FollowContext, codeUrl: string): Promise<void> {
  const thread = await findThread(context.issue);
  if (!thread.jobId || thread.state.closed !== 'closed') return;
  const { deps } = context;
  // The one check first: a link it refuses is never named as the docs pull request (docs-pull.ts).
  const vetted = await vetFollowedJob(context, await deps.client.getJob(thread.jobId, deps.signal));
  const { job } = vetted;
  const reopened = job.prLink
    ? await reopenDocs(context, job.prLink, vetted, codeUrl)
    : { done: true, line: noDocsPull(job, 'The code pull request was reopened.') };
  if (reopened.done) thread.state = { ...thread.state, closed: '' };
  const link = job.prLink ? ` <${job.prLink}>` : '';
  await say(context, thread, {
    headline: `🔁 **Docs:** the code pull request was reopened.${link}`,
    lines: [forMarkdown(reopened.line, 600)],
  });
  deps.runner.log.info(reopened.line);
}

/** The thread's line for a job with no docs pull request to name: `plain`, or why the link it reported was not used. */
function noDocsPull(job: { rejectedPrLink?: string; prLinkProblem?: string }, plain: string): string {
  if (!job.rejectedPrLink) return plain;
  return `The link the job reported ${job.prLinkProblem ?? 'is not one this action can vouch for'}, so nothing was done to it.`;
}
