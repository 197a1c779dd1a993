import { createHmac, timingSafeEqual } from 'node:crypto';
import { THREAD_ID } from '../text/grammar.ts';

/**
 * The hidden first line of an answer comment. It records the assistant's thread id so that the
 * next `/docs ask` on the issue continues the conversation, and which comment asked, so that the
 * earlier turns can be sent again. It holds only ids, never user or model text.
 */
export const ASK_MARKER_PREFIX = '<!-- docs-agent-ask';

/**
 * What a signature binds a marker to. The assistant key is public, so the signature does not stop
 * someone who holds it; it stops a marker copied from another issue or repository, or typed by a
 * commenter without the key, from steering this issue's conversation.
 */
export interface AskMarkerScope {
  key: string;
  /** owner/repo. */
  repository: string;
  issueNumber: number;
}

export interface AskMarker {
  /** '' when the service gave no thread id. */
  threadId: string;
  /** What asked: `c<comment id>`, `i` for the issue itself, `r<run id>` for a step's prompt. */
  question: string;
}

const SIGNATURE_LENGTH = 32;
const QUESTION_REF = /^(?:c\d{1,20}|i|r\d{1,20})$/;

function sign(scope: AskMarkerScope, marker: AskMarker): string {
  const text = ['ask', scope.repository.toLowerCase(), String(scope.issueNumber), marker.threadId, marker.question];
  return createHmac('sha256', scope.key).update(text.join('\n')).digest('hex').slice(0, SIGNATURE_LENGTH);
}

export function renderAskMarker(marker: AskMarker, scope: AskMarkerScope): string {
  const threadId = THREAD_ID.test(marker.threadId) ? marker.threadId : '';
  const question = QUESTION_REF.test(marker.question) ? marker.question : 'i';
  const clean = { threadId, question };
  return `${ASK_MARKER_PREFIX} thread=${threadId || '-'} q=${question} sig=${sign(scope, clean)} -->`;
}

/** The marker on the first line of `body`, if this action signed it for this scope; text further down is never read. */
export function parseAskMarker(body: string, scope: AskMarkerScope): AskMarker | undefined {
  const firstLine = body.split('\n', 1)[0] ?? '';
  const match = /^<!-- docs-agent-ask thread=(\S+) q=(\S+) sig=([0-9a-f]+) -->$/.exec(firstLine.trimEnd());
  if (!match) return undefined;
  const [, thread = '', question = '', signature = ''] = match;
  const marker = { threadId: thread === '-' ? '' : thread, question };
  if (marker.threadId && !THREAD_ID.test(marker.threadId)) return undefined;
  if (!QUESTION_REF.test(question)) return undefined;
  const expected = sign(scope, marker);
  if (signature.length !== expected.length) return undefined;
  return timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) ? marker : undefined;
}
