import type { Job, Session } from '../service/client.ts';
import { CANCELLED_STATUS, JOB_STATUSES, RUNNING_STATUS, UNKNOWN_STATUS } from '../base/constants.ts';
import { formatDuration } from '../base/format.ts';
import type { WaitResult } from '../service/wait.ts';

/**
 * How a run with a job ended. 'started' is `wait: false` (the job was started or found and left to
 * run); 'error' is the action failing its part (a bad answer, a refused key, an unreachable
 * service). Each kind is a row of OUTCOMES (outcomes.ts), which puts it into words everywhere.
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

/** How any run of agent mode ended, told apart by `kind`: each kind is a row of OUTCOMES. */
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
  /** One line for the log and the reports. */
  message: string;
  /** The step succeeds, but the log shows the message as a warning. */
  warning?: boolean;
  /** What an issue comment says instead of `message`, when that holds more than the public should read. */
  publicMessage?: string;
  /**
   * For a failed or archived job, the agent's own words on why, if it gave any: the comment's
   * headline says what happened, and this follows it, so the comment says it once.
   */
  reason?: string;
  /** The agent's title, plan and message (v1 session), when the service gave them. */
  session?: Session | undefined;
}

export interface OutcomeContext {
  elapsedMs: number;
  /** The agent's own explanation, when the service gave one (failed jobs). */
  agentMessage?: string | undefined;
  /** The agent's session as last read, reported with the outcome. */
  session?: Session | undefined;
}

/**
 * The `status` output for a job: one of the service's known statuses. A job that reported none
 * yet, or one this action does not know, is taken as running, as the wait loop treats it.
 */
function lastKnownStatus(job: Job): string {
  return (JOB_STATUSES as readonly string[]).includes(job.status) ? job.status : RUNNING_STATUS;
}

export function decideOutcome({ job, end }: WaitResult, context: OutcomeContext): Outcome {
  const status = lastKnownStatus(job);
  const prLink = job.prLink ?? '';
  const base = { job, jobStatus: status, prLink, ...(context.session ? { session: context.session } : {}) };
  if (end === 'cancelled') {
    return {
      ...base,
      kind: 'cancelled',
      message: `The run was cancelled; job ${job.id} continues on the service.`,
    };
  }
  if (end === 'deadline') {
    return {
      ...base,
      kind: 'timed-out',
      message:
        `Stopped waiting after ${formatDuration(context.elapsedMs)} (timeout-minutes); ` +
        `job ${job.id} is still ${status} and continues on the service.`,
    };
  }
  const because = context.agentMessage ? `: ${context.agentMessage}` : '.';
  const reason = context.agentMessage ? { reason: context.agentMessage } : {};
  switch (job.status) {
    case 'failed':
      return { ...base, ...reason, kind: 'failed', message: `Job ${job.id} failed${because}` };
    case 'archived':
      return {
        ...base,
        ...reason,
        kind: 'archived',
        message: `Job ${job.id} was archived before it finished${because}`,
      };
    default:
      if (prLink) {
        return { ...base, kind: 'pull-request', message: `Job ${job.id} opened a pull request: ${prLink}` };
      }
      if (job.rejectedPrLink !== undefined) {
        // Not "no change": the service said it opened something, but not where the run can vouch for.
        const problem = job.prLinkProblem ?? 'is not an https link to a pull request on this GitHub server';
        const shown = job.rejectedPrLink ? `: ${job.rejectedPrLink}` : '.';
        return {
          ...base,
          kind: 'no-change',
          warning: true,
          message: `Job ${job.id} completed, but the pull request link it reported ${problem}, so it was not used${shown}`,
        };
      }
      return {
        ...base,
        kind: 'no-change',
        message:
          `Job ${job.id} completed without opening a pull request: no files needed to change, ` +
          `or the service committed directly to the deploy branch.`,
      };
  }
}

/** `wait: false`: the run reports the job and leaves it running. */
export function startedOutcome(job: Job): Outcome {
  return {
    kind: 'started',
    job,
    jobStatus: lastKnownStatus(job),
    prLink: job.prLink ?? '',
    message: `Job ${job.id} is ${lastKnownStatus(job)}; not waiting for it (wait: false).`,
  };
}

/**
 * Cancelled before a job id was known. `mayExist`: the create was under way, so the service may
 * have started a job; the `status` output says which (`unknown` or `cancelled`).
 */
export function cancelledBeforeJob(mayExist: boolean): Outcome {
  return {
    kind: 'cancelled',
    job: undefined,
    jobStatus: mayExist ? UNKNOWN_STATUS : CANCELLED_STATUS,
    prLink: '',
    message: mayExist
      ? 'The run was cancelled while the job was being created: a job may exist on the service. ' +
        'Look for it before you ask again.'
      : 'The run was cancelled before a job was created: nothing was sent to the service.',
  };
}

/** A run that ended in an error: `status` says so (its row), and `job-id` names the job when one is known. */
export function errorOutcome(message: string, job: Job | undefined, publicMessage?: string): Outcome {
  return {
    kind: 'error',
    job,
    jobStatus: job ? lastKnownStatus(job) : '',
    prLink: job?.prLink ?? '',
    message,
    ...(publicMessage !== undefined && publicMessage !== message ? { publicMessage } : {}),
  };
}
