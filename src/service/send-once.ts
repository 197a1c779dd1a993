import type { Job } from './job.ts';
import type { Clock } from '../base/clock.ts';
import { ServiceError, errorMessage } from '../base/errors.ts';
import type { Logger } from '../base/log.ts';
import { isSafeToRepeat, SEND_RETRIES, withRetry, type Backoff } from './retry.ts';

export type { Backoff } from './retry.ts';

export interface CreateOptions {
  deadline: number;
  backoff: Backoff;
  clock: Clock;
  log: Logger;
}

/**
 * Sends a non-idempotent request (create a job, send a follow-up) so that it takes effect at most
 * once: it is repeated only where the service cannot have acted on it (isSafeToRepeat, retry.ts).
 * After anything ambiguous (a reset or timeout once the request was sent, 500, 502, 504, a 2xx
 * without a readable job) it fails and says a job may exist, rather than risk a duplicate.
 */
export async function sendOnce(what: string, send: () => Promise<Job>, options: CreateOptions): Promise<Job> {
  try {
    return await withRetry(send, { what, policy: isSafeToRepeat, retries: SEND_RETRIES, ...options });
  } catch (error) {
    if (isAmbiguous(error)) {
      throw new ServiceError(
        `${what} failed in a way that leaves it unknown whether the service acted on it ` +
          `(${errorMessage(error)}). It was not repeated, so that no second job is started: ` +
          `look for a new job on the service before you re-run.`,
        error.failure,
        { status: error.status },
      );
    }
    throw error;
  }
}

/** Whether the service may have acted on a request that failed: then a job may exist. */
export function isAmbiguous(error: unknown): error is ServiceError {
  if (!(error instanceof ServiceError)) return false;
  if (error.failure === 'http') return (error.status ?? 0) >= 500;
  return error.failure !== 'unreachable' && error.failure !== 'not-sent';
}
