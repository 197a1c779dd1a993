import * as core from '@actions/core';
import { Output, State } from './constants.ts';
import { errorMessage } from './errors.ts';
import type { Dependencies } from './main.ts';
import type { Outcome } from './outcome.ts';
import type { ProgressComments } from './progress-comment.ts';
import type { ProgressView } from './progress-view.ts';
import { saveProgressState, type Conversation } from './run-job.ts';
import { writeSummary } from './summary.ts';

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
}
