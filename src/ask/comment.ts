// The conversation the issue already had with the assistant, read back from this action's own
// signed answer comments (the comment itself is written through the issue thread:
// src/github/thread.ts). The service guards each thread with a key that is handed out once, and a
// key kept on GitHub would be public; so no key is kept, and every question starts a new thread
// that carries the conversation so far in `messages`, bounded (docs/ask.md).
import { createHash } from 'node:crypto';
import type { TextMessage } from '../service/assistant.ts';
import { boundHistory, MAX_TURNS, textMessage } from '../service/assistant-history.ts';
import type { IssueThread } from '../github/thread.ts';
import type { MarkerScope } from '../github/marker.ts';
import type { Routing } from '../step/mode.ts';
import { askIn } from './route.ts';
import { ANSWER_END, ANSWER_START, NO_ANSWER_TEXT } from './render.ts';

/** The conversation found on the issue: the chat's id and its earlier turns, oldest first. */
export interface Conversation {
  /** The same for every question since the conversation started (the real client's chat id). */
  chatId: string;
  messages: TextMessage[];
}

/**
 * The conversation the new question continues: this action's signed answers on the issue, back to
 * the newest one whose question started a conversation (`/docs ask new …`), with the questions that
 * asked them, bounded (service/assistant-history.ts). Undefined when there is none.
 */
export async function findConversation(
  thread: IssueThread,
  phrase: Pick<Routing, 'triggerPhrase' | 'askWord' | 'mode'>,
  /** The question the issue itself asked (opened or labelled), for an answer to it (`q=i`). */
  issueQuestion = '',
): Promise<Conversation | undefined> {
  // The assistant key signs markers and it is public: only a bot (this action's token) could
  // have written a comment worth believing, whoever else holds the key (IssueThread.signed).
  const answers = await thread.signed('ask');
  if (answers.length === 0) return undefined;
  const comments = await thread.comments();
  const asked = new Map(comments.map((comment) => [`c${comment.id}`, comment.body]));
  const turns: { ref: string; question: string | undefined; answer: string | undefined }[] = [];
  for (const answer of [...answers].reverse()) {
    const ref = answer.marker.question;
    const said = asked.get(ref);
    const found = said === undefined ? undefined : askIn(said, phrase);
    const question = ref === 'i' ? issueQuestion : found?.question;
    turns.unshift({ ref, question: question?.trim() || undefined, answer: answerIn(answer.body) });
    if (found?.newThread) break;
  }
  const first = turns[0];
  if (!first) return undefined;
  const messages = boundHistory(
    turns
      .slice(-MAX_TURNS)
      .map((turn) => [
        ...(turn.question ? [message(thread.scope, turn.ref, 'user', turn.question)] : []),
        ...(turn.answer ? [message(thread.scope, turn.ref, 'assistant', turn.answer)] : []),
      ]),
  );
  return { chatId: chatId(thread.scope, first.ref), messages };
}

/**
 * One message of the conversation. Its id is made from where the question was asked, so it is
 * unique across issues and repositories and the same each time the message is sent again.
 */
export function message(
  scope: Pick<MarkerScope, 'repository' | 'issueNumber'>,
  questionRef: string,
  role: TextMessage['role'],
  text: string,
): TextMessage {
  return textMessage(`msg_${digest(`${scope.repository}#${scope.issueNumber}\n${questionRef}\n${role}`)}`, role, text);
}

/** The chat's id: made from the question that started the conversation. */
export function chatId(scope: Pick<MarkerScope, 'repository' | 'issueNumber'>, firstQuestionRef: string): string {
  return `chat_${digest(`${scope.repository}#${scope.issueNumber}\n${firstQuestionRef}`)}`;
}

function digest(text: string): string {
  return createHash('sha256').update(text.toLowerCase()).digest('hex').slice(0, 24);
}

/** The answer part of one of our comments, as it was shown (already made inert). */
function answerIn(body: string): string | undefined {
  const start = body.indexOf(`${ANSWER_START}\n`);
  const end = body.lastIndexOf(`\n${ANSWER_END}`);
  if (start === -1 || end <= start) return undefined;
  const said = body.slice(start + ANSWER_START.length + 1, end);
  return said === NO_ANSWER_TEXT ? undefined : said.replace(/\u200b/g, '').trim() || undefined;
}
