// `ask`: a question to the documentation's assistant, through the action's own client and stream
// reader (src/service/assistant.ts, assistant-stream.ts). On a terminal the answer is printed as
// it arrives; in CI or piped it is printed once whole; with --json it is the `answer` field.
// `--thread` continues a conversation kept on this machine (cli/thread-store.ts): with the thread's
// key when one is kept, and always with the turns so far, so a forgotten thread goes on in a new one.
import { randomUUID } from 'node:crypto';
import { ServiceError, errorMessage } from '../base/errors.ts';
import { checkSourceLink, sourceEntries } from '../text/grammar.ts';
import { holdsSecret, longestSecret } from '../text/secrets.ts';
import { forTerminalLine, forTerminalText } from '../text/terminal.ts';
import { ThreadNotFoundError, type AskBody, type AskClient, type OpenedAnswer } from '../service/assistant.ts';
import { textMessage } from '../service/assistant-history.ts';
import { FINGERPRINT, type StoredThread, type ThreadStore } from './thread-store.ts';
import { READ_LIMITS, readAnswer, type Answer } from '../service/assistant-stream.ts';
import { isSafeToRepeat, SEND_RETRIES, withRetry } from '../service/retry.ts';
import type { Display } from './display.ts';
import { displayLogger, type JobContext } from './jobs.ts';
import { EXIT } from '../outcome/exit.ts';
import { ANSWERS } from '../outcome/answers.ts';

/** `timeoutMs` stops reading the answer; `clock` times the retry's waits (Retry-After, backoff) and its deadline. */
export type AskContext = Pick<JobContext, 'display' | 'signal' | 'timeoutMs' | 'clock' | 'backoff'> & {
  client: AskClient;
  /** Where conversations and this machine's fingerprint are kept. */
  store: ThreadStore;
  env: Readonly<Record<string, string | undefined>>;
};

/** The service's recommended number of search results behind an answer (the action's default). */
const PAGE_SIZE = 5;

export async function runAsk(questionText: string, thread: string | undefined, context: AskContext): Promise<number> {
  const { client, display, signal } = context;
  const fp = context.env.DOCS_ASSISTANT_FP?.trim();
  if (fp && !FINGERPRINT.test(fp)) {
    display.error(
      `docs-agent: Invalid DOCS_ASSISTANT_FP '${forTerminalLine(fp, 60)}': expected 1 to 128 letters, digits, '_', '.', ':' or '-', or leave it unset to use this machine's.`,
    );
    return EXIT.input;
  }
  const stop = new AbortController();
  const onAbort = (): void => stop.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => stop.abort(), context.timeoutMs).unref();
  const stream = new AnswerPrinter(display);
  const kept = thread ? context.store.load(thread) : undefined;
  if (thread && !kept?.threadKey) {
    display.error(
      kept
        ? `No key of thread ${thread} is kept on this machine: this starts a new thread with the conversation so far.`
        : `Thread ${thread} is not kept on this machine: this starts a new conversation.`,
    );
  }
  const question = textMessage(randomUUID(), 'user', questionText);
  const request: AskBody = {
    id: kept?.chatId ?? randomUUID(),
    trigger: 'submit-message',
    fp: context.store.fingerprint(context.env),
    messages: [...(kept?.turns.flat() ?? []), question],
    // A thread id is sent only with its key: the service answers it alone with 404.
    ...(thread && kept?.threadKey ? { threadId: thread, threadKey: kept.threadKey } : {}),
    retrievalPageSize: PAGE_SIZE,
  };
  let answer: Answer;
  let opened: OpenedAnswer;
  try {
    display.status('asking the assistant');
    // The action's own retry: a 429 or a 503 with Retry-After is waited out, within --timeout
    // (one deadline, whether the question is asked once or again in a new thread).
    const deadline = context.clock.now() + context.timeoutMs;
    const open = (body: AskBody): Promise<OpenedAnswer> =>
      withRetry(() => client.open(body, stop.signal), {
        what: 'Asking the assistant',
        policy: isSafeToRepeat,
        retries: SEND_RETRIES,
        backoff: context.backoff,
        deadline,
        deadlineInput: '--timeout',
        clock: context.clock,
        log: displayLogger(display),
        signal: stop.signal,
      });
    opened = await open(request).catch((error: unknown) => {
      if (!(error instanceof ThreadNotFoundError)) throw error;
      display.error(
        `The assistant no longer knows thread ${thread}: this starts a new thread with the conversation so far.`,
      );
      const { threadId: _id, threadKey: _key, ...fresh } = request;
      return open(fresh);
    });
    display.stop();
    answer = await readAnswer(opened.stream, (update) => stream.update(update.text), {
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
  // The header names the thread its key belongs to; the stream's own id is the fallback.
  if (opened.threadId) answer.threadId = opened.threadId;
  keep(context, answer, { request, kept, question, ...(thread ? { thread } : {}), opened });
  stream.finish(answer.text);
  const sources = answer.sources.flatMap((source) => {
    if (source.url === undefined) return [{ url: '', title: source.title ?? '', filename: source.filename ?? '' }];
    const checked = checkSourceLink(source.url);
    return checked.ok && !holdsSecret(checked.value)
      ? [{ url: checked.value, title: source.title ?? '', filename: '' }]
      : [];
  });
  const { status, exit } = ANSWERS[answer.finished && !answer.stoppedBy ? 'answered' : 'incomplete'];
  if (display.mode === 'json') {
    display.json({
      status,
      answer: forTerminalText(answer.text, READ_LIMITS.maxText),
      'thread-id': answer.threadId,
      // As the action's `sources` output: page addresses, and a document's file name.
      sources: sourceEntries(sources),
      ...(answer.stoppedBy ? { message: forTerminalLine(answer.stoppedBy, 300) } : {}),
    });
  }
  if (sources.length) {
    display.line('');
    display.line('Sources:');
    for (const source of sources) display.line(`- ${sourceLine(source)}`);
  }
  if (answer.threadId) display.line(`Thread: ${answer.threadId} (continue with --thread ${answer.threadId})`);
  if (answer.stoppedBy) display.error(`The answer is incomplete: ${answer.stoppedBy}.`);
  if (signal.aborted) return EXIT.interrupted;
  return exit;
}

/** One source as a line: a page's title and address, a document's title and file name (outside text, gated). */
function sourceLine(source: { url: string; title: string; filename: string }): string {
  const title = source.title ? forTerminalLine(source.title, 200) : '';
  if (source.url) return `${title ? `${title}: ` : ''}${source.url}`;
  const file = source.filename ? forTerminalLine(source.filename, 200) : '';
  return title && file ? `${title} (${file})` : title || file;
}

/**
 * Keeps the conversation under the thread the answer names, with the key that came with it (or the
 * one kept, for the same thread), so `--thread` can continue it. A failure to keep it is one line.
 */
function keep(
  context: AskContext,
  answer: Answer,
  turn: {
    request: AskBody;
    kept: StoredThread | undefined;
    question: AskBody['messages'][number];
    thread?: string;
    opened: OpenedAnswer;
  },
): void {
  if (!answer.threadId) return;
  const said = answer.text ? [textMessage(randomUUID(), 'assistant', answer.text)] : [];
  const threadKey = turn.opened.threadKey ?? (answer.threadId === turn.thread ? turn.kept?.threadKey : undefined);
  try {
    context.store.save(answer.threadId, {
      chatId: turn.request.id,
      ...(threadKey ? { threadKey } : {}),
      turns: [...(turn.kept?.turns ?? []), [turn.question, ...said]],
    });
  } catch (error) {
    context.display.error(`docs-agent: the conversation could not be kept for --thread: ${errorMessage(error)}`);
  }
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
