import { DRY_RUN_STATUS, ERROR_STATUS, SKIPPED_STATUS } from '../base/constants.ts';
import { formatDuration } from '../base/format.ts';
import { EXIT } from './exit.ts';
import type { NoWork, Outcome, OutcomeFacts, ResultKind } from './outcome.ts';

/**
 * THE table of outcomes: how a request for a job ended is worded from its kind's row here, on every
 * surface. Agent mode's message, `status` output, log line, job summary heading, progress comment
 * headline, notification and reaction; follow mode's check title, conclusion and comment symbol
 * (pulls/verdict.ts); the sweep's result words (words.ts, in the rows' symbols); the command line's
 * lines and exit code (cli/jobs.ts). A new kind is one row (CONTRIBUTING.md, "Adding an outcome").
 * Follow mode's notices that are no job's end (a paused pull request, max-follow-ups) stay its own.
 */

/** How the log shows the outcome's message; none: the step fails, and main.ts makes it its error. */
export type LogLevel = 'info' | 'notice' | 'warning' | undefined;

/** What the progress comment's headline may say; `detail` is inert already (forMarkdown), ' '-led or ''. */
export interface Said {
  detail: string;
  prLink: string;
  jobId: string;
  /** For a word the job outlives: who asked (a checked login, '' nobody) and what reports the end. */
  goesOn: string;
}

/** What a check of follow mode says: `reason` is the agent's words or the action's, on one inert line. */
export interface CheckFacts {
  prNumber: string;
  reason: string | undefined;
  /** A link the job reported that the run cannot vouch for, and why, on one inert line: never a docs PR. */
  refusedLink?: string | undefined;
  /** The request a cancel stopped before it was sent was a follow-up to the job, not its create (`unsent`). */
  followUp?: boolean;
}

/** A form of follow mode's check: its title and its conclusion (undefined: the check stays in progress). */
export interface CheckForm {
  title: (facts: CheckFacts) => string;
  conclusion: 'success' | 'failure' | 'neutral' | undefined;
}

/** What the command line knows when it says how a command ended. */
export interface CliFacts {
  id: string;
  /** How long the command waited; '' when it did not wait. */
  waited: string;
  status: string;
  prLink: string;
  /** Cancelled or failed before a job id was known: what the service may have acted on. */
  sent?: 'a job' | 'the follow-up' | undefined;
  /** How to run the command again, as it was started (cli/invocation.ts): `docs-agent`, or the `npm exec` line. */
  command: string;
}

/** The row of a run that had work to do. */
export interface JobRow {
  /** The symbol before the outcome's word in a comment, a check's comment and the sweep's table. */
  symbol: string;
  /** The outcome's one line, for the log, the summary and a failed step's error (decide.ts fills it in). */
  message: (facts: OutcomeFacts) => string;
  /** The `status` output (and the command line's --json `status`). */
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
   * Its comment mentions the requester once and says what reports the end (words.ts `goesOn`).
   */
  continues?: true;
  /** Follow mode's check of the head: its title (also the comment's and the `message` output's line) and conclusion. */
  check: CheckForm & {
    /** The check when the run ended before its create or follow-up was sent (`cancelled` only): nothing to wait for. */
    unsent?: CheckForm;
  };
  /** The command line: its permanent lines (on stderr when `stderr`) and its exit code. */
  cli: { lines: (facts: CliFacts) => string[]; exit: number; stderr?: true };
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
const after = ({ waited }: CliFacts): string => (waited ? ` after ${waited}` : '');
const pickUp = (f: CliFacts): string => `Pick it up with: ${f.command} status ${f.id} --wait`;
/** Follow mode's check while the job goes on without a run that waits for it. */
const STOPPED = { title: () => 'working: this run stopped waiting', conclusion: undefined } as const;

export const OUTCOMES: Rows = {
  'pull-request': {
    symbol: '✅',
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
    check: { title: ({ prNumber }) => `docs PR #${prNumber}`, conclusion: 'success' },
    cli: { lines: (f) => [`Job ${f.id} completed${after(f)}.`, `Pull request: ${f.prLink}`], exit: EXIT.done },
  },
  'no-change': {
    symbol: '☑️',
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
    check: {
      title: ({ reason, refusedLink }) =>
        refusedLink
          ? `done, without a pull request link this action can vouch for: ${refusedLink}`
          : `no documentation change needed: ${reason ?? 'the agent changed no files'}`,
      conclusion: 'success',
    },
    cli: {
      lines: (f) => [`Job ${f.id} completed${after(f)}.`, 'No pull request was opened: nothing needed to change.'],
      exit: EXIT.done,
    },
  },
  failed: {
    ...FAILS,
    symbol: '❌',
    message: (facts) => `Job ${id(facts)} failed${because(facts)}`,
    status: jobStatus,
    summary: 'The documentation agent job failed',
    headline: ({ detail }) => `❌ **The documentation update failed.**${detail}`,
    // The headline says what happened; only the agent's reason follows, so the comment says it once.
    detail: (outcome) => outcome.reason,
    notify: () => 'the documentation update failed; the progress comment above says why.',
    reaction: 'confused',
    check: { title: ({ reason }) => `failed: ${reason ?? 'the job failed on the service'}`, conclusion: 'failure' },
    cli: { exit: EXIT.failed, lines: (f) => [`Job ${f.id} failed.`] },
  },
  archived: {
    ...FAILS,
    symbol: '❌',
    message: (facts) => `Job ${id(facts)} was archived before it finished${because(facts)}`,
    status: jobStatus,
    summary: 'The documentation agent job was archived',
    headline: ({ detail }) => `❌ **The job was archived before it finished.**${detail}`,
    detail: (outcome) => outcome.reason,
    notify: () => 'the documentation job was archived before it finished; the progress comment above says more.',
    reaction: 'confused',
    check: { title: () => 'failed: the job was archived before it finished', conclusion: 'failure' },
    cli: { exit: EXIT.failed, lines: (f) => [`Job ${f.id} archived.`] },
  },
  'timed-out': {
    ...FAILS,
    // Not the hourglass of "working" (⏳): this run stopped waiting, the job did not stop.
    symbol: '⏱️',
    message: (facts) =>
      `Stopped waiting after ${formatDuration(facts.elapsedMs ?? 0)} (timeout-minutes); ` +
      `job ${id(facts)} is still ${facts.jobStatus} and continues on the service.`,
    status: jobStatus,
    summary: 'Stopped waiting for the documentation agent',
    headline: ({ goesOn }) => `⏱️ **Stopped waiting** (timeout-minutes)${goesOn}`,
    detail: publicMessage,
    continues: true,
    check: STOPPED,
    cli: {
      lines: (f) => [`Stopped waiting${after(f)}: job ${f.id} is still running on the service. ${pickUp(f)}`],
      exit: EXIT.timedOut,
    },
  },
  cancelled: {
    ...FAILS,
    symbol: '⏹️',
    message: (facts) => {
      if (facts.job) return `The run was cancelled; job ${facts.job.id} continues on the service.`;
      return facts.mayExist
        ? 'The run was cancelled while the job was being created: a job may exist on the service. ' +
            'Look for it before you ask again.'
        : 'The run was cancelled before a job was created: nothing was sent to the service.';
    },
    status: jobStatus,
    summary: 'Cancelled while the documentation agent worked',
    headline: ({ jobId, detail, goesOn }) =>
      jobId
        ? `⏹️ **Cancelled:** the workflow run stopped${goesOn}`
        : `⏹️ **Cancelled:** the workflow run stopped.${detail}`,
    detail: publicMessage,
    continues: true,
    check: {
      ...STOPPED,
      unsent: {
        title: ({ followUp }) =>
          `cancelled before ${followUp ? 'the follow-up was sent' : 'the job was created'}: nothing was sent; the next push ${followUp ? 'sends' : 'creates'} it`,
        conclusion: 'neutral',
      },
    },
    cli: {
      lines: (f) =>
        f.sent
          ? [
              `Interrupted while the request was being sent: the service may have ${f.sent === 'a job' ? `started a job. Look for it (${f.command} jobs lists the recent ones)` : 'taken the follow-up. Look for it on the service'} before you try again.`,
            ]
          : f.id
            ? [`Interrupted: job ${f.id} goes on on the service. ${pickUp(f)}`]
            : ['Interrupted before the request was sent: nothing reached the service.'],
      exit: EXIT.interrupted,
      stderr: true,
    },
  },
  started: {
    symbol: '🚀',
    message: (facts) => `Job ${id(facts)} is ${facts.jobStatus}; not waiting for it (wait: false).`,
    status: jobStatus,
    ok: true,
    log: () => 'info',
    summary: 'The documentation agent job was started',
    // The comment of a request no run waits for stays "working" (words.ts `workingHeadline`); this
    // headline is for a request without a working comment of its own.
    headline: ({ goesOn }) =>
      `🚀 **The documentation agent started.** This run does not wait for it (\`wait: false\`)${goesOn}`,
    detail: () => undefined,
    agentMessage: false,
    continues: true,
    check: { title: () => 'working', conclusion: undefined },
    cli: {
      lines: (f) => [`Job ${f.id} is ${f.status}. Follow it with: ${f.command} status ${f.id} --wait`],
      exit: EXIT.done,
    },
  },
  error: {
    ...FAILS,
    symbol: '❌',
    message: (facts) => facts.error ?? '',
    status: () => ERROR_STATUS,
    summary: 'The documentation agent could not be run',
    headline: ({ detail }) => `❌ **The documentation agent could not be run.**${detail}`,
    detail: publicMessage,
    reaction: 'confused',
    check: { title: ({ reason }) => `failed: ${reason ?? 'the action could not run the job'}`, conclusion: 'failure' },
    // After the error's own line (it names the flag or the service's answer): what may be left on the service.
    cli: {
      lines: (f) =>
        f.id
          ? [`Job ${f.id} may still be running. ${pickUp(f)}`]
          : f.sent === 'a job'
            ? [`A job may exist: look for it (${f.command} jobs lists the recent ones) before you try again.`]
            : f.sent
              ? ['The service may have taken the follow-up: look at the job before you try again.']
              : [],
      exit: EXIT.unreachable,
      stderr: true,
    },
  },
  skipped: { status: () => SKIPPED_STATUS, ok: true, log: () => 'notice' },
  'dry-run': { status: () => DRY_RUN_STATUS, ok: true, log: () => 'notice' },
};
