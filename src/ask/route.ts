// Which runs ask mode takes: the rule of its entry in the table of modes (ask/mode.ts), and how a
// comment or issue asks. The routing inputs it reads are every mode's (step/mode.ts).
import type { GitHubEvent } from '../github/event.ts';
import { findRequest } from '../github/request.ts';
import type { Routing } from '../step/mode.ts';

/** Whether this run answers a question rather than asking the agent for a change. */
export function isAskRun(event: GitHubEvent, routing: Routing): boolean {
  if (routing.mode === 'ask') return true;
  if (!routing.askConfigured) return false;
  const { payload } = event;
  if (event.name === 'issue_comment') {
    // An edited question is not answered (a question is answered as it was asked); the agent path
    // skips it too (decideTrigger), so it never starts a job, whatever allow-edits says.
    return payload.action === 'created' && askIn(payload.comment?.body ?? '', routing) !== undefined;
  }
  if (event.name === 'issues' && payload.issue) {
    if (payload.action === 'labeled') return isAskLabel(payload.label?.name, routing);
    if (payload.action === 'opened') {
      return (
        askIn(payload.issue.body ?? '', routing) !== undefined ||
        !!payload.issue.labels?.some((label) => isAskLabel(label.name, routing))
      );
    }
  }
  return false;
}

/**
 * `/docs ask …` at the start of a line: the question after it, and whether `new` came first. With
 * an empty ask-word only `mode: ask` reads a question, from the phrase alone ("/docs how do I …").
 */
export function askIn(
  text: string,
  routing: Pick<Routing, 'triggerPhrase' | 'askWord' | 'mode'>,
): { question: string; newThread: boolean } | undefined {
  const request = findRequest(text, routing.triggerPhrase);
  if (request === undefined) return undefined;
  let rest = request;
  if (routing.askWord) {
    const word = new RegExp(`^${routing.askWord}(?:\\s+|$)`, 'i').exec(request);
    if (!word) return undefined;
    rest = request.slice(word[0].length);
  } else if (routing.mode !== 'ask') {
    return undefined;
  }
  const fresh = /^new(?:\s+|$)/i.exec(rest);
  return fresh ? { question: rest.slice(fresh[0].length), newThread: true } : { question: rest, newThread: false };
}

export function isAskLabel(name: string | undefined, routing: Routing): boolean {
  return !!routing.askLabel && name?.toLowerCase() === routing.askLabel.toLowerCase();
}
