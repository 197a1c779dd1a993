import type { Job, Session } from '../service/client.ts';

/**
 * How a request for a job ended, in any mode or front end (agent mode, follow mode, the sweep, the
 * command line). 'started' is `wait: false` (the job was started or found and left to run);
 * 'error' is the action failing its part (a bad answer, a refused key, an unreachable service).
 * Each kind is a row of OUTCOMES (table.ts), which puts it into words everywhere.
 */
export const OUTCOME_KINDS = [
  'pull-request',
  'no-change',
  'failed',
  'archived',
  'timed-out',
  'cancelled',
  'started',
  'error',
] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

/** A run that did no work: nothing triggered it, the requester was refused, or a dry run. */
export interface NoWork {
  kind: 'skipped' | 'dry-run';
  message: string;
}

/** How any run ended, told apart by `kind`: each kind is a row of OUTCOMES. */
export type RunResult = Outcome | NoWork;
export type ResultKind = RunResult['kind'];

/** What the run ended with: the facts every report (outputs, summary, comment, log) is written from. */
export interface Outcome {
  kind: OutcomeKind;
  /** Absent only when the run failed before a job existed. */
  job: Job | undefined;
  /**
   * The job's status as this run knows it: its last known status ('active' when we stopped
   * waiting), or before a job id was known whether one may exist ('unknown', 'cancelled'). The
   * row's `status` makes the output of it.
   */
  jobStatus: string;
  /** The `pr-link` output: an http(s) URL or ''. */
  prLink: string;
  /** One line for the log and the reports: its row's `message` (table.ts) of the facts here. */
  message: string;
  /** What an issue comment says instead of `message`, when that holds more than the public should read. */
  publicMessage?: string;
  /**
   * For a failed or archived job, the agent's own words on why, if it gave any: the comment's
   * headline says what happened, and this follows it, so the comment says it once.
   */
  reason?: string;
  /** The agent's title, plan and message (v1 session), when the service gave them. */
  session?: Session | undefined;
  /** 'timed-out': how long the run waited. */
  elapsedMs?: number;
  /**
   * 'no-change': the service reported a pull request link, but not one the run can vouch for: the
   * link as reported ('' when none) and why it was not used. The step succeeds with a warning.
   */
  refusedLink?: { link: string; problem: string };
  /** 'cancelled' before a job id was known: whether the create was under way, so a job may exist. */
  mayExist?: boolean;
  /** 'error': the error's own words, from where it happened. */
  error?: string;
}

/** What the constructors (decide.ts) know before the row puts it into words. */
export type OutcomeFacts = Omit<Outcome, 'message'>;
