/**
 * When to ask the service about a job again. The service sends no webhooks, so polling is the only
 * way to learn that a job ended, and each poll costs a request while each idle second costs the
 * team runner time.
 *
 * Exponential backoff with full jitter: the n-th delay is drawn uniformly between `minMs` and an
 * envelope that grows from `firstMs` by `factor` up to `maxMs`. Jitter keeps many parallel runs
 * from polling in step; the floor bounds the request rate (at least 3 s between requests, about
 * 7.5 s on average once the envelope is full); the cap bounds how long a finished job goes unnoticed
 * (never more than 12 s, about 4 s at the median). bench/ measures these figures.
 */
export interface PollSchedule {
  firstMs: number;
  factor: number;
  minMs: number;
  maxMs: number;
}

export const POLL_SCHEDULE: PollSchedule = { firstMs: 6_000, factor: 1.5, minMs: 3_000, maxMs: 12_000 };

/** The delay before poll number `attempt` (0-based), with `random()` in [0, 1). */
export function pollDelay(attempt: number, random: () => number, schedule: PollSchedule = POLL_SCHEDULE): number {
  const envelope = Math.min(schedule.maxMs, schedule.firstMs * schedule.factor ** attempt);
  return schedule.minMs + random() * Math.max(0, envelope - schedule.minMs);
}
