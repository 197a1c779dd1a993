// Follow mode's two touches of the docs pull request backlog (step/backlog.ts): the limit before a
// pull request's first job, and the mark on the docs pull request its job opened. Kept apart from
// run.ts and follow.ts.
import { SKIPPED_STATUS } from '../base/constants.ts';
import type { PullRequest } from '../github/pull-requests.ts';
import { backlogFull, markDocsPull } from '../step/backlog.ts';
import type { BacklogSettings } from '../step/backlog-inputs.ts';
import { forOutput } from '../text/text-gate.ts';
import type { FollowContext } from './context.ts';
import type { JobFacts } from '../github/docs-pr-trust.ts';
import { docsAccess, type Vetted } from './docs-pull.ts';
import { findThread } from './thread.ts';
import { refuse } from './write.ts';

/**
 * With `max-open-docs-prs`, a pull request without a job yet (its follow-ups are never held back)
 * gets none at the limit: a neutral check on its head, the refusal reply (reply-on-refusal), a
 * skip with a notice; the step stays green. Returns whether it was refused.
 */
export async function refusedOverBacklog(
  context: FollowContext,
  backlog: BacklogSettings,
  pull: PullRequest,
): Promise<boolean> {
  if (!backlog.maxOpenDocsPrs) return false;
  if ((await findThread(context.issue)).jobId) return false;
  const full = await backlogFull(docsAccess(context), backlog);
  if (!full) return false;
  const { deps } = context;
  const title = `skipped: the docs pull requests are at max-open-docs-prs (${full.limit})`;
  const summary = `Not started: ${full.reason}. A push or a \`/docs\` comment asks again.`;
  await refuse(context, pull, { title, summary }, full.reason);
  deps.record.writeOutputs({ status: SKIPPED_STATUS, message: forOutput(`skipped: ${full.reason}`) });
  deps.runner.log.notice(`Not started: ${full.reason}.`);
  return true;
}

/** The docs pull request the pull request's job opened is marked as this action's, for it. */
export async function markFollowedDocs(
  context: FollowContext,
  link: string,
  job: JobFacts & { id: string },
  read?: Vetted['docs'],
): Promise<void> {
  await markDocsPull(docsAccess(context), link, { number: context.number, pull: true, jobId: job.id }, job, read);
}
