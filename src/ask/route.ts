// What main.ts needs to choose between the agent path and ask mode, before either is loaded: the
// few inputs that decide it and the rule. Everything else of ask mode is in a lazily loaded chunk.
import * as core from '@actions/core';
import { DEFAULT_ASK_WORD, Input } from '../base/constants.ts';
import { ConfigError } from '../base/errors.ts';
import type { GitHubEvent } from '../github/event.ts';
import { findRequest } from '../github/trigger.ts';
import { readTriggerPhrase } from '../step/inputs.ts';

export type Mode = 'agent' | 'ask';

/** What decides whether a run answers a question: read before any other input, for the dispatch. */
export interface AskRouting {
  mode: Mode;
  triggerPhrase: string;
  /**
   * The word after the trigger phrase that asks a question: "/docs ask …". '' (the workflow's
   * `ask-word: ''`): no word routes a comment to ask mode; with `mode: ask`, the phrase alone asks.
   */
  askWord: string;
  /** '' when no label asks a question. */
  askLabel: string;
  /**
   * Whether the workflow set up ask mode: `mode: ask`, or any of `domain`, `assistant-key` and
   * `ask-label` given. Without it a question ("/docs ask …") is not routed to ask mode: the agent
   * path skips it and tells the asker once that questions are not answered here. A half set-up
   * (a domain without a key) is routed, and ask mode names what is missing once the asker passed
   * the permission check.
   */
  askConfigured: boolean;
}

function readAskWord(): string {
  // The runner passes action.yml's default ('ask') unless the workflow sets the input, so an empty
  // value is the workflow's own `ask-word: ''`: question routing off. A runner (or test) that
  // passes no value at all, without action.yml's defaults, gets the default.
  if (process.env[`INPUT_${Input.AskWord.toUpperCase()}`] === undefined) return DEFAULT_ASK_WORD;
  const askWord = core.getInput(Input.AskWord);
  if (askWord && !/^[A-Za-z][\w-]*$/.test(askWord)) {
    throw new ConfigError(
      `Invalid '${Input.AskWord}' '${askWord}': use one word of letters, for example "ask", or '' to route no questions.`,
    );
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
 * its default, so that the path the run takes names it together with every other input error
 * (once the requester passed the permission check).
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
  const mode = check(readMode, 'agent');
  const askLabel = core.getInput(Input.AskLabel);
  return {
    mode,
    triggerPhrase: check(readTriggerPhrase, '/docs'),
    askWord: askWord.toLowerCase(),
    askLabel,
    askConfigured: mode === 'ask' || !!core.getInput(Input.Domain) || !!core.getInput(Input.AssistantKey) || !!askLabel,
  };
}

/** Whether this run answers a question rather than asking the agent for a change. */
export function isAskRun(event: GitHubEvent, routing: AskRouting): boolean {
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
  routing: Pick<AskRouting, 'triggerPhrase' | 'askWord' | 'mode'>,
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

export function isAskLabel(name: string | undefined, routing: AskRouting): boolean {
  return !!routing.askLabel && name?.toLowerCase() === routing.askLabel.toLowerCase();
}
