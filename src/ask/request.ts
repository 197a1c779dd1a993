// The call to the assistant: who asks, without saying who (the fingerprint), and opening the
// answer stream while time remains. What the stream then carries is read by service/assistant-stream.ts.
import { createHash } from 'node:crypto';
import type { Clock } from '../base/clock.ts';
import { ServiceError } from '../base/errors.ts';
import { formatSeconds } from '../base/format.ts';
import type { Logger } from '../base/log.ts';
import type { AskBody, AskClient } from '../service/assistant.ts';
import type { Timings } from '../step/timings.ts';

/** What opening the stream needs of ask mode's dependencies (AskDependencies, ask/run.ts). */
export interface OpenDependencies {
  client: AskClient;
  clock: Clock;
  log: Logger;
  /** The run's cancel. */
  signal: AbortSignal;
  timings: Timings['ask'];
}

/** Opens the answer stream; a 429 or a refused connection is tried again while time remains. */
export async function openWithRetry(
  deps: OpenDependencies,
  body: AskBody,
  signal: AbortSignal,
  deadline: number,
): Promise<ReadableStream<Uint8Array>> {
  const { firstBackoffMs, maxBackoffMs } = deps.timings;
  let backoff = firstBackoffMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.client.open(body, signal);
    } catch (error) {
      const retryable =
        error instanceof ServiceError &&
        (error.status === 429 || error.failure === 'unreachable') &&
        !deps.signal.aborted;
      if (!retryable) throw error;
      // Retry-After is the service's own word and is honoured as given, beyond our backoff.
      const waitMs = Math.max(error.retryAfterMs ?? 0, backoff);
      backoff = Math.min(backoff * 2, maxBackoffMs);
      if (deps.clock.now() + waitMs >= deadline) {
        throw new ServiceError(
          `${error.message}; gave up after ${attempt} attempt${attempt === 1 ? '' : 's'} within 'timeout-minutes'`,
          error.failure,
          { status: error.status, publicMessage: error.publicMessage },
        );
      }
      deps.log.info(`${error.message}; trying again in ${formatSeconds(waitMs)}.`);
      await deps.clock.sleep(waitMs, signal);
      if (signal.aborted) throw error;
    }
  }
}

/** A stable id of the asker that does not reveal who it is: the assistant groups conversations by it. */
export function fingerprint(repository: string, requester: { login: string } | undefined): string {
  if (!requester) return 'anonymous';
  // Webhook payloads carry the user's numeric id, which survives a renamed login.
  const id = (requester as { id?: unknown }).id;
  const who = typeof id === 'number' ? `id:${id}` : `login:${requester.login.toLowerCase()}`;
  return createHash('sha256')
    .update(`docs-agent-action\n${repository.toLowerCase()}\n${who}`)
    .digest('hex')
    .slice(0, 32);
}

export function publicReason(error: unknown): string {
  return error instanceof ServiceError && error.publicMessage !== undefined
    ? error.publicMessage
    : 'the assistant could not be reached';
}
