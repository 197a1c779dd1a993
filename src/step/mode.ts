// The one decision of a run, made once before any request: which mode takes it, then (in that
// mode's `decide`) which trigger, then the settings that trigger needs; no mode reads an input
// after it. Each mode is one entry of the table in src/modes.ts; this file holds what every entry
// shares: the routing inputs that choose the mode, and the rule that walks the table.
//
// Adding a mode is one entry in src/modes.ts (its header says how); the other entries and main.ts
// do not change. A mode a workflow names in the `mode` input also adds its name to readMode (and action.yml).
import * as core from '@actions/core';
import { DEFAULT_ASK_WORD, Input } from '../base/constants.ts';
import { ConfigError } from '../base/errors.ts';
import type { GitHubEvent } from '../github/event.ts';
import type { Dependencies } from './deps.ts';
import { InputProblems, readTriggerPhrase } from './inputs.ts';

/** The values of `pull-requests`. */
export const PULL_REQUEST_MODES = ['off', 'merged', 'follow'] as const;
export type PullRequestMode = (typeof PULL_REQUEST_MODES)[number];

/** The `mode` input: the mode a workflow asks for; the agent also takes the runs of no other mode. */
export type ModeName = 'agent' | 'ask' | 'sweep';

/** The inputs that choose the mode, read before any other (and every mode reads them too). */
export interface Routing {
  mode: ModeName;
  /** Matched at the start of a comment line, case-insensitively. */
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
   * skips it and tells the asker once that questions are not answered here. A half set-up (a
   * domain without a key) is routed, and ask mode names what is missing once the asker passed the
   * permission check.
   */
  askConfigured: boolean;
  /**
   * What pull request events do (`pull-requests`): nothing of their own, start a job when merged
   * (agent mode), or follow the pull request (pulls/). `document-merged-pull-requests: true` is
   * read as `merged`.
   */
  pullRequests: PullRequestMode;
}

/** What every mode runs with: the runner, the step's record, the run's timings and its cancel. */
export type Step = Pick<Dependencies, 'runner' | 'record' | 'timings' | 'signal'>;

/**
 * One mode of the table: `takes` says whether it takes the run (the first entry that does, does),
 * `decide` reads its trigger and then the settings that trigger needs (every input error kept in
 * `problems`, thrown by the mode only once the run has work and the requester may ask), and `run`
 * does what was decided. `D`: what the mode decided, which only it reads.
 */
export interface Mode<D> {
  /** The mode's name, as the `mode` input would name it. */
  name: string;
  takes(event: GitHubEvent, routing: Routing): boolean;
  decide(event: GitHubEvent, routing: Routing, problems: InputProblems): D;
  run(decision: D, event: GitHubEvent, step: Step): Promise<void>;
}

/** The run as decided: which mode, what it decided, and the call that does it. */
export interface Decided<D = unknown> {
  mode: string;
  decision: D;
  run(step: Step): Promise<void>;
}

/** A table entry of any mode, its decision kept inside (see `mode`). */
export type AnyMode = (event: GitHubEvent, routing: Routing, problems: InputProblems) => Decided | undefined;

/** Makes a `Mode` an entry of the table: it answers for runs it takes, undefined for the others. */
export function mode<D>(entry: Mode<D>): AnyMode {
  return (event, routing, problems) => {
    if (!entry.takes(event, routing)) return undefined;
    const decision = entry.decide(event, routing, problems);
    return { mode: entry.name, decision, run: (step) => entry.run(decision, event, step) };
  };
}

/**
 * The run's decision: the routing inputs, then the first mode of `modes` that takes the event.
 * The last entry must take every run (the agent does: it skips what it is not set up for).
 */
export function decideRun(event: GitHubEvent, modes: readonly AnyMode[]): Decided {
  // A wrong routing input is named with every other input error of the mode that takes the run,
  // and like them only once the run has work and the requester passed the permission check.
  const problems = new InputProblems();
  const routing = readRouting(problems);
  for (const entry of modes) {
    const decided = entry(event, routing, problems);
    if (decided) return decided;
  }
  throw new Error('No mode takes this run: the last mode of the table must take every run.');
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

export function readMode(): ModeName {
  const raw = (core.getInput(Input.Mode) || 'agent').toLowerCase();
  if (raw !== 'agent' && raw !== 'ask' && raw !== 'sweep') {
    throw new ConfigError(`Invalid '${Input.Mode}' '${raw}': expected agent, ask or sweep.`);
  }
  return raw;
}

/**
 * The routing inputs. A wrong one is kept in `problems` (without it: thrown) and read as its
 * default, so that the mode the run takes names it together with its own input errors.
 */
export function readRouting(problems?: InputProblems): Routing {
  const check = problems?.check ?? (<T>(read: () => T): T => read());
  const askWord = check(readAskWord, DEFAULT_ASK_WORD);
  const mode = check(readMode, 'agent');
  const askLabel = core.getInput(Input.AskLabel);
  return {
    mode,
    triggerPhrase: check(readTriggerPhrase, '/docs'),
    askWord: askWord.toLowerCase(),
    askLabel,
    askConfigured: mode === 'ask' || !!core.getInput(Input.Domain) || !!core.getInput(Input.AssistantKey) || !!askLabel,
    pullRequests: check(readPullRequestMode, 'off'),
  };
}

/**
 * `pull-requests`, with `document-merged-pull-requests: true` kept working as `merged` (the older
 * input came first). A wrong value is kept in `problems` and read as `off`, like every other input
 * error of a run; a wrong value of the older input is agent mode's to name (agent/inputs.ts).
 */
export function readPullRequestMode(): PullRequestMode {
  const raw = (core.getInput(Input.PullRequests) || 'off').trim().toLowerCase();
  if (!(PULL_REQUEST_MODES as readonly string[]).includes(raw)) {
    throw new ConfigError(
      `Invalid '${Input.PullRequests}' '${raw.slice(0, 40)}': expected one of ${PULL_REQUEST_MODES.join(', ')}.`,
    );
  }
  const legacy = /^(true|yes|on)$/i.test(core.getInput(Input.DocumentMergedPullRequests));
  // The older input only ever meant `merged`: `off` with it set is the default left alone.
  if (legacy && raw === 'off') return 'merged';
  return raw as PullRequestMode;
}
