import { CANCELLED_STATUS, JOB_STATUSES, RUNNING_STATUS, UNKNOWN_STATUS } from '../base/constants.ts';
import type { Job, Session } from '../service/client.ts';
import type { WaitResult } from '../service/wait.ts';
import type { Outcome, OutcomeFacts } from './outcome.ts';
import { OUTCOMES } from './table.ts';

/**
 * Which outcome a run came to, from what it knows: the facts only. Its row (table.ts) puts
 * them into words, the message included.
 */

export interface OutcomeContext {
  elapsedMs: number;
  /** The agent's own explanation, when the service gave one (failed jobs). */
  agentMessage?: string | undefined;
  /** The agent's session as last read, reported with the outcome. */
  session?: Session | undefined;
}

function said(facts: OutcomeFacts): Outcome {
  return { ...facts, message: OUTCOMES[facts.kind].message(facts) };
}

/**
 * The job's status for the `status` output: one of the service's known statuses. A job that
 * reported none yet, or one this action does not know, is taken as running, as the wait loop treats it.
 */
function lastKnownStatus(job: Job): string {
  return (JOB_STATUSES as readonly string[]).includes(job.status) ? job.status : RUNNING_STATUS;
}

export function decideOutcome({ job, end }: WaitResult, context: OutcomeContext): Outcome {
  const prLink = job.prLink ?? '';
  const base = {
    job,
    jobStatus: lastKnownStatus(job),
    prLink,
    ...(context.session ? { session: context.session } : {}),
  };
  if (end === 'cancelled') return said({ ...base, kind: 'cancelled' });
  if (end === 'deadline') return said({ ...base, kind: 'timed-out', elapsedMs: context.elapsedMs });
  const reason = context.agentMessage ? { reason: context.agentMessage } : {};
  switch (job.status) {
    case 'failed':
      return said({ ...base, ...reason, kind: 'failed' });
    case 'archived':
      return said({ ...base, ...reason, kind: 'archived' });
    default:
      if (prLink) return said({ ...base, kind: 'pull-request' });
      if (job.rejectedPrLink !== undefined) {
        // Not "no change": the service said it opened something, but not where the run can vouch for.
        const problem = job.prLinkProblem ?? 'is not an https link to a pull request on this GitHub server';
        return said({ ...base, kind: 'no-change', refusedLink: { link: job.rejectedPrLink, problem } });
      }
      return said({ ...base, kind: 'no-change' });
  }
}

/** `wait: false`: the run reports the job and leaves it running. */
export function startedOutcome(job: Job): Outcome {
  return said({ kind: 'started', job, jobStatus: lastKnownStatus(job), prLink: job.prLink ?? '' });
}

/**
 * Cancelled before a job id was known. `mayExist`: the create was under way, so the service may
 * have started a job; the `status` output says which (`unknown` or `cancelled`).
 */
export function cancelledBeforeJob(mayExist: boolean): Outcome {
  const jobStatus = mayExist ? UNKNOWN_STATUS : CANCELLED_STATUS;
  return said({ kind: 'cancelled', job: undefined, jobStatus, prLink: '', mayExist });
}

/** A run that ended in an error: `status` says so (its row), and `job-id` names the job when one is known. */
export function errorOutcome(message: string, job: Job | undefined, publicMessage?: string): Outcome {
  return said({
    kind: 'error',
    job,
    jobStatus: job ? lastKnownStatus(job) : '',
    prLink: job?.prLink ?? '',
    error: message,
    ...(publicMessage !== undefined && publicMessage !== message ? { publicMessage } : {}),
  });
}
