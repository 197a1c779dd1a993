// The answer comment on the issue, and the conversation the issue already had with the assistant.
import { errorMessage } from '../base/errors.ts';
import type { IssueTarget, Octokit } from '../github/octokit.ts';
import type { Logger } from '../base/log.ts';
import type { TextMessage } from '../service/assistant.ts';
import { ASK_MARKER_PREFIX, parseAskMarker, type AskMarkerScope } from '../github/answer-marker.ts';
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
  octokit: Octokit,
  target: IssueTarget,
  scope: AskMarkerScope,
  phrase: Pick<AskRouting, 'triggerPhrase' | 'askWord' | 'mode'>,
): Promise<EarlierThread | undefined> {
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    per_page: 100,
  });
  const answers = comments.flatMap((comment) => {
    // The assistant key signs markers and it is public: only a bot (this action's token) could
    // have written a comment worth believing, whoever else holds the key.
    const marker = comment.user?.type === 'Bot' ? parseAskMarker(comment.body ?? '', scope) : undefined;
    return marker?.threadId ? [{ marker, body: comment.body ?? '' }] : [];
  });
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

/**
 * One comment per question, written when the answer starts and edited as it streams, at most
 * every `intervalMs`, then once more at the end. A failed write is a warning, never a failure:
 * the outputs still carry the answer.
 */
export class AnswerComment {
  readonly #octokit: Octokit;
  readonly #target: IssueTarget;
  readonly #log: Logger;
  readonly #intervalMs: number;
  readonly #now: () => number;
  #id: number | undefined;
  #lastWrite = -Infinity;
  #written = '';
  #pending: Promise<void> = Promise.resolve();
  /** When a create failed: GitHub may have saved the comment all the same (a cancel, a timeout). */
  #createFailedSince: string | undefined;

  constructor(octokit: Octokit, target: IssueTarget, log: Logger, options: { intervalMs: number; now: () => number }) {
    this.#octokit = octokit;
    this.#target = target;
    this.#log = log;
    this.#intervalMs = options.intervalMs;
    this.#now = options.now;
  }

  get id(): number | undefined {
    return this.#id;
  }

  /**
   * Writes the body unless the last write was less than the interval ago. The body is rendered only
   * then: an answer arrives in thousands of small pieces.
   */
  update(render: () => string): void {
    if (this.#now() - this.#lastWrite < this.#intervalMs) return;
    this.#lastWrite = this.#now();
    const body = render();
    this.#pending = this.#pending.then(() => this.#write(body));
  }

  /** Writes `body` whatever the interval, after any write under way. */
  async finish(body: string): Promise<void> {
    this.#pending = this.#pending.then(() => this.#write(body));
    await this.#pending;
  }

  async #write(body: string): Promise<void> {
    if (body === this.#written) return;
    const { owner, repo, issueNumber } = this.#target;
    try {
      // A create that failed may have reached GitHub: the comment it made is found again by its
      // marker before another is created, so one question never gets two answers.
      if (this.#id === undefined && this.#createFailedSince !== undefined) this.#id = await this.#findOwn(body);
      if (this.#id === undefined) {
        // GitHub's clock is not ours: a margin, so that a comment it kept is never before `since`.
        const since = new Date(this.#now() - 5 * 60_000).toISOString();
        try {
          const { data } = await this.#octokit.rest.issues.createComment({
            owner,
            repo,
            issue_number: issueNumber,
            body,
          });
          this.#id = data.id;
        } catch (error) {
          this.#createFailedSince ??= since;
          throw error;
        }
      } else {
        await this.#octokit.rest.issues.updateComment({ owner, repo, comment_id: this.#id, body });
      }
      this.#written = body;
    } catch (error) {
      this.#log.warning(`Could not write the answer on #${issueNumber}: ${errorMessage(error)}`);
    }
  }

  /** The bot comment for this question written since the failed create, if GitHub kept one. */
  async #findOwn(body: string): Promise<number | undefined> {
    const question = questionOf(body);
    if (question === undefined) return undefined;
    const { owner, repo, issueNumber } = this.#target;
    // One page: only comments since the failed create, of which this run writes one.
    const { data } = await this.#octokit.rest.issues.listComments({
      owner,
      repo,
      issue_number: issueNumber,
      since: this.#createFailedSince,
      per_page: 100,
    });
    return data.find((comment) => comment.user?.type === 'Bot' && questionOf(comment.body ?? '') === question)?.id;
  }
}

/** The question a body's ask marker names (`q=…` on its first line). */
function questionOf(body: string): string | undefined {
  const first = body.split('\n', 1)[0] ?? '';
  return first.startsWith(ASK_MARKER_PREFIX) ? /\sq=(\S+)/.exec(first)?.[1] : undefined;
}
