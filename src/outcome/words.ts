import { OUTCOME_KINDS, type Outcome, type OutcomeKind, type RunResult } from './outcome.ts';
import { OUTCOMES } from './table.ts';

/**
 * What the rows (table.ts) are read through, and the words around them that are no outcome: the
 * "working" headline of a job under way, and what a word the job outlives says about its end.
 */

export function isOutcome(result: RunResult): result is Outcome {
  return (OUTCOME_KINDS as readonly string[]).includes(result.kind);
}

/** Whether the step succeeds after `result`; when not, its message is the step's error. */
export function succeeds(result: RunResult): boolean {
  return OUTCOMES[result.kind].ok;
}

/** The `status` output of any run. */
export function statusOf(result: RunResult): string {
  return isOutcome(result) ? OUTCOMES[result.kind].status(result) : OUTCOMES[result.kind].status();
}

/** The notification for the requester; undefined when the row tells nobody. */
export function notificationText(outcome: Outcome): string | undefined {
  return OUTCOMES[outcome.kind].notify?.(outcome);
}

/** "Working": the hourglass, which no outcome uses (a run that stopped waiting says ⏱️). */
export const WORKING_SYMBOL = '⏳';
const WORKING = `${WORKING_SYMBOL} **Updating the documentation.**`;
/** In every headline of a request no run waits for, old comments' included: how the sweep tells them. */
const DETACHED = 'no run waits for it';
/** A GitHub login as GitHub allows it: letters, digits and hyphens, at most 39. */
export const GITHUB_LOGIN = /^[A-Za-z0-9-]{1,39}$/;

/** Who may be told, and how the end of a job no run waits for is reported. */
export interface GoesOn {
  /** The requester's login ('' or undefined: nobody is mentioned). */
  requester: string | undefined;
  /** A sweep (`mode: sweep`) of this repository reports the ends (the `sweep-reports` input, or a sweep's own word). */
  sweep: boolean;
  jobId: string;
  /** A re-run of this workflow run would wait for the job again (it waited: it timed out or was cancelled). */
  rerunWaits: boolean;
}

/**
 * What a word the job outlives says after its headline: the requester mentioned once, that the job
 * goes on, and what will report its end. The only mention in the comment: the log, the summary
 * and the outputs name nobody.
 */
export function goesOn({ requester, sweep, jobId, rerunWaits }: GoesOn): string {
  const mention = requester && GITHUB_LOGIN.test(requester) ? `, @${requester}` : '';
  const id = jobId.replace(/[^A-Za-z0-9_.-]/g, '');
  const end = sweep
    ? 'A sweep of this repository (`mode: sweep`) writes its end here.'
    : rerunWaits
      ? 'Re-run this workflow run to wait for its end here.'
      : `No sweep of this repository writes its end here: follow it with \`docs-agent status ${id} --wait\`.`;
  return `${mention}: the job continues on the service. ${end}`;
}

/**
 * The headline while the agent works: not an outcome, the comment's first version. A request no
 * run waits for (`wait: false`) says what reports its end, to its requester (`goesOn`).
 */
export function workingHeadline(startedAt: string, detached: GoesOn | undefined): string {
  const since = `${startedAt.slice(0, 16).replace('T', ' ')} UTC`;
  const when = detached ? `${DETACHED} (\`wait: false\`)${goesOn(detached)}` : 'this comment changes when it is done.';
  return `${WORKING} The agent has been working since ${since}; ${when}`;
}

/**
 * Whether a progress comment's body says "working" for a run that waits: that run shows the plan
 * itself, and the sweep leaves the comment alone until the job ends.
 */
export function waitedFor(body: string): boolean {
  const headline = body.split('\n')[1] ?? '';
  return headline.startsWith(WORKING) && !headline.includes(DETACHED);
}

/** Whether a state leaves the job running: its comment's marker keeps `open` (marker.ts). */
export function keepsOpen(state: string, jobId: string): boolean {
  if (!jobId) return false;
  if (state === 'working') return true;
  return (OUTCOME_KINDS as readonly string[]).includes(state) && OUTCOMES[state as OutcomeKind].continues === true;
}

/** The sweep's words for what it did with an item (sweep/summary.ts), in the rows' symbols. */
export const SWEEP_RESULTS = {
  finished: `${OUTCOMES['pull-request'].symbol} finished`,
  active: `${WORKING_SYMBOL} still active`,
  done: `${OUTCOMES['no-change'].symbol} done already`,
  error: `${OUTCOMES.error.symbol} error`,
} as const;
