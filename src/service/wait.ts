import type { AgentClient, Job } from './client.ts';
import { RUNNING_STATUS, TERMINAL_STATUSES, type TerminalStatus } from '../base/constants.ts';
import { ServiceError } from '../base/errors.ts';
import { formatDuration } from '../base/format.ts';
import type { Logger } from '../base/log.ts';
import { pollDelay, type PollSchedule } from './poll-schedule.ts';
import { isTransientRead, withRetry, type RetryOptions } from './retry.ts';

export interface WaitOptions extends Pick<ReadOptions, 'client' | 'clock' | 'log'> {
  /** The job as last seen (the answer to the create request, or a first GET). */
  job: Job;
  /** Epoch ms after which the action stops waiting; the job itself goes on. */
  deadline: number;
  /** A job created a moment ago may not be readable yet: 404s are retried for this long. */
  notFoundGraceMs: number;
  /** When to read the job again (poll-schedule.ts). */
  schedule: PollSchedule;
  /** Aborted when the run is cancelled: the wait ends at once with what it knows. */
  signal?: AbortSignal;
  /** Called after each successful read of the job (the live plan, the heartbeat); must not throw. */
  onPoll?: (job: Job) => Promise<void>;
}

export type WaitEnd = 'terminal' | 'deadline' | 'cancelled';

export interface WaitResult {
  job: Job;
  end: WaitEnd;
}

export function isTerminal(status: string): status is TerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

/**
 * Polls the job until it ends, the deadline passes or the run is cancelled. The last sleep ends at
 * the deadline and one more read follows it, so a job that ends just before the deadline is seen
 * as ended. A terminal status is not logged here: the outcome says it once.
 */
export async function waitForJob(options: WaitOptions): Promise<WaitResult> {
  const { client, deadline, notFoundGraceMs, schedule, clock, log, signal } = options;
  const started = clock.now();
  const warnedStatuses = new Set<string>();
  let job = options.job;
  let lastFailure: ServiceError | undefined;

  for (let attempt = 0; ; attempt++) {
    if (isTerminal(job.status)) return { job, end: 'terminal' };
    // The client keeps an unknown status apart (unknownStatus); '' is a job without one.
    const unknown = job.unknownStatus ?? job.status;
    if (job.status !== RUNNING_STATUS && !warnedStatuses.has(unknown)) {
      warnedStatuses.add(unknown);
      log.warning(`The service reported an unknown job status '${unknown}'; waiting as if the job were still running.`);
    }
    if (signal?.aborted) return { job, end: 'cancelled' };
    const remaining = deadline - clock.now();
    if (remaining <= 0) return { job, end: 'deadline' };

    const delay = Math.max(pollDelay(attempt, clock.random, schedule), lastFailure?.retryAfterMs ?? 0);
    await clock.sleep(Math.min(delay, remaining), signal);
    if (signal?.aborted) return { job, end: 'cancelled' };

    try {
      // A full request timeout even at the deadline: the read made when time is up is the one that
      // tells a job that just finished from one still running, and must not be cut to nothing.
      const next = await client.getJob(job.id, signal);
      lastFailure = undefined;
      if (next.status !== job.status && !isTerminal(next.status)) {
        const said = next.status || (next.unknownStatus ? `'${next.unknownStatus}'` : 'without a status');
        log.info(`Job ${next.id} is ${said} (${formatDuration(clock.now() - started)}).`);
      }
      job = next;
      await options.onPoll?.(job);
    } catch (error) {
      // The cancel destroyed the read under way: what is known is reported at once.
      if (signal?.aborted) return { job, end: 'cancelled' };
      if (!isTransientRead(error, clock.now() - started < notFoundGraceMs)) throw error;
      lastFailure = error;
      log.info(`Could not read job ${job.id} (${error.message}); trying again.`);
    }
  }
}

export interface ReadOptions extends Pick<RetryOptions, 'deadline' | 'clock' | 'log' | 'signal'> {
  client: Pick<AgentClient, 'getJob'>;
  id: string;
  /** At most this many reads; a failure that will not pass by waiting ends them at once. */
  tries: number;
  /** The first wait after a failed read; retry.ts backs off from there. */
  delayMs: number;
}

type Reader = Pick<ReadOptions, 'client' | 'clock' | 'signal'> & {
  runner: { log: Logger };
  timings: { poll: { minMs: number } };
};

/** A run's parts as `readJob` takes them: the poll's shortest wait is the first wait between reads. */
export function readsOf(run: Reader, read: Pick<ReadOptions, 'id' | 'tries' | 'deadline'>): ReadOptions {
  const { client, clock, runner, signal, timings } = run;
  return { ...read, client, delayMs: timings.poll.minMs, clock, log: runner.log, signal };
}

/**
 * Reads a job that exists already (one named by `job-id`, or a re-run's): a read that fails in a
 * way that may pass (the network, a 5xx, a 429) is tried again (retry.ts), `tries` times at most
 * and within the deadline; then the failure is thrown. A 404 is thrown at once: the job does not
 * exist.
 */
export function readJob(options: ReadOptions): Promise<Job> {
  const { client, id, tries, delayMs, signal } = options;
  return withRetry(() => client.getJob(id, signal), {
    ...options,
    what: `Reading job ${id}`,
    policy: (error) => isTransientRead(error),
    retries: tries - 1,
    // Four times the first wait: with the poll schedule's shortest (3 s), its longest (12 s), so a
    // job is read again no more slowly than the wait loop would poll it, at any DOCS_AGENT_DELAY_SCALE.
    backoff: { minMs: delayMs, maxMs: 4 * delayMs },
  });
}

/** `readJob`, but undefined for a job the service does not know (404: deleted, or another project's): it never ends. */
export function readKnownJob(options: ReadOptions): Promise<Job | undefined> {
  return readJob(options).catch((error: unknown) => {
    if (error instanceof ServiceError && error.status === 404) return undefined;
    throw error;
  });
}
