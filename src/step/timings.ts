import { POLL_SCHEDULE, type PollSchedule } from '../service/poll-schedule.ts';
import type { Backoff } from '../service/send-once.ts';
import { ConfigError } from '../base/errors.ts';

/**
 * Every wait of a run in one record, built once when the step starts and handed to what waits:
 * the poll schedule, retries, request timeouts and grace periods. Production uses TIMINGS; tests
 * in-process build their own record, and the bundle run by the contract tests and the demo takes
 * a scaled copy from DOCS_AGENT_DELAY_SCALE (scaledTimings), so nothing below multiplies a wait.
 */
export interface Timings {
  /** When to read the job again (service/poll-schedule.ts says why these figures). */
  poll: PollSchedule;
  /** Waits between tries of a create or follow-up the service turned away (service/send-once.ts). */
  send: Backoff;
  /** Longest wait for one answer from the service. */
  serviceRequestMs: number;
  /** How long a just-created job may answer 404 before that is believed. */
  notFoundGraceMs: number;
  /** How often the agent's plan is read, the comment edited and a heartbeat logged (live-progress.ts). */
  live: { readEveryMs: number; editEveryMs: number; heartbeatMs: number };
  github: {
    /** The first wait before a GitHub call is repeated. */
    retryDelayMs: number;
    /** Longest wait for one answer from GitHub. */
    requestTimeoutMs: number;
    /** GitHub calls may outlast `timeout-minutes` by this much, so the final comment can still be written. */
    reportGraceMs: number;
    /** The post step's whole budget for GitHub; the runner waits for it. */
    postBudgetMs: number;
    /**
     * The wait after a GitHub rate limit that does not say how long (no `retry-after`, quota not
     * spent): GitHub asks for at least a minute, and longer after each (github/rate-limit.ts).
     */
    rateLimitWaitMs: number;
  };
  /** Ask mode: the answer stream and its comment (ask/run.ts). */
  ask: {
    requestMs: number;
    /** At most one edit of the answer comment this often while the answer streams. */
    editEveryMs: number;
    /** Backoff after a 429 without Retry-After. */
    firstBackoffMs: number;
    maxBackoffMs: number;
  };
}

export const TIMINGS: Timings = {
  poll: POLL_SCHEDULE,
  send: { minMs: 2_000, maxMs: 30_000 },
  serviceRequestMs: 30_000,
  notFoundGraceMs: 30_000,
  // 30 s between edits keeps a run far below GitHub's secondary rate limits (80 content-creating
  // requests a minute, 500 an hour); one heartbeat line about every minute.
  live: { readEveryMs: 20_000, editEveryMs: 30_000, heartbeatMs: 60_000 },
  github: {
    retryDelayMs: 1_000,
    requestTimeoutMs: 15_000,
    reportGraceMs: 15_000,
    postBudgetMs: 30_000,
    rateLimitWaitMs: 60_000,
  },
  ask: { requestMs: 60_000, editEveryMs: 3_000, firstBackoffMs: 2_000, maxBackoffMs: 60_000 },
};

/** A request is never given less than this, however far the waits are scaled down. */
const MIN_REQUEST_MS = 2_000;
/**
 * Nor the assistant's answer less than this to start: its first answer in a process builds the
 * model's stream cold (150 ms on an idle machine, 16 ms warm), and the suite saw one pass 2 s.
 */
const MIN_ANSWER_START_MS = 5_000;

/**
 * The production record with every wait multiplied by `scale` (0 to 1), for the bundle that the
 * emulator-backed tests and `npm run demo` run through DOCS_AGENT_DELAY_SCALE: the real schedule,
 * in milliseconds. Request timeouts, budgets and the not-found grace keep a floor, so a loaded
 * machine still answers in time.
 */
export function scaledTimings(scale: number, base: Timings = TIMINGS): Timings {
  if (scale === 1) return base;
  const wait = (ms: number): number => ms * scale;
  const request = (ms: number, floor = MIN_REQUEST_MS): number => Math.max(floor, ms * scale);
  return {
    poll: {
      ...base.poll,
      firstMs: wait(base.poll.firstMs),
      minMs: wait(base.poll.minMs),
      maxMs: wait(base.poll.maxMs),
    },
    send: { minMs: wait(base.send.minMs), maxMs: wait(base.send.maxMs) },
    serviceRequestMs: request(base.serviceRequestMs),
    // A grace measured from the create: on a loaded machine a few scaled polls can outlast it.
    notFoundGraceMs: request(base.notFoundGraceMs),
    live: {
      readEveryMs: wait(base.live.readEveryMs),
      editEveryMs: wait(base.live.editEveryMs),
      heartbeatMs: wait(base.live.heartbeatMs),
    },
    github: {
      retryDelayMs: wait(base.github.retryDelayMs),
      requestTimeoutMs: request(base.github.requestTimeoutMs),
      reportGraceMs: request(base.github.reportGraceMs),
      postBudgetMs: request(base.github.postBudgetMs),
      rateLimitWaitMs: wait(base.github.rateLimitWaitMs),
    },
    ask: {
      requestMs: request(base.ask.requestMs, MIN_ANSWER_START_MS),
      editEveryMs: wait(base.ask.editEveryMs),
      firstBackoffMs: wait(base.ask.firstBackoffMs),
      maxBackoffMs: wait(base.ask.maxBackoffMs),
    },
  };
}

/**
 * The run's timings: production's, or scaled by DOCS_AGENT_DELAY_SCALE (a number from 0 to 1),
 * which only the emulator-backed tests, the demo and the benchmark set.
 */
export function readTimings(env: NodeJS.ProcessEnv = process.env): Timings {
  const raw = env.DOCS_AGENT_DELAY_SCALE;
  if (raw === undefined || raw === '') return TIMINGS;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale < 0 || scale > 1) {
    throw new ConfigError(`Invalid DOCS_AGENT_DELAY_SCALE '${raw}': expected a number from 0 to 1.`);
  }
  return scaledTimings(scale);
}
