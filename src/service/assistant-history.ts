// How much of a conversation is sent again with a new question, on GitHub (ask/comment.ts) and on
// the command line (cli/thread-store.ts) alike: the body is the whole conversation, as the
// library's own client sends it, so it is bounded in turns and in characters.
import type { TextMessage } from './assistant.ts';

/** Earlier turns (a question and its answer) sent again. */
export const MAX_TURNS = 5;
/** Characters kept of one earlier question or answer. */
export const MAX_TURN_CHARS = 4_000;
/** Characters of all earlier turns together: beyond it the oldest turns are left out. */
export const MAX_HISTORY_CHARS = 16_000;

/** A message of the conversation, its text cut to MAX_TURN_CHARS. */
export function textMessage(id: string, role: TextMessage['role'], text: string): TextMessage {
  return { id, role, parts: [{ type: 'text', text: text.slice(0, MAX_TURN_CHARS) }] };
}

/**
 * The newest MAX_TURNS turns that fit in MAX_HISTORY_CHARS together, oldest first, as one list of
 * messages. A turn is the messages of one question: its question, its answer, or both.
 */
export function boundHistory(turns: readonly (readonly TextMessage[])[]): TextMessage[] {
  const size = (turn: readonly TextMessage[]): number =>
    turn.reduce((sum, message) => sum + message.parts.reduce((n, part) => n + part.text.length, 0), 0);
  const kept: (readonly TextMessage[])[] = [];
  let total = 0;
  for (const turn of [...turns].reverse()) {
    const cut = turn.map((message) => textMessage(message.id, message.role, message.parts[0]?.text ?? ''));
    if (kept.length >= MAX_TURNS || total + size(cut) > MAX_HISTORY_CHARS) break;
    kept.unshift(cut);
    total += size(cut);
  }
  return kept.flat();
}
