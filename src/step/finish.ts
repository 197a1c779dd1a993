import type { Clock } from '../base/clock.ts';
import type { InFlightItem } from '../github/in-flight.ts';
import type { IssueThread } from '../github/thread.ts';
import type { AgentClient } from '../service/client.ts';
import type { Octokit } from '../github/octokit.ts';
import type { FollowSettings } from './follow-inputs.ts';
import type { ServiceSettings } from './inputs.ts';
import type { Step } from './mode.ts';

/**
 * The port through which the sweep (src/sweep/) finishes requests it did not start: each mode that
 * can leave a request in flight (agent/, pulls/) exports a Finisher, and src/modes.ts hands them
 * to the sweep, which imports no mode (the layer rule). A finisher does exactly what a waiting run
 * of its mode would have done at the job's end (final comment, check, reactions, notification,
 * docs PR state), idempotently and under the same claim rules, so that two sweeps at once, or a
 * sweep after a waiting run, finish a request once.
 */
export interface Finisher {
  /** The mode's name, for the summary and logs. */
  name: string;
  /**
   * Finishes `item` if one of this mode's signed comments on it names a job; undefined when
   * nothing of this mode is on it (the next finisher is asked).
   */
  finish(item: InFlightItem, context: SweepContext): Promise<SweepResult | undefined>;
}

/**
 * What a finisher runs with: the sweep's step, its GitHub client, the service's settings and one
 * client of the service for every item (its retry honours 429 and Retry-After), the clock, and the
 * sweep's run page (the footer of a comment it writes).
 */
export interface SweepContext {
  step: Step;
  octokit: Octokit;
  repository: { owner: string; repo: string };
  settings: ServiceSettings;
  /** Follow mode's settings (the check's name, the docs token), read once by the sweep's decision. */
  follow: FollowSettings;
  client: AgentClient;
  clock: Clock;
  runUrl: string | undefined;
  /**
   * `docs-token`, when the workflow gives one: a finisher that learns a job's docs pull request
   * marks it with it (step/backlog.ts, `markDocsPull(sweepAccess(context), …)`).
   */
  docsToken?: string;
  /**
   * The sweep's end on `clock` (`timeout-minutes` from its start, less the summary's margin): every
   * read of every item and of the backlog takes what is left of it, never a budget of its own, and
   * `step.signal` is aborted when it passes (sweep/run.ts). Undefined outside a sweep.
   */
  deadline?: number;
  /**
   * The thread of item `number`, through which a finisher reads the item's comments: the sweep
   * reads the comments of its items THREADS_PER_QUERY at a time in one GraphQL call
   * (github/thread-batch.ts) and hands out one IssueThread per item, preloaded, which every finisher
   * asked about the item shares. A finisher reads no comments of its own but `fresh` ones (claims).
   */
  threadOf(number: number): IssueThread;
}

/** What the sweep is started with: SweepContext but the threads, which it reads itself (sweep/run.ts). */
export type SweepSetup = Omit<SweepContext, 'threadOf'>;

/** One request's line in the sweep's summary table. */
export interface SweepResult {
  /**
   * finished: this sweep wrote the final word. active: the job still works (its plan refreshed).
   * done: another run or sweep had finished it (the label only was taken off). error: see detail.
   */
  kind: 'finished' | 'active' | 'done' | 'error';
  jobId: string;
  /** One line, already inert for markdown. */
  detail: string;
}
