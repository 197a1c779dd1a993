// The question of an ask run and where it came from. Pure: it reads the event and the settings.
import type { Actor, GitHubEvent } from '../github/event.ts';
import { ASK_MARKER_PREFIX, MARKER_PREFIX } from '../github/marker.ts';
import { OWNER_EVENTS } from '../github/trigger.ts';
import { visibleMarkdown } from '../text/markdown.ts';
import type { Routing } from '../step/mode.ts';
import { askIn, isAskLabel } from './route.ts';

export type AskTrigger =
  | { kind: 'skip'; reason: string }
  | {
      kind: 'ask';
      question: string;
      /** `/docs ask new …`: start a new conversation even if the issue has one. */
      newThread: boolean;
      /** Who asked, when the event may come from anyone. */
      requester?: Actor;
      /** Where the answer goes; undefined: only the outputs. */
      issue?: { number: number; title: string };
      /** The asking comment, for a reaction; undefined when the issue or a step asked. */
      commentId?: number;
      /** Sent as `context` when the question comes from a comment. */
      contextTitle?: string;
    };

/** The question and where it came from, once the run is known to be an ask run. */
export function decideAsk(
  event: GitHubEvent,
  routing: Routing,
  options: { prompt: string; issueNumber: number | undefined },
): AskTrigger {
  const { payload } = event;
  if (options.prompt) {
    const requester = OWNER_EVENTS.has(event.name) || isWorkflowRun(event.name) ? undefined : payload.sender;
    if (!isWorkflowRun(event.name) && !OWNER_EVENTS.has(event.name) && !requester) {
      return skip(`the '${event.name}' event names nobody whose permission could be checked`);
    }
    return {
      kind: 'ask',
      question: options.prompt,
      newThread: false,
      ...(requester ? { requester } : {}),
      ...(options.issueNumber ? { issue: { number: options.issueNumber, title: '' } } : {}),
    };
  }
  if (event.name === 'issue_comment') {
    const { comment, issue } = payload;
    if (!comment || !issue) return skip('the issue_comment payload has no comment');
    if (payload.action !== 'created') {
      // An answer is written for the question as it was asked; allow-edits is for /docs requests only.
      return skip(
        payload.action === 'edited'
          ? 'an edited comment asks nothing: a question is answered when its comment is written'
          : `comments that are ${payload.action ?? 'changed'} ask nothing`,
      );
    }
    const body = comment.body ?? '';
    if (body.includes(ASK_MARKER_PREFIX) || body.includes(MARKER_PREFIX)) return skip('the comment is one of its own');
    const found = askIn(body, routing);
    if (found === undefined) {
      const asks = [routing.triggerPhrase, routing.askWord].filter(Boolean).join(' ');
      return skip(`the comment does not start a line with '${asks}'`);
    }
    const requester = comment.user ?? payload.sender;
    if (!requester) return skip('the event names nobody whose permission could be checked');
    const title = issue.title ?? '';
    return {
      kind: 'ask',
      ...found,
      requester,
      issue: { number: issue.number, title },
      commentId: comment.id,
      ...(title ? { contextTitle: title } : {}),
    };
  }
  if (event.name === 'issues' && payload.issue) {
    const { issue } = payload;
    const requester = payload.sender ?? issue.user;
    if (!requester) return skip('the event names nobody whose permission could be checked');
    const title = issue.title ?? '';
    const base = { kind: 'ask' as const, newThread: false, requester, issue: { number: issue.number, title } };
    const whole = wholeIssue(issue);
    if (payload.action === 'labeled') {
      return isAskLabel(payload.label?.name, routing)
        ? { ...base, question: whole }
        : skip('the label is not the ask-label');
    }
    if (payload.action === 'opened') {
      const found = askIn(issue.body ?? '', routing);
      if (found) return { ...base, question: found.question };
      if (issue.labels?.some((label) => isAskLabel(label.name, routing))) return { ...base, question: whole };
    }
    return skip('the issue neither asks a question nor has the ask-label');
  }
  return skip(`ask mode has no question for '${event.name || 'unknown'}' events without a prompt`);
}

/** The question an issue asked when it was opened or labelled, as decideAsk read it; '' for none. */
export function issueQuestion(event: GitHubEvent, routing: Routing): string {
  const { issue } = event.payload;
  if (!issue) return '';
  return askIn(issue.body ?? '', routing)?.question ?? wholeIssue(issue);
}

/** The issue's title and body; what of the body renders as nothing (comments, link definitions, invisible characters) is not asked. */
function wholeIssue(issue: { title?: string; body?: string | null }): string {
  return [issue.title ?? '', visibleMarkdown(issue.body ?? '')].filter((part) => part.trim()).join('\n\n');
}

function isWorkflowRun(name: string): boolean {
  return name === 'workflow_dispatch' || name === 'schedule' || name === '';
}

function skip(reason: string): AskTrigger {
  return { kind: 'skip', reason };
}
