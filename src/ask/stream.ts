// Reads the assistant's answer stream with the `ai` package's own parser and chunk schema, and
// folds the chunks into the answer so far. The package is pinned to a release whose schemas keep
// keys they do not know, so `threadId` on `finish` survives parsing (assistant-api.md).
import { parseJsonEventStream, uiMessageChunkSchema } from 'ai';
import type { UIMessageChunk } from 'ai';
import { THREAD_ID } from './marker.ts';

export interface Source {
  url: string;
  title?: string;
}

export interface Answer {
  /** The answer's markdown so far, text parts in the order they started. */
  text: string;
  sources: Source[];
  /** '' until the service names the conversation. */
  threadId: string;
  /** The stream reached `finish`. */
  finished: boolean;
  /** Why the answer stopped early: an `error` chunk, an `abort`, or a cut stream. */
  stoppedBy?: string;
}

/** Most sources listed under one answer. */
const MAX_SOURCES = 20;

/**
 * Reads `body` to its end, calling `onUpdate` after each chunk that changed the answer. Never
 * throws for a broken stream: the answer keeps what arrived and says why it stopped.
 */
export async function readAnswer(
  body: ReadableStream<Uint8Array>,
  onUpdate: (answer: Answer) => void,
): Promise<Answer> {
  const parts = new Map<string, string>();
  const answer: Answer = { text: '', sources: [], threadId: '', finished: false };
  const reader = parseJsonEventStream({ stream: body, schema: uiMessageChunkSchema }).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // A chunk this release does not know (a newer type) is skipped, as useChat would.
      if (!value.success) continue;
      const chunk = value.value;
      if (apply(chunk, value.rawValue, answer, parts)) onUpdate(answer);
      if (answer.finished || answer.stoppedBy) break;
    }
  } catch {
    answer.stoppedBy = 'the connection ended before the answer was complete';
  } finally {
    reader.cancel().catch(() => undefined);
  }
  if (!answer.finished && !answer.stoppedBy) answer.stoppedBy = 'the answer stream ended before it was complete';
  return answer;
}

function apply(chunk: UIMessageChunk, raw: unknown, answer: Answer, parts: Map<string, string>): boolean {
  switch (chunk.type) {
    case 'text-start':
      if (!parts.has(chunk.id)) parts.set(chunk.id, '');
      return false;
    case 'text-delta':
      parts.set(chunk.id, (parts.get(chunk.id) ?? '') + chunk.delta);
      answer.text = [...parts.values()].filter((text) => text !== '').join('\n\n');
      return true;
    case 'source-url':
      if (answer.sources.length < MAX_SOURCES && !answer.sources.some((source) => source.url === chunk.url)) {
        answer.sources.push({ url: chunk.url, ...(chunk.title ? { title: chunk.title } : {}) });
        return true;
      }
      return false;
    case 'message-metadata':
      return noteThread(answer, chunk.messageMetadata);
    case 'finish':
      noteThread(answer, raw, chunk.messageMetadata);
      answer.finished = true;
      return true;
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
