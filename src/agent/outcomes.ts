import { DRY_RUN_STATUS, ERROR_STATUS, SKIPPED_STATUS } from '../base/constants.ts';
import { formatDuration } from '../base/format.ts';
import type { ProgressView } from '../github/progress-view.ts';
import type { ProgressFacts } from '../step/state.ts';
import { forMarkdown } from '../text/text-gate.ts';
import {
  OUTCOME_KINDS,
  type NoWork,
  type Outcome,
  type OutcomeFacts,
  type OutcomeKind,
  type ResultKind,
  type RunResult,
} from './outcome.ts';

/**
 * THE table of outcomes: every word a run of agent mode says about how it ended is written from
 * its kind's row here, and nowhere else. The message, the `status` output, the log line, the job summary's
 * heading, the progress comment's headline, the requester's notification and the reaction on the
 * request each read the row. A new kind is one row (CONTRIBUTING.md, "Adding an outcome").
 */

/** How the log shows the outcome's message; none: the step fails, and main.ts makes it its error. */
export type LogLevel = 'info' | 'notice' | 'warning' | undefined;

/** What the progress comment's headline may say; `detail` is inert already (forMarkdown), ' '-led or ''. */
export interface Said {
  detail: string;
  prLink: string;
  jobId: string;
}

/** The row of a run that had work to do. */
export interface JobRow {
  /** The outcome's one line, for the log, the summary and a failed step's error (decide-outcome.ts fills it in). */
  message: (facts: OutcomeFacts) => string;
  /** The `status` output. */
  status: (outcome: Outcome) => string;
  /** Whether the step succeeds. */
  ok: boolean;
  /** The level of the log line (the outcome's message). */
  log: (outcome: Outcome) => LogLevel;
  /** The job summary's heading. */
  summary: string;
  /** The progress comment's first line. */
  headline: (said: Said) => string;
  /** What follows the headline, from the outcome; undefined: nothing. */
  detail: (outcome: Outcome) => string | undefined;
  /** Whether the comment closes with the agent's own message. */
  agentMessage: boolean;
  /** The notification after the mention; absent: the requester is not told (nothing new to tell). */
  notify?: (outcome: Outcome) => string;
  /**
   * The reaction on the request's comment. It is also the claim on the notification (conversation.ts
   * `finish`): GitHub keeps one reaction per user and content, so only the run or sweep that added
   * it (HTTP 201) notifies.
   */
  reaction?: 'rocket' | 'confused' | '+1';
  /**
   * The job goes on after this word (the run stopped waiting, was cancelled, or did not wait): the
   * request stays in flight, its marker keeps `open` and the in-flight label stays on, for the sweep.
   */
  continues?: true;
}

/** The row of a run that did no work: it says so in `status` and a notice, and nowhere else. */
export interface NoWorkRow {
  status: () => string;
  ok: true;
  log: () => 'notice';
}

export type Rows = { [K in ResultKind]: K extends NoWork['kind'] ? NoWorkRow : JobRow };

/** The job's status as the run knows it (outcome.ts). */
const jobStatus = (outcome: Outcome): string => outcome.jobStatus;
/** A failure and a warning say what happened in the message's public form. */
const publicMessage = (outcome: Outcome): string => outcome.publicMessage ?? outcome.message;
const FAILS = { ok: false, log: () => undefined, agentMessage: false } as const;
const id = (facts: OutcomeFacts): string => facts.job?.id ?? '';
/** A failed or archived job's message ends with the agent's reason, when it gave one. */
const because = (facts: OutcomeFacts): string => (facts.reason ? `: ${facts.reason}` : '.');

export const OUTCOMES: Rows = {
  'pull-request': {
    message: (facts) => `Job ${id(facts)} opened a pull request: ${facts.prLink}`,
    status: jobStatus,
    ok: true,
    log: () => 'info',
    summary: 'The documentation agent opened a pull request',
    headline: ({ prLink }) => `✅ **Documentation pull request ready:** <${prLink}>`,
    detail: () => undefined,
    agentMessage: true,
    notify: (outcome) => `the docs pull request is ready: ${outcome.prLink}`,
    reaction: 'rocket',
  },
  'no-change': {
    message: (facts) =>
      facts.refusedLink
        ? `Job ${id(facts)} completed, but the pull request link it reported ${facts.refusedLink.problem}, ` +
          `so it was not used${facts.refusedLink.link ? `: ${facts.refusedLink.link}` : '.'}`
        : `Job ${id(facts)} completed without opening a pull request: no files needed to change, ` +
          `or the service committed directly to the deploy branch.`,
    status: jobStatus,
    ok: true,
    // A completed job whose link was refused is a warning, never a silent no-change.
    log: (outcome) => (outcome.refusedLink ? 'warning' : 'notice'),
    summary: 'The documentation agent finished without a pull request',
    headline: ({ detail }) =>
      detail
        ? `⚠️ **Done, but without a pull request link this action can vouch for.**${detail}`
        : '☑️ **Done, without a pull request:** no files needed to change, or the service committed directly to the deploy branch.',
    detail: (outcome) => (outcome.refusedLink ? publicMessage(outcome) : undefined),
    agentMessage: true,
    notify: () => 'the documentation agent finished without a pull request; the progress comment above says more.',
    reaction: '+1',
  },
  failed: {
    ...FAILS,
    message: (facts) => `Job ${id(facts)} failed${because(facts)}`,
    status: jobStatus,
    summary: 'The documentation agent job failed',
    headline: ({ detail }) => `❌ **The documentation update failed.**${detail}`,
    // The headline says what happened; only the agent's reason follows, so the comment says it once.
    detail: (outcome) => outcome.reason,
    notify: () => 'the documentation update failed; the progress comment above says why.',
    reaction: 'confused',
  },
  archived: {
    ...FAILS,
    message: (facts) => `Job ${id(facts)} was archived before it finished${because(facts)}`,
    status: jobStatus,
    summary: 'The documentation agent job was archived',
    headline: ({ detail }) => `❌ **The job was archived before it finished.**${detail}`,
    detail: (outcome) => outcome.reason,
    notify: () => 'the documentation job was archived before it finished; the progress comment above says more.',
    reaction: 'confused',
  },
  'timed-out': {
    ...FAILS,
    message: (facts) =>
      `Stopped waiting after ${formatDuration(facts.elapsedMs ?? 0)} (timeout-minutes); ` +
      `job ${id(facts)} is still ${facts.jobStatus} and continues on the service.`,
    status: jobStatus,
    summary: 'Stopped waiting for the documentation agent',
    headline: () => `⌛ **Stopped waiting** (timeout-minutes). The job continues on the service.`,
    detail: publicMessage,
    continues: true,
  },
  cancelled: {
    ...FAILS,
    message: (facts) => {
      if (facts.job) return `The run was cancelled; job ${facts.job.id} continues on the service.`;
      return facts.mayExist
        ? 'The run was cancelled while the job was being created: a job may exist on the service. ' +
            'Look for it before you ask again.'
        : 'The run was cancelled before a job was created: nothing was sent to the service.';
    },
    status: jobStatus,
    summary: 'Cancelled while the documentation agent worked',
    headline: ({ jobId, detail }) =>
      jobId
        ? '⏹️ **Cancelled:** the workflow run stopped; the job continues on the service.'
        : `⏹️ **Cancelled:** the workflow run stopped.${detail}`,
    detail: publicMessage,
    continues: true,
  },
  started: {
    message: (facts) => `Job ${id(facts)} is ${facts.jobStatus}; not waiting for it (wait: false).`,
    status: jobStatus,
    ok: true,
    log: () => 'info',
    summary: 'The documentation agent job was started',
    headline: () =>
      '🚀 **The documentation agent started.** This run does not wait for it (`wait: false`); the job continues on the service.',
    detail: () => undefined,
    agentMessage: false,
    continues: true,
  },
  error: {
    ...FAILS,
    message: (facts) => facts.error ?? '',
    status: () => ERROR_STATUS,
    summary: 'The documentation agent could not be run',
    headline: ({ detail }) => `❌ **The documentation agent could not be run.**${detail}`,
    detail: publicMessage,
    reaction: 'confused',
  },
  skipped: { status: () => SKIPPED_STATUS, ok: true, log: () => 'notice' },
  'dry-run': { status: () => DRY_RUN_STATUS, ok: true, log: () => 'notice' },
};

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

const WORKING = '⏳ **Updating the documentation.**';
const DETACHED = 'no run waits for it: a sweep of this repository reports the end';

/**
 * The headline while the agent works: not an outcome, the comment's first version. A request no
 * run waits for (`wait: false`) says who reports its end.
 */
function workingHeadline(startedAt: string, detached: boolean): string {
  const since = `${startedAt.slice(0, 16).replace('T', ' ')} UTC`;
  const when = detached
    ? `this comment changes when it is done (${DETACHED}).`
    : 'this comment changes when it is done.';
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

/**
 * What the progress comment shows for `facts`: every version of it (working, each plan, the final
 * word, the post step's) is put into words here. Undefined for a state that is no row (a saved
 * view the post step cannot vouch for).
 */
export function progressWords(facts: ProgressFacts, runUrl: string | undefined): ProgressView | undefined {
  const { state, jobId, triggers, title, steps, message, elapsedMs } = facts;
  const agent = { title, steps, message, elapsedMs, runUrl };
  // The marker's `open`: only while the job goes on, so the sweep finds the request in flight.
  const open = keepsOpen(state, jobId) && facts.open !== undefined ? { open: facts.open } : {};
  if (state === 'working') {
    const headline = workingHeadline(facts.startedAt, facts.detached === true);
    return { jobId, triggers, ...open, ...agent, working: true, headline };
  }
  if (!(OUTCOME_KINDS as readonly string[]).includes(state)) return undefined;
  const detail = facts.detail ? ` ${forMarkdown(facts.detail)}` : '';
  const headline = OUTCOMES[state as OutcomeKind].headline({ detail, prLink: facts.prLink ?? '', jobId });
  return { jobId, triggers, ...open, ...agent, working: false, headline };
}

/** The final word's facts for `outcome`, from its row: what the comment says after the headline. */
export function finalFacts(
  outcome: Outcome,
  thread: Pick<ProgressFacts, 'triggers' | 'startedAt' | 'open'>,
  elapsedMs: number,
): ProgressFacts {
  const row = OUTCOMES[outcome.kind];
  return {
    state: outcome.kind,
    jobId: outcome.job?.id ?? '',
    triggers: thread.triggers,
    startedAt: thread.startedAt,
    open: thread.open,
    prLink: outcome.prLink,
    detail: row.detail(outcome),
    title: outcome.session?.title,
    steps: outcome.session?.todos,
    message: row.agentMessage ? outcome.session?.messageToUser : undefined,
    elapsedMs,
  };
}
