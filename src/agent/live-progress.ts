import type { AgentClient, Job, Session } from '../service/client.ts';
import type { PlanStep } from '../base/constants.ts';
import type { Clock } from '../base/clock.ts';
import { ServiceError, errorMessage } from '../base/errors.ts';
import { formatDuration } from '../base/format.ts';
import type { Logger } from '../base/log.ts';
import type { Timings } from '../step/timings.ts';
import { isTerminal } from '../service/wait.ts';

/**
 * The session is read only on polls that happen anyway (never more than one extra request per
 * poll) and at most every `readEveryMs` (Timings['live']). Edits are made only when the title or
 * the plan changed, at most one per `editEveryMs` and MAX_EDITS per job: 40 edits cover a job of
 * 20 minutes at the production rate; after that the comment keeps its last plan until the final word.
 */
export const MAX_EDITS = 40;

/** What the comment shows of the agent's work. */
export interface LivePlan {
  title?: string | undefined;
  steps?: PlanStep[] | undefined;
  elapsedMs: number;
}

export interface LiveProgressOptions {
  client: Pick<AgentClient, 'getSession'>;
  jobId: string;
  clock: Clock;
  log: Logger;
  limits: Timings['live'];
  /** When the run started waiting: elapsed times and heartbeats count from here. */
  startedAt: number;
  /** No session is read after this (epoch ms), and a read never lasts past it. */
  deadline?: number;
  signal?: AbortSignal | undefined;
  /** Edits the progress comment to show `plan`; absent when there is no comment. Must not throw. */
  show?: ((plan: LivePlan) => Promise<void>) | undefined;
}

/**
 * The agent's work while the run waits: reads the v1 session now and then, edits the progress
 * comment when the plan changed (within its limits) and writes a heartbeat to the log. Everything
 * here is an extra: a v1 endpoint that answers 404 is not asked again, and any other failure only
 * means the plan is read later.
 */
export class LiveProgress {
  readonly #options: LiveProgressOptions;
  #session: Session | undefined;
  #gone = false;
  #lastRead: number;
  #lastEdit: number;
  #lastBeat: number;
  #shown = '';
  #edits = 0;

  constructor(options: LiveProgressOptions) {
    this.#options = options;
    // The working comment was just written and the agent has barely begun: the first read and
    // the first edit wait a full interval, so a short job costs no extra request at all.
    this.#lastRead = options.startedAt;
    this.#lastEdit = options.startedAt;
    this.#lastBeat = options.startedAt;
  }

  /** The last session read, if any. */
  get session(): Session | undefined {
    return this.#session;
  }

  /** For the wait loop's `onPoll`: called after each successful read of the job. */
  onPoll = async (job: Job): Promise<void> => {
    if (isTerminal(job.status)) return;
    const { clock, limits } = this.#options;
    if (clock.now() - this.#lastRead >= limits.readEveryMs) await this.#read();
    this.#heartbeat(job);
    await this.#maybeShow();
  };

  /**
   * The session once the job ended, for the final word: one more read, unless the endpoint is
   * gone; the last session seen when that read fails.
   */
  async final(): Promise<Session | undefined> {
    // A full request timeout even past the deadline, as for the wait loop's last read: the job
    // has ended and this is the agent's last word about it.
    await this.#read(true);
    return this.#session;
  }

  async #read(last = false): Promise<void> {
    const { client, clock, jobId, deadline, signal, log } = this.#options;
    if (this.#gone || signal?.aborted) return;
    const left = deadline === undefined || last ? undefined : deadline - clock.now();
    if (left !== undefined && left <= 0) return;
    this.#lastRead = clock.now();
    try {
      this.#session = await client.getSession(jobId, left, signal);
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) {
        // The deprecated endpoint is gone (or never knew this job): the run goes on as without it.
        this.#gone = true;
        log.debug(`The v1 session of job ${jobId} is not available (HTTP 404); the agent's plan is not shown.`);
      } else {
        log.debug(`Could not read the v1 session of job ${jobId}: ${errorMessage(error)}`);
      }
    }
  }

  #heartbeat(job: Job): void {
    const { clock, limits, log, startedAt } = this.#options;
    const now = clock.now();
    if (now - this.#lastBeat < limits.heartbeatMs) return;
    this.#lastBeat = now;
    const steps = this.#session?.todos;
    const done = steps?.length ? `, ${countDone(steps)} of ${steps.length} steps done` : '';
    log.info(`Job ${job.id} still ${job.status || 'running'} after ${formatDuration(now - startedAt)}${done}.`);
  }

  async #maybeShow(): Promise<void> {
    const { show, clock, limits, startedAt } = this.#options;
    const session = this.#session;
    if (!show || !session || (!session.title && !session.todos?.length)) return;
    const key = JSON.stringify([session.title ?? '', session.todos ?? []]);
    if (key === this.#shown || this.#edits >= MAX_EDITS) return;
    const now = clock.now();
    if (now - this.#lastEdit < limits.editEveryMs) return;
    this.#lastEdit = now;
    this.#shown = key;
    this.#edits++;
    await show({ title: session.title, steps: session.todos, elapsedMs: now - startedAt });
  }
}

export function countDone(steps: readonly PlanStep[]): number {
  return steps.filter((step) => step.status === 'completed').length;
}
