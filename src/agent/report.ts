import { CANCELLED_STATUS, DRY_RUN_STATUS, ERROR_STATUS, SKIPPED_STATUS } from '../base/constants.ts';
import { errorMessage } from '../base/errors.ts';
import type { Dependencies, NoWork } from '../step/deps.ts';
import { notificationText } from './notify.ts';
import type { Outcome } from './outcome.ts';
import type { ProgressComments } from '../github/progress-comment.ts';
import { progressView, type Conversation } from '../step/conversation.ts';
import type { Runner } from '../step/runner.ts';
import type { StepRecord } from '../step/state.ts';
import { writeSummary } from './summary.ts';
import { forOutput } from '../text/text-gate.ts';
import { isTerminal } from '../service/wait.ts';

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
  const { log } = deps.runner;
  const { messageToUser, title } = outcome.session ?? {};
  deps.record.writeOutputs({
    status: outcome.status,
    jobId: outcome.job?.id,
    prLink: outcome.job ? outcome.prLink : undefined,
    prNumber: outcome.job?.prNumber,
    // The agent's final message: a job still running has said nothing final yet.
    message: messageToUser && outcome.job && isTerminal(outcome.job.status) ? forOutput(messageToUser) : undefined,
    title: title && outcome.job ? forOutput(title) : undefined,
  });
  if (outcome.warning) log.warning(outcome.message);
  else if (outcome.kind === 'no-change') log.notice(outcome.message);
  else if (outcome.ok) log.info(outcome.message);

  await writeSummary(deps.runner.summary(), outcome, context.elapsedMs).catch((error: unknown) => {
    log.warning(`Could not write the job summary: ${errorMessage(error)}`);
  });

  if (!progress) return;
  const view = progressView(conversation, outcome.job?.id ?? '', deps.runUrl, {
    state: outcome.kind,
    prLink: outcome.prLink,
    detail: commentDetail(outcome),
    title: outcome.session?.title,
    steps: outcome.session?.todos,
    // A failed or archived job's message is in `detail` already.
    message:
      outcome.kind === 'pull-request' || outcome.kind === 'no-change' ? outcome.session?.messageToUser : undefined,
    elapsedMs: context.elapsedMs,
  });
  // Saved before the update: should it fail or hang, the post step writes this outcome, not "cancelled".
  deps.record.saveProgress(progress.issueNumber, conversation);
  deps.record.saveFinalView(view);
  try {
    conversation.commentId = await progress.writeOrThrow(view, conversation.commentId);
    deps.record.saveComment(conversation.commentId);
    deps.record.markFinished();
  } catch (error) {
    log.warning(
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

/**
 * What the comment's headline is followed by. A failed or archived job's headline says what
 * happened; only the agent's reason follows ("archived" is not said twice). Other failures and
 * warnings follow with the message, in its public form.
 */
function commentDetail(outcome: Outcome): string | undefined {
  if (outcome.kind === 'failed' || outcome.kind === 'archived') return outcome.reason;
  return outcome.ok && !outcome.warning ? undefined : (outcome.publicMessage ?? outcome.message);
}

/** A run that did no work: its status, and the reason as a notice. */
export function reportNoWork(result: NoWork, deps: Pick<Dependencies, 'runner' | 'record'>): void {
  deps.record.writeOutputs({ status: result.kind === 'skipped' ? SKIPPED_STATUS : DRY_RUN_STATUS });
  deps.runner.log.notice(result.message);
}

/**
 * A run that ended in an error before or around the job (a wrong input, a missing secret, GitHub
 * refusing), or a cancel that ended a GitHub call before any job was asked for: `status` is set on
 * every exit, and the step fails.
 */
export function reportFailure(
  message: string,
  cancelled: boolean,
  step: { runner: Pick<Runner, 'setFailed'>; record: StepRecord },
): void {
  step.record.writeOutputs({ status: cancelled ? CANCELLED_STATUS : ERROR_STATUS });
  step.runner.setFailed(message);
}
