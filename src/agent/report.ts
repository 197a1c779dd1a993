import { errorMessage } from '../base/errors.ts';
import type { Dependencies } from '../step/deps.ts';
import { forOutput } from '../text/text-gate.ts';
import { isTerminal } from '../service/wait.ts';
import type { Conversation } from './conversation.ts';
import type { RunResult } from '../outcome/outcome.ts';
import { OUTCOMES } from '../outcome/table.ts';
import { isOutcome, statusOf } from '../outcome/words.ts';
import { writeSummary } from './summary.ts';

/**
 * Every place a run's result goes, each in the words of its row (outcome/table.ts): the outputs, the
 * log line, the job summary and the conversation's final word. A run that did no work has only
 * the first two. A failing row's message is the step's error, which agent/mode.ts sets.
 */
export async function reportOutcome(
  result: RunResult,
  context: {
    conversation?: Conversation | undefined;
    deps: Pick<Dependencies, 'runner' | 'record'>;
    elapsedMs: number;
  },
): Promise<void> {
  const { deps } = context;
  const { log } = deps.runner;
  if (!isOutcome(result)) {
    deps.record.writeOutputs({ status: statusOf(result) });
    log[OUTCOMES[result.kind].log()](result.message);
    return;
  }
  const outcome = result;
  const row = OUTCOMES[outcome.kind];
  const { messageToUser, title } = outcome.session ?? {};
  deps.record.writeOutputs({
    status: row.status(outcome),
    jobId: outcome.job?.id,
    prLink: outcome.job ? outcome.prLink : undefined,
    prNumber: outcome.job?.prNumber,
    // The agent's final message: a job still running has said nothing final yet.
    message: messageToUser && outcome.job && isTerminal(outcome.job.status) ? forOutput(messageToUser) : undefined,
    title: title && outcome.job ? forOutput(title) : undefined,
  });
  const level = row.log(outcome);
  if (level) log[level](outcome.message);

  await writeSummary(deps.runner.summary(), outcome, context.elapsedMs).catch((error: unknown) => {
    log.warning(`Could not write the job summary: ${errorMessage(error)}`);
  });
  await context.conversation?.finish(outcome, context.elapsedMs);
}
