import * as core from '@actions/core';
import { Output, State } from './constants.ts';
import { errorMessage } from './errors.ts';
import type { Dependencies } from './main.ts';
import { notificationText, pullRequestNumber } from './notify.ts';
import type { Outcome } from './outcome.ts';
import type { ProgressComments } from './progress-comment.ts';
import type { ProgressView } from './progress-view.ts';
import { saveProgressState, type Conversation } from './run-job.ts';
import { writeSummary } from './summary.ts';
import { forOutput } from './text-gate.ts';
import { isTerminal } from './wait.ts';

/** Outputs, the log, the job summary and the final progress comment: every place an outcome goes. */
export async function reportOutcome(
  outcome: Outcome,
  context: {
    progress: ProgressComments | undefined;
    conversation: Conversation;
    deps: Dependencies;
    elapsedMs: number;
  },
): Promise<void> {
  const { progress, conversation, deps } = context;
  core.setOutput(Output.Status, outcome.status);
  if (outcome.job) {
    core.setOutput(Output.JobId, outcome.job.id);
    core.setOutput(Output.PrLink, outcome.prLink);
    const prNumber = pullRequestNumber(outcome.prLink);
    if (prNumber) core.setOutput(Output.PrNumber, prNumber);
    const { messageToUser, title } = outcome.session ?? {};
    // The agent's final message: a job still running has said nothing final yet.
    if (messageToUser && isTerminal(outcome.job.status)) core.setOutput(Output.Message, forOutput(messageToUser));
    if (title) core.setOutput(Output.Title, forOutput(title));
  }
  if (outcome.warning) deps.log.warning(outcome.message);
  else if (outcome.kind === 'no-change') deps.log.notice(outcome.message);
  else if (outcome.ok) deps.log.info(outcome.message);

  await writeSummary(outcome, context.elapsedMs).catch((error: unknown) => {
    deps.log.warning(`Could not write the job summary: ${errorMessage(error)}`);
  });

  if (!progress) return;
  const view: ProgressView = {
    state: outcome.kind,
    jobId: outcome.job?.id ?? '',
    triggers: conversation.triggers,
    startedAt: conversation.startedAt,
    runUrl: deps.runUrl,
    prLink: outcome.prLink,
    detail: outcome.ok && !outcome.warning ? undefined : (outcome.publicMessage ?? outcome.message),
    title: outcome.session?.title,
    steps: outcome.session?.todos,
    // A failed or archived job's message is in `detail` already.
    message:
      outcome.kind === 'pull-request' || outcome.kind === 'no-change' ? outcome.session?.messageToUser : undefined,
    elapsedMs: context.elapsedMs,
  };
  // Saved before the update: should it fail or hang, the post step writes this outcome, not "cancelled".
  saveProgressState(progress.issueNumber, conversation);
  core.saveState(State.FinalView, JSON.stringify(view));
  try {
    conversation.commentId = await progress.writeOrThrow(view, conversation.commentId);
    core.saveState(State.CommentId, String(conversation.commentId));
    core.saveState(State.Finished, 'true');
  } catch (error) {
    deps.log.warning(
      `Could not write the final progress comment on #${progress.issueNumber}: ${errorMessage(error)}. ` +
        'The post step tries again.',
    );
  }
  // A run the workflow started (schedule, dispatch) reports on a tracking issue that asked for nothing.
  if (!conversation.react) return;
  const reaction =
    outcome.kind === 'pull-request'
      ? 'rocket'
      : ['failed', 'archived', 'error'].includes(outcome.kind)
        ? 'confused'
        : undefined;
  if (reaction) await progress.react(reaction, conversation.requestCommentId);
  const notice = conversation.notify && notificationText(outcome);
  if (conversation.notify && notice) await progress.notify(conversation.notify.login, conversation.notify.key, notice);
}
