import pRetry from 'p-retry';
import type { Job } from './client.ts';
import type { Clock } from '../base/clock.ts';
import { ServiceError, errorMessage } from '../base/errors.ts';
import type { Logger } from '../base/log.ts';

/** Waits between tries: the first at least `minMs` (randomised, doubling), none above `maxMs`. */
export interface Backoff {
  minMs: number;
  maxMs: number;
}

export interface CreateOptions {
  deadline: number;
  backoff: Backoff;
  clock: Clock;
  log: Logger;
}

/**
 * Sends a non-idempotent request (create a job, send a follow-up) so that it takes effect at most
 * once. The API has no idempotency key, so a request repeated after the service may have
 * processed it could start a second job that spends the team's quota and opens a second pull
 * request. It is repeated only where the service cannot have acted on it:
 * - no connection was made (refused, DNS failure);
 * - 429: the rate limiter turned it away;
 * - 503 with Retry-After: the service said it is not taking requests now.
 * After anything ambiguous (a reset or timeout once the request was sent, 500, 502, 504, a 2xx
 * without a readable job) it fails and says a job may exist, rather than risk a duplicate.
 */
export async function sendOnce(what: string, send: () => Promise<Job>, options: CreateOptions): Promise<Job> {
  const { deadline, backoff, clock, log } = options;
  try {
    return await pRetry(send, {
      retries: 4,
      minTimeout: backoff.minMs,
      factor: 2,
      randomize: true,
      maxTimeout: backoff.maxMs,
      shouldRetry: async ({ error, retryDelay }) => {
        if (!isSafeToRepeat(error)) return false;
        // Retry-After is the service's own word and is honoured as given, beyond our backoff.
        const wait = Math.max(retryDelay, error.retryAfterMs ?? 0);
        if (clock.now() + wait >= deadline) return false;
        const why = error.failure === 'unreachable' ? 'did not reach the service' : 'was turned away for now';
        log.info(`${what} ${why} (${error.message}); trying again in ${Math.ceil(wait / 1000)} s.`);
        await clock.sleep(wait - retryDelay);
        return true;
      },
    });
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

export function isSafeToRepeat(error: unknown): error is ServiceError {
  if (!(error instanceof ServiceError)) return false;
  if (error.failure === 'unreachable') return true;
  if (error.failure !== 'http') return false;
  return error.status === 429 || (error.status === 503 && error.retryAfterMs !== undefined);
}

/** Whether the service may have acted on a request that failed: then a job may exist. */
export function isAmbiguous(error: unknown): error is ServiceError {
  if (!(error instanceof ServiceError)) return false;
  if (error.failure === 'http') return (error.status ?? 0) >= 500;
  return error.failure !== 'unreachable' && error.failure !== 'not-sent';
}
