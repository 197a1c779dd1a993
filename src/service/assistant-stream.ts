// Reads the assistant's answer stream with the `ai` package's own parser and chunk schema, and
// folds the chunks into the answer so far. The package is pinned to a release whose schemas keep
// keys they do not know, so `threadId` on `finish` survives parsing (assistant-api.md).
//
// The stream is outside input of unknown length: reading it is bounded in bytes, in the answer's
// length and in time, and lets the event loop run between chunks, so that the run's cancel and its
// timeout-minutes (timers and signal handlers, which wait for the loop) are heard while it reads.
import { parseJsonEventStream, uiMessageChunkSchema } from 'ai';
import type { UIMessageChunk } from 'ai';
import { THREAD_ID } from '../text/grammar.ts';

/**
 * One source of an answer: a page (`source-url`, or a page in the `search` tool's results) with its
 * address, or a document (`source-document`) with a title and maybe a file name, and no address: none
 * is made up for it.
 */
export interface Source {
  url?: string;
  title?: string;
  filename?: string;
}

export interface Answer {
  /** The answer's markdown so far, text parts in the order they started. */
  readonly text: string;
  sources: Source[];
  /** '' until the service names the conversation. */
  threadId: string;
  /** The stream reached `finish`. */
  finished: boolean;
  /**
   * Why the answer stopped early: an `error` chunk, an `abort`, a `finish` whose reason says the
   * answer is not whole (`length`, `content-filter`, `error`), a cut stream, a cap, a cancel.
   */
  stoppedBy?: string;
}

export interface ReadLimits {
  /**
   * The answer's text is kept to this many characters: reading stops once it is longer, and the
   * answer says it was cut. A little above GitHub's limit for a comment, which is all it can show.
   */
  maxText: number;
  /** Extra characters kept past `maxText`, so that a secret the cut splits is still seen whole by redaction. */
  overlap: number;
  /** Reading stops after this many bytes of stream, whatever they carried (reasoning, unknown chunks, one endless line). */
  maxBytes: number;
  /** Stops reading at once: the run's cancel or its deadline. The answer keeps what arrived. */
  signal?: AbortSignal;
  /** Why `signal` stopped the answer, for the comment and the log. */
  stopReason?: () => string;
}

export const READ_LIMITS: ReadLimits = { maxText: 70_000, overlap: 0, maxBytes: 16 * 1024 * 1024 };

/** Most sources listed under one answer. */
const MAX_SOURCES = 20;
/** Results of one tool output looked at, and tool calls whose names are remembered. */
const MAX_TOOL_RESULTS = 50;
const MAX_TOOL_CALLS = 100;
/** The loop yields to timers and signals after this many chunks, or this long, whichever comes first. */
const YIELD_EVERY_CHUNKS = 64;
const YIELD_EVERY_MS = 20;

/** The text parts in the order they started, joined only when read: an answer arrives in thousands of small pieces. */
class AnswerText {
  readonly #parts = new Map<string, string>();
  #length = 0;
  #joined: string | undefined = '';

  get length(): number {
    return this.#length;
  }

  start(id: string): void {
    if (!this.#parts.has(id)) this.#parts.set(id, '');
  }

  /** Appends to a part, keeping the whole to `room` characters at most. */
  append(id: string, delta: string, room: number): void {
    const kept = delta.length > room - this.#length ? delta.slice(0, Math.max(0, room - this.#length)) : delta;
    this.#parts.set(id, (this.#parts.get(id) ?? '') + kept);
    this.#length += kept.length;
    this.#joined = undefined;
  }

  toString(): string {
    this.#joined ??= [...this.#parts.values()].filter((text) => text !== '').join('\n\n');
    return this.#joined;
  }
}

/**
 * Reads `body` to its end or to a limit, calling `onUpdate` after each chunk that changed the
 * answer. Never throws for a broken stream: the answer keeps what arrived and says why it stopped.
 */
export async function readAnswer(
  body: ReadableStream<Uint8Array>,
  onUpdate: (answer: Answer) => void,
  limits: ReadLimits = READ_LIMITS,
): Promise<Answer> {
  const text = new AnswerText();
  const answer: Answer = {
    get text() {
      return text.toString();
    },
    sources: [],
    threadId: '',
    finished: false,
  };
  let bytes = 0;
  let overBytes = false;
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        overBytes = bytes > limits.maxBytes;
        if (overBytes) controller.terminate();
        else controller.enqueue(chunk);
      },
    }),
  );
  const reader = parseJsonEventStream({ stream: counted, schema: uiMessageChunkSchema }).getReader();
  const stop = (): void => void reader.cancel().catch(() => undefined);
  limits.signal?.addEventListener('abort', stop, { once: true });
  const state: ReadState = { text, tools: new Map() };
  let chunks = 0;
  let breathed = performance.now();
  try {
    for (;;) {
      if (limits.signal?.aborted) break;
      const { done, value } = await reader.read();
      if (done) break;
      // A chunk this release does not know (a newer type) is skipped, as useChat would.
      if (value.success && apply(value.value, value.rawValue, answer, state, limits)) onUpdate(answer);
      if (answer.finished || answer.stoppedBy) break;
      if (++chunks % YIELD_EVERY_CHUNKS === 0 || performance.now() - breathed > YIELD_EVERY_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        breathed = performance.now();
      }
    }
  } catch {
    answer.stoppedBy = 'the connection ended before the answer was complete';
  } finally {
    limits.signal?.removeEventListener('abort', stop);
    stop();
  }
  if (limits.signal?.aborted && !answer.finished) {
    answer.stoppedBy = limits.stopReason?.() ?? 'the action stopped reading the answer';
  } else if (overBytes && !answer.finished && !answer.stoppedBy) {
    answer.stoppedBy = `the answer stream was longer than ${formatBytes(limits.maxBytes)}, so the action stopped reading it`;
  }
  if (!answer.finished && !answer.stoppedBy) answer.stoppedBy = 'the answer stream ended before it was complete';
  return answer;
}

interface ReadState {
  text: AnswerText;
  /** Tool names by call id, to know which tool's output holds the pages found. */
  tools: Map<string, string>;
}

function apply(chunk: UIMessageChunk, raw: unknown, answer: Answer, state: ReadState, limits: ReadLimits): boolean {
  const { text, tools } = state;
  switch (chunk.type) {
    case 'text-start':
      text.start(chunk.id);
      return false;
    case 'text-delta':
      text.append(chunk.id, chunk.delta, limits.maxText + limits.overlap);
      if (text.length > limits.maxText) {
        answer.stoppedBy = `the answer was longer than ${limits.maxText.toLocaleString('en-US')} characters, so it was cut there`;
      }
      return true;
    case 'source-url':
      return addSource(answer, { url: chunk.url, ...(chunk.title ? { title: chunk.title } : {}) });
    case 'source-document':
      return addSource(answer, { title: chunk.title, ...(chunk.filename ? { filename: chunk.filename } : {}) });
    case 'tool-input-start':
    case 'tool-input-available':
      if (tools.size < MAX_TOOL_CALLS) tools.set(chunk.toolCallId, chunk.toolName);
      return false;
    case 'tool-output-available': {
      const name = tools.get(chunk.toolCallId);
      if (name !== undefined && !/search/i.test(name)) return false;
      let changed = false;
      for (const source of pagesIn(chunk.output)) changed = addSource(answer, source) || changed;
      return changed;
    }
    case 'start':
    case 'message-metadata':
      return noteThread(answer, chunk.messageMetadata);
    case 'finish': {
      noteThread(answer, raw, chunk.messageMetadata);
      answer.finished = true;
      const cut = CUT_REASONS[chunk.finishReason ?? ''];
      if (cut) answer.stoppedBy = cut;
      return true;
    }
    case 'error':
      answer.stoppedBy = `the assistant reported an error: ${chunk.errorText}`;
      return true;
    case 'abort':
      answer.stoppedBy = 'the assistant stopped the answer';
      return true;
    default:
      if (chunk.type.startsWith('data-')) return noteThread(answer, (chunk as { data?: unknown }).data);
      return false;
  }
}

/** The finish reasons that say the answer is not whole, and how the comment says so. */
const CUT_REASONS: Readonly<Record<string, string>> = {
  length: 'the assistant stopped at its output limit, so the answer is cut short',
  'content-filter': "the assistant's content filter stopped the answer",
  error: 'the assistant ended the answer with an error',
};

/** Adds a source unless it is there already (the same address, or the same document) or the list is full. */
function addSource(answer: Answer, source: Source): boolean {
  if (answer.sources.length >= MAX_SOURCES) return false;
  const key = sourceKey(source);
  if (!key || answer.sources.some((known) => sourceKey(known) === key)) return false;
  answer.sources.push(source);
  return true;
}

function sourceKey(source: Source): string {
  if (source.url) return `url:${source.url}`;
  return source.title || source.filename ? `doc:${source.title ?? ''}\n${source.filename ?? ''}` : '';
}

/**
 * The pages in a search tool's output. Its shape is not documented: a list of results, or an object
 * holding one (`results`, `pages`, `documents`, `sources`), each with an address (`url`, `href`,
 * `link`) and a title; a result with a title and no address is listed as a document.
 */
function pagesIn(output: unknown): Source[] {
  const holder = output as Record<string, unknown> | null | undefined;
  const list = Array.isArray(output)
    ? output
    : [holder?.results, holder?.pages, holder?.documents, holder?.sources].find(Array.isArray);
  if (!Array.isArray(list)) return [];
  const found: Source[] = [];
  for (const item of list.slice(0, MAX_TOOL_RESULTS)) {
    const page = (item ?? {}) as Record<string, unknown>;
    const url = [page.url, page.href, page.link].find(
      (value) => typeof value === 'string' && /^https?:\/\//i.test(value),
    );
    const title = [page.title, page.name].find((value) => typeof value === 'string' && value.trim() !== '');
    const filename = [page.filename, page.path].find((value) => typeof value === 'string' && value.trim() !== '');
    if (typeof url === 'string') found.push({ url, ...(typeof title === 'string' ? { title } : {}) });
    else if (typeof title === 'string') {
      found.push({ title, ...(typeof filename === 'string' ? { filename } : {}) });
    }
  }
  return found;
}

/** Takes a thread id from the first of `places` that has a usable one. */
function noteThread(answer: Answer, ...places: unknown[]): boolean {
  for (const place of places) {
    const id = (place as { threadId?: unknown } | null | undefined)?.threadId;
    if (typeof id === 'string' && THREAD_ID.test(id)) {
      answer.threadId = id;
      return true;
    }
  }
  return false;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
