// The one place that decides, for agent mode, follow mode and the command line alike, whether a
// create or follow-up that failed may have been acted on: then a job may exist, and the mode's
// record of it stays. A job whose answer was lost is never adopted by a later run: the service
// takes no idempotency key, and the v1 list's sessions carry no trace of their prompt, so a job
// matched by its time could be another request's. Every later run and the sweep create nothing
// and say so; a person finds the job (`docs-agent jobs` lists the project's recent ones) and
// picks it up with `job-id`, or asks for a fresh one.
import type { Job } from './job.ts';
import { ServiceError, errorMessage } from '../base/errors.ts';
import { isSafeToRepeat, SEND_RETRIES, withRetry, type RetryOptions } from './retry.ts';

export type { Backoff } from './retry.ts';

export interface SendOptions extends Pick<RetryOptions, 'deadline' | 'backoff' | 'clock' | 'log'> {
  /** The run's cancel: the wait for the answer ends at once (the runner kills the step soon after). */
  signal: AbortSignal;
  /** The job a follow-up goes to; absent for a create. */
  followUpTo?: string | undefined;
  /** What later runs read as "a job may exist" (agent mode's 👀 claim, follow mode's head), written before the request leaves. */
  record?: { write?: () => Promise<void>; takeBack: () => Promise<void> | void } | undefined;
}

/** The failure of a create or follow-up the service may have acted on: a job may exist. */
export class JobMayExist extends ServiceError {}

/**
 * Sends a create or follow-up at most once: repeated only where the service cannot have acted on
 * it (isSafeToRepeat, retry.ts). Throws JobMayExist, the record kept, after an ambiguous failure
 * (a reset or timeout once sent, 500, 502, 504, a 2xx without a readable job) or a cancel that cut
 * a request on the wire; any other failure as it is, the record taken back (a record whose write a
 * cancel cut is a cancel before sending).
 */
export async function sendOnce(
  what: string,
  send: (signal: AbortSignal) => Promise<Job>,
  options: SendOptions,
): Promise<Job> {
  const { signal, record } = options;
  let onWire = false;
  let cutOnWire = false;
  let onAbort = (): void => {};
  const cancelled = new Promise<never>((_resolve, reject) => {
    // Called at the abort itself, before the request's own failure can settle.
    onAbort = () => {
      cutOnWire = onWire;
      reject(new ServiceError(`${what} was stopped: the run was cancelled`, 'cancelled'));
    };
  });
  const attempt = (): Promise<Job> => {
    onWire = true;
    return send(signal).finally(() => (onWire = false));
  };
  try {
    try {
      if (!signal.aborted) await record?.write?.();
    } catch (error) {
      // A cancel that cut the record's write is a cancel before sending, not a failed write.
      if (!signal.aborted) throw error;
    }
    if (signal.aborted) throw new ServiceError(`${what} was not sent: the run was cancelled`, 'cancelled');
    signal.addEventListener('abort', onAbort, { once: true });
    const retried = withRetry(attempt, { what, policy: isSafeToRepeat, retries: SEND_RETRIES, ...options });
    return await Promise.race([retried, cancelled]);
  } catch (error) {
    if (!cutOnWire && !isAmbiguous(error)) {
      await record?.takeBack();
      throw error;
    }
    const { failure, status } =
      error instanceof ServiceError ? error : { failure: 'cancelled' as const, status: undefined };
    const why = options.followUpTo
      ? `so that job ${options.followUpTo} is not told twice.`
      : 'so that no second job is started: look for a new job on the service before you re-run.';
    throw new JobMayExist(
      `${what} failed in a way that leaves it unknown whether the service acted on it ` +
        `(${errorMessage(error)}). It was not repeated, ${why}`,
      failure,
      { status },
    );
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Whether the service may have acted on a failed request. A cancel does not say: whether it cut a request on the wire does. */
function isAmbiguous(error: unknown): error is ServiceError {
  if (!(error instanceof ServiceError)) return false;
  if (error.failure === 'http') return (error.status ?? 0) >= 500;
  return !['unreachable', 'not-sent', 'cancelled'].includes(error.failure);
}
