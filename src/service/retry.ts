// The one retry of the service's requests, for both endpoint families: p-retry keeps the count of
// tries and the loop; the injected clock keeps the time (the waits, the deadline, the jitter), so
// tests run a retried request without waiting for real. What may be repeated is the caller's
// policy, below: a request that changes something only where the service cannot have acted on it,
// a read whenever the failure may pass.
import pRetry from 'p-retry';
import type { Clock } from '../base/clock.ts';
import { formatSeconds } from '../base/format.ts';
import { ServiceError } from '../base/errors.ts';
import type { Logger } from '../base/log.ts';

/** Waits between tries: the first at least `minMs` (randomised up to twice that, doubling), none above `maxMs`. */
export interface Backoff {
  minMs: number;
  maxMs: number;
}

export interface RetryOptions {
  /** What is tried, as the subject of the log line: "Creating the job", "Asking the assistant". */
  what: string;
  /** Whether a failure may be tried again (isSafeToRepeat, isTransientRead). */
  policy: (error: ServiceError) => boolean;
  /** Tries after the first, at most (Infinity: until the deadline). */
  retries: number;
  backoff: Backoff;
  /** No try starts after this (epoch ms, as the clock tells it): a wait that would pass it is not taken. */
  deadline: number;
  clock: Clock;
  log: Logger;
  /** The run's cancel: a wait under way ends at once and the last failure is thrown. */
  signal?: AbortSignal | undefined;
  /**
   * The input that sets the deadline, when it is one: a failure that outlasts it then says how many
   * tries were made within it.
   */
  deadlineInput?: string;
}

/** At most this many tries after the first of a request that changes something (create, follow-up, question). */
export const SEND_RETRIES = 4;

/**
 * Calls `attempt` until it succeeds, its failure is not one `policy` repeats, the tries run out or
 * the next wait would pass the deadline; then throws the last failure. Each wait is the backoff's,
 * or the service's Retry-After when that is longer (its own word, honoured as given), and is logged
 * in one line.
 */
export async function withRetry<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { what, policy, backoff, deadline, clock, log, signal } = options;
  let tries = 0;
  let pastDeadline: ServiceError | undefined;
  try {
    return await pRetry(
      () => {
        tries++;
        return attempt();
      },
      {
        retries: options.retries,
        // The waits are the clock's (below): p-retry schedules none of its own.
        minTimeout: 0,
        shouldRetry: async ({ error }) => {
          if (!(error instanceof ServiceError) || !policy(error) || signal?.aborted) return false;
          const wait = Math.max(backoffDelay(tries, backoff, clock.random), error.retryAfterMs ?? 0);
          if (clock.now() + wait >= deadline) {
            pastDeadline = error;
            return false;
          }
          log.info(`${what} ${why(error)} (${error.message}); trying again in ${formatSeconds(wait)}.`);
          await clock.sleep(wait, signal);
          return !signal?.aborted;
        },
      },
    );
  } catch (error) {
    if (error === pastDeadline && pastDeadline && options.deadlineInput) {
      throw new ServiceError(
        `${pastDeadline.message}; gave up after ${tries} attempt${tries === 1 ? '' : 's'} within '${options.deadlineInput}'`,
        pastDeadline.failure,
        { status: pastDeadline.status, publicMessage: pastDeadline.publicMessage },
      );
    }
    throw error;
  }
}

/** The wait after the `tries`-th failure: doubling from `minMs`, times a factor from 1 to 2, capped at `maxMs`. */
export function backoffDelay(tries: number, backoff: Backoff, random: () => number): number {
  return Math.min(backoff.maxMs, backoff.minMs * 2 ** (tries - 1) * (1 + random()));
}

function why(error: ServiceError): string {
  if (error.failure === 'unreachable') return 'did not reach the service';
  if (error.status === 429 || error.status === 503) return 'was turned away for now';
  return 'failed';
}

/**
 * Whether a request that changes something (a create, a follow-up, a question) may be sent again.
 * The API has no idempotency key, so a request repeated after the service may have processed it
 * could start a second job that spends the team's quota and opens a second pull request (or ask the
 * assistant twice, from the key's monthly uses). It is repeated only where the service cannot have
 * acted on it:
 * - no connection was made (refused, DNS failure);
 * - 429: the rate limiter turned it away;
 * - 503 with Retry-After: the service said it is not taking requests now.
 */
export function isSafeToRepeat(error: unknown): error is ServiceError {
  if (!(error instanceof ServiceError)) return false;
  if (error.failure === 'unreachable') return true;
  if (error.failure !== 'http') return false;
  return error.status === 429 || (error.status === 503 && error.retryAfterMs !== undefined);
}

/**
 * Reading a job changes nothing, so any failure that may pass is retried within the deadline:
 * the network, timeouts, garbled bodies, 5xx, 429, 408 and (`inNotFoundGrace`) a 404 just after
 * creation. The key being refused, a bad request or a job that stays missing will not pass by
 * waiting; neither will a cancel.
 */
export function isTransientRead(error: unknown, inNotFoundGrace = false): error is ServiceError {
  if (!(error instanceof ServiceError)) return false;
  if (error.failure === 'not-sent' || error.failure === 'wrong-job' || error.failure === 'cancelled') return false;
  if (error.failure !== 'http') return true;
  const status = error.status ?? 0;
  return status >= 500 || status === 429 || status === 408 || (status === 404 && inNotFoundGrace);
}
