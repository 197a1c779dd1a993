// The call to the assistant: who asks, without saying who (the fingerprint), and opening the
// answer stream while time remains. What the stream then carries is read by service/assistant-stream.ts.
import { createHash } from 'node:crypto';
import type { Clock } from '../base/clock.ts';
import { ServiceError } from '../base/errors.ts';
import type { Logger } from '../base/log.ts';
import type { AskBody, AskClient, OpenedAnswer } from '../service/assistant.ts';
import { isSafeToRepeat, SEND_RETRIES, withRetry } from '../service/retry.ts';
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

/** Opens the answer stream, repeated as a create is (service/retry.ts) while time remains. */
export function openWithRetry(
  deps: OpenDependencies,
  body: AskBody,
  signal: AbortSignal,
  deadline: number,
): Promise<OpenedAnswer> {
  const { firstBackoffMs, maxBackoffMs } = deps.timings;
  return withRetry(() => deps.client.open(body, signal), {
    what: 'Asking the assistant',
    policy: isSafeToRepeat,
    retries: SEND_RETRIES,
    backoff: { minMs: firstBackoffMs, maxMs: maxBackoffMs },
    deadline,
    deadlineInput: 'timeout-minutes',
    clock: deps.clock,
    log: deps.log,
    signal,
  });
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
