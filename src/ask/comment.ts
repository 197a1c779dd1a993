// The conversation the issue already had with the assistant, read from this action's answer
// comments (the comment itself is written through the issue thread: src/github/thread.ts).
import type { TextMessage } from '../service/assistant.ts';
import type { IssueThread } from '../github/thread.ts';
import { askIn, type AskRouting } from './route.ts';
import { ANSWER_END, ANSWER_START } from './render.ts';

/** The conversation found on the issue: its id and its earlier turns, oldest first. */
export interface EarlierThread {
  threadId: string;
  messages: TextMessage[];
}

/** Turns sent again when continuing; the service keeps the thread, these only give it context. */
const MAX_TURNS = 3;
const MAX_TURN_CHARS = 4_000;

/**
 * The latest conversation on the issue: the thread id of the newest answer comment this action
 * signed, and the questions and answers of that thread. Undefined when there is none.
 */
export async function findThread(
  thread: IssueThread,
  phrase: Pick<AskRouting, 'triggerPhrase' | 'askWord' | 'mode'>,
): Promise<EarlierThread | undefined> {
  // The assistant key signs markers and it is public: only a bot (this action's token) could
  // have written a comment worth believing, whoever else holds the key (IssueThread.signed).
  const answers = (await thread.signed('ask')).filter((answer) => answer.marker.threadId);
  const comments = await thread.comments();
  const latest = answers.at(-1);
  if (!latest) return undefined;
  const threadId = latest.marker.threadId;
  const messages: TextMessage[] = [];
  for (const [index, answer] of answers
    .filter((a) => a.marker.threadId === threadId)
    .slice(-MAX_TURNS)
    .entries()) {
    const asked = answer.marker.question.startsWith('c')
      ? comments.find((comment) => `c${comment.id}` === answer.marker.question)?.body
      : undefined;
    const question = asked ? askIn(asked, phrase)?.question : undefined;
    if (question) messages.push(text(`q${index}`, 'user', question));
    const said = answerIn(answer.body);
    if (said) messages.push(text(`a${index}`, 'assistant', said));
  }
  return { threadId, messages };
}

function text(id: string, role: TextMessage['role'], body: string): TextMessage {
  return { id, role, parts: [{ type: 'text', text: body.slice(0, MAX_TURN_CHARS) }] };
}

/** The answer part of one of our comments, as it was shown (already made inert). */
function answerIn(body: string): string | undefined {
  const start = body.indexOf(`${ANSWER_START}\n`);
  const end = body.lastIndexOf(`\n${ANSWER_END}`);
  if (start === -1 || end <= start) return undefined;
  return (
    body
      .slice(start + ANSWER_START.length + 1, end)
      .replace(/\u200b/g, '')
      .trim() || undefined
  );
}
