// What follow mode writes on GitHub, each write a warning when it fails (the job's work is never
// lost to a comment or a check that could not be written): the head's check, the thread's
// comment, and the in-flight label that leaves an unreported job to the sweep. One exception: the
// comment that records a create before it is sent (`record`) stops the create when it fails.
import { errorMessage } from '../base/errors.ts';
import { findChecks, writeCheck, type CheckView } from '../github/checks.ts';
import { clearInFlight, markInFlight } from '../github/in-flight.ts';
import { describeGitHubError } from '../github/octokit.ts';
import { ProgressComments } from '../github/progress-comment.ts';
import type { PullRequest } from '../github/pull-requests.ts';
import type { Session } from '../service/client.ts';
import type { FollowContext } from './context.ts';
import { goesOnVerdict } from './verdict.ts';
import { renderThread, writeThread, type Thread, type ThreadView } from './thread.ts';

/** The key of a followed pull request in the progress marker's request keys. */
export function followKey(number: number): string {
  return `i${number}`;
}

/** How the summary of a head's check starts while the head waits for a follow-up (held.ts). */
export const QUEUED = 'Queued:';

export function working(summary: string): CheckView {
  return { title: goesOnVerdict(false).line, summary };
}

/** The head's check of this action: the one a run made there before (a re-run picks it up), or a new one. */
export async function check(
  context: FollowContext,
  sha: string,
  view: CheckView,
  known?: number,
): Promise<number | undefined> {
  const { octokit, repository, follow, deps } = context;
  try {
    const key = context.settings.apiKey;
    const existing = known ?? (await findChecks(octokit, repository, sha, follow.checkName, key))[0]?.id;
    const shown = { ...view, detailsUrl: deps.runUrl };
    return await writeCheck(octokit, repository, sha, follow.checkName, shown, key, existing);
  } catch (error) {
    deps.runner.log.warning(
      `Could not write the '${follow.checkName}' check on ${sha.slice(0, 12)} (needs 'checks: write'): ${errorMessage(error)}`,
    );
    return known;
  }
}

/**
 * A pull request refused a job: a neutral check on its head and the refusal reply to its author
 * (reply-on-refusal), `reply` ending the reply's sentence. The caller writes the skip.
 */
export async function refuse(context: FollowContext, pull: PullRequest, view: CheckView, reply: string): Promise<void> {
  await check(context, pull.headSha, { ...view, conclusion: 'neutral' });
  if (context.settings.replyOnRefusal) {
    await ProgressComments.over(context.octokit, context.issue).refuse(pull.author.login, reply);
  }
}

/** Writes the thread's comment; a failure is a warning. */
export async function say(context: FollowContext, thread: Thread, view: ThreadView): Promise<void> {
  try {
    await write(context, thread, view);
  } catch (error) {
    context.deps.runner.log.warning(
      `Could not write the progress comment on #${context.number} (needs 'pull-requests: write'): ${errorMessage(error)}`,
    );
  }
}

/**
 * The comment as the record of a create before it is sent (send-once.ts): unlike `say`, a comment
 * GitHub refuses stops the create, as agent mode's claim does. Without the record, a create whose
 * answer was lost would be sent again by the next push: a second job.
 */
export async function record(context: FollowContext, thread: Thread, view: ThreadView): Promise<void> {
  try {
    await write(context, thread, view);
  } catch (error) {
    // Cut by a cancel: no refusal to report, and sendOnce makes it a cancel before sending.
    if (context.deps.signal.aborted) throw error;
    // The check's title cuts a long line: first the words that matter, and GitHub's whole answer in the log.
    context.deps.runner.log.warning(
      describeGitHubError('Writing the progress comment that records the create', error, 'pull-requests: write'),
    );
    throw new Error(
      "Nothing was sent to the service: the progress comment that records the create could not be written (the token needs 'pull-requests: write'; the warning above has GitHub's answer).",
    );
  }
}

async function write(context: FollowContext, thread: Thread, view: ThreadView): Promise<void> {
  const body = renderThread(thread, { ...view, runUrl: context.deps.runUrl }, context.scope, followKey(context.number));
  thread.commentId = await writeThread(context.issue, thread, body);
  thread.body = body;
}

/**
 * The in-flight label (github/in-flight.ts) on the pull request while a round of its job has not
 * been reported (`on`), off once its end is written. A failure is a warning: without the label the
 * sweep does not find the job, and the next event on the pull request still does.
 */
export async function flagInFlight(context: FollowContext, on: boolean): Promise<void> {
  const { octokit, repository, number, deps } = context;
  try {
    await (on ? markInFlight : clearInFlight)(octokit, repository, number);
  } catch (error) {
    deps.runner.log.warning(
      `Could not ${on ? 'put the in-flight label on' : 'take the in-flight label off'} #${number} ` +
        `(needs 'issues: write'): ${errorMessage(error)}`,
    );
  }
}

/** The job's session (its plan, its message), or undefined when it cannot be read now. */
export async function readSession(context: FollowContext, jobId: string): Promise<Session | undefined> {
  try {
    return await context.deps.client.getSession(jobId, context.deps.timings.serviceRequestMs, context.deps.signal);
  } catch {
    return undefined;
  }
}
