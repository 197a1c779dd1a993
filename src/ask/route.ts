// What main.ts needs to choose between the agent path and ask mode, before either is loaded: the
// few inputs that decide it and the rule. Everything else of ask mode is in a lazily loaded chunk.
import * as core from '@actions/core';
import { DEFAULT_ASK_WORD, Input } from '../util/constants.ts';
import { ConfigError } from '../util/errors.ts';
import type { GitHubEvent } from '../github/event.ts';
import { findRequest } from '../github/trigger.ts';

export type Mode = 'agent' | 'ask';

/** What decides whether a run answers a question: read before any other input, for the dispatch. */
export interface AskRouting {
  mode: Mode;
  triggerPhrase: string;
  /** The word after the trigger phrase that asks a question: "/docs ask …". */
  askWord: string;
  /** '' when no label asks a question. */
  askLabel: string;
}

function readAskWord(): string {
  const askWord = core.getInput(Input.AskWord) || DEFAULT_ASK_WORD;
  if (!/^[A-Za-z][\w-]*$/.test(askWord)) {
    throw new ConfigError(`Invalid '${Input.AskWord}' '${askWord}': use one word of letters, for example "ask".`);
  }
  return askWord;
}

export function readMode(): Mode {
  const raw = (core.getInput(Input.Mode) || 'agent').toLowerCase();
  if (raw !== 'agent' && raw !== 'ask') {
    throw new ConfigError(`Invalid '${Input.Mode}' '${raw}': expected agent or ask.`);
  }
  return raw;
}

/**
 * The routing inputs. A wrong one is thrown, or, when `problems` is given, added to it and read as
 * its default, so that the path the run takes names it together with every other input error.
 */
export function readAskRouting(problems?: string[]): AskRouting {
  const check = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (error) {
      if (!problems || !(error instanceof ConfigError)) throw error;
      problems.push(error.message);
      return fallback;
    }
  };
  const askWord = check(readAskWord, DEFAULT_ASK_WORD);
  return {
    mode: check(readMode, 'agent'),
    // A phrase with spaces is reported by whichever path reads the settings; here it only matches nothing.
    triggerPhrase: core.getInput(Input.TriggerPhrase) || '/docs',
    askWord: askWord.toLowerCase(),
    askLabel: core.getInput(Input.AskLabel),
  };
}

/** Whether this run answers a question rather than asking the agent for a change. */
export function isAskRun(event: GitHubEvent, routing: AskRouting): boolean {
  if (routing.mode === 'ask') return true;
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

/** `/docs ask …` at the start of a line: the question after it, and whether `new` came first. */
export function askIn(text: string, routing: AskRouting): { question: string; newThread: boolean } | undefined {
  const request = findRequest(text, routing.triggerPhrase);
  if (request === undefined) return undefined;
  const word = new RegExp(`^${routing.askWord}(?:\\s+|$)`, 'i').exec(request);
  if (!word) return undefined;
  const rest = request.slice(word[0].length);
  const fresh = /^new(?:\s+|$)/i.exec(rest);
  return fresh ? { question: rest.slice(fresh[0].length), newThread: true } : { question: rest, newThread: false };
}

export function isAskLabel(name: string | undefined, routing: AskRouting): boolean {
  return !!routing.askLabel && name?.toLowerCase() === routing.askLabel.toLowerCase();
}
