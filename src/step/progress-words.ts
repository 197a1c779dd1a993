import type { ProgressView } from '../github/progress-view.ts';
import { cancelledBeforeJob, errorOutcome } from '../outcome/decide.ts';
import { OUTCOME_KINDS, type Outcome, type OutcomeKind } from '../outcome/outcome.ts';
import { OUTCOMES } from '../outcome/table.ts';
import { goesOn, keepsOpen, statusOf, workingHeadline } from '../outcome/words.ts';
import { forMarkdown } from '../text/text-gate.ts';
import type { Runner } from './runner.ts';
import type { ProgressFacts, StepRecord } from './state.ts';

/**
 * What the progress comment shows for `facts`: every version of it (working, each plan, the final
 * word, the post step's) is put into words here, from the table of outcomes. Undefined for a
 * state that is no row (a saved view the post step cannot vouch for).
 */
export function progressWords(facts: ProgressFacts, runUrl: string | undefined): ProgressView | undefined {
  const { state, jobId, triggers, title, steps, message, elapsedMs } = facts;
  const agent = { title, steps, message, elapsedMs, runUrl };
  // The marker's `open`: only while the job goes on, so the sweep finds the request in flight.
  const open = keepsOpen(state, jobId) && facts.open !== undefined ? { open: facts.open } : {};
  const end = { requester: facts.open, sweep: facts.sweep === true, jobId };
  if (state === 'working') {
    const detached = facts.detached === true ? { ...end, rerunWaits: false } : undefined;
    return { jobId, triggers, ...open, ...agent, working: true, headline: workingHeadline(facts.startedAt, detached) };
  }
  if (!(OUTCOME_KINDS as readonly string[]).includes(state)) return undefined;
  const row = OUTCOMES[state as OutcomeKind];
  const detail = facts.detail ? ` ${forMarkdown(facts.detail)}` : '';
  const said = { detail, prLink: facts.prLink ?? '', jobId };
  const headline = row.headline({
    ...said,
    goesOn: row.continues ? goesOn({ ...end, rerunWaits: state !== 'started' }) : '',
  });
  return { jobId, triggers, ...open, ...agent, working: false, headline };
}

/** The final word's facts for `outcome`, from its row: what the comment says after the headline. */
export function finalFacts(
  outcome: Outcome,
  thread: Pick<ProgressFacts, 'triggers' | 'startedAt' | 'open' | 'sweep'>,
  elapsedMs: number,
): ProgressFacts {
  const row = OUTCOMES[outcome.kind];
  return {
    state: outcome.kind,
    jobId: outcome.job?.id ?? '',
    triggers: thread.triggers,
    startedAt: thread.startedAt,
    open: thread.open,
    ...(thread.sweep ? { sweep: true } : {}),
    prLink: outcome.prLink,
    detail: row.detail(outcome),
    title: outcome.session?.title,
    steps: outcome.session?.todos,
    message: row.agentMessage ? outcome.session?.messageToUser : undefined,
    elapsedMs,
  };
}

/**
 * A run that ended in an error before or around the job (a wrong input, a missing secret, GitHub
 * refusing), or a cancel that ended a GitHub call before any job was asked for: `status` is set on
 * every exit, from its row, and the step fails.
 */
export function reportFailure(
  message: string,
  cancelled: boolean,
  step: { runner: Pick<Runner, 'setFailed'>; record: StepRecord },
): void {
  const outcome = cancelled ? cancelledBeforeJob(false) : errorOutcome(message, undefined);
  step.record.writeOutputs({ status: statusOf(outcome) });
  step.runner.setFailed(message);
}
