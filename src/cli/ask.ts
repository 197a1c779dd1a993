// `ask`: a question to the documentation's assistant, through the action's own client and stream
// reader (src/service/assistant.ts, assistant-stream.ts). On a terminal the answer is printed as
// it arrives; in CI or piped it is printed once whole; with --json it is the `answer` field.
import { randomUUID } from 'node:crypto';
import { ServiceError, errorMessage } from '../base/errors.ts';
import { checkSourceLink, MAX_SOURCES } from '../text/grammar.ts';
import { holdsSecret, longestSecret } from '../text/secrets.ts';
import { forTerminalLine, forTerminalText } from '../text/terminal.ts';
import type { AskClient } from '../service/assistant.ts';
import { READ_LIMITS, readAnswer, type Answer } from '../service/assistant-stream.ts';
import type { Clock } from '../base/clock.ts';
import { isSafeToRepeat, SEND_RETRIES, withRetry, type Backoff } from '../service/retry.ts';
import type { Display } from './display.ts';
import { displayLogger } from './jobs.ts';
import { EXIT } from './exit.ts';
import { ANSWERS } from '../outcome/answers.ts';

export interface AskContext {
  client: AskClient;
  display: Display;
  signal: AbortSignal;
  /** Stops reading the answer after this long. */
  timeoutMs: number;
  /** The retry's waits (Retry-After, backoff) and its deadline. */
  clock: Clock;
  backoff: Backoff;
}

/** The service's recommended number of search results behind an answer (the action's default). */
const PAGE_SIZE = 5;

export async function runAsk(question: string, thread: string | undefined, context: AskContext): Promise<number> {
  const { client, display, signal } = context;
  const stop = new AbortController();
  const onAbort = (): void => stop.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => stop.abort(), context.timeoutMs).unref();
  const stream = new AnswerPrinter(display);
  let answer: Answer;
  try {
    display.status('asking the assistant');
    const request = {
      fp: randomUUID(),
      messages: [{ id: randomUUID(), role: 'user' as const, parts: [{ type: 'text' as const, text: question }] }],
      ...(thread ? { threadId: thread } : {}),
      retrievalPageSize: PAGE_SIZE,
    };
    // The action's own retry: a 429 or a 503 with Retry-After is waited out, within --timeout.
    const body = await withRetry(() => client.open(request, stop.signal), {
      what: 'Asking the assistant',
      policy: isSafeToRepeat,
      retries: SEND_RETRIES,
      backoff: context.backoff,
      deadline: context.clock.now() + context.timeoutMs,
      deadlineInput: '--timeout',
      clock: context.clock,
      log: displayLogger(display),
      signal: stop.signal,
    });
    display.stop();
    answer = await readAnswer(body, (update) => stream.update(update.text), {
      ...READ_LIMITS,
      overlap: longestSecret(),
      signal: stop.signal,
      stopReason: () => (signal.aborted ? 'interrupted' : 'the timeout passed before the answer was complete'),
    });
  } catch (error) {
    display.stop();
    if (signal.aborted) {
      display.error('Interrupted before the answer came.');
      return EXIT.interrupted;
    }
    display.error(`docs-agent: ${errorMessage(error)}`);
    return error instanceof ServiceError ? EXIT.unreachable : EXIT.failed;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
  stream.finish(answer.text);
  const sources = answer.sources.flatMap((source) => {
    const checked = checkSourceLink(source.url);
    return checked.ok && !holdsSecret(checked.value) ? [{ url: checked.value, title: source.title ?? '' }] : [];
  });
  const { status, exit } = ANSWERS[answer.finished ? 'answered' : 'incomplete'];
  if (display.mode === 'json') {
    display.json({
      status,
      answer: forTerminalText(answer.text, READ_LIMITS.maxText),
      'thread-id': answer.threadId,
      sources: sources.slice(0, MAX_SOURCES).map((source) => source.url),
      ...(answer.stoppedBy ? { message: forTerminalLine(answer.stoppedBy, 300) } : {}),
    });
  }
  if (sources.length) {
    display.line('');
    display.line('Sources:');
    for (const source of sources) display.line(`- ${source.title ? `${source.title}: ` : ''}${source.url}`);
  }
  if (answer.threadId) display.line(`Thread: ${answer.threadId} (continue with --thread ${answer.threadId})`);
  if (answer.stoppedBy) display.error(`The answer is incomplete: ${answer.stoppedBy}.`);
  if (signal.aborted) return EXIT.interrupted;
  return exit;
}

/**
 * Prints the answer: on a terminal as it arrives, otherwise whole at the end (not with --json).
 * What is printed early is the gated text so far up to its last white space: a key, in any form
 * the gate reads, holds none, so a key still arriving is held back until it is whole and redacted,
 * and nothing printed is ever taken back. Should redaction still change what was shown, the whole
 * answer is printed again, gated.
 */
class AnswerPrinter {
  readonly #display: Display;
  #printed = '';

  constructor(display: Display) {
    this.#display = display;
  }

  update(text: string): void {
    if (this.#display.mode !== 'live') return;
    const gated = forTerminalText(text, READ_LIMITS.maxText);
    const stable = gated.slice(0, Math.max(gated.lastIndexOf(' '), gated.lastIndexOf('\n')) + 1);
    if (stable.length > this.#printed.length && stable.startsWith(this.#printed)) {
      this.#display.text(stable.slice(this.#printed.length));
      this.#printed = stable;
    }
  }

  finish(text: string): void {
    if (this.#display.mode === 'json') return;
    const gated = forTerminalText(text, READ_LIMITS.maxText);
    // The rest, or the whole answer again after a line when redaction changed what was shown.
    const rest = gated.startsWith(this.#printed) ? gated.slice(this.#printed.length) : `\n${gated}`;
    this.#display.text(`${rest}\n`);
  }
}
