import { POLL_SCHEDULE, pollDelay } from '../src/service/poll-schedule.ts';

describe('poll schedule', () => {
  test('grows from the first delay to the cap', () => {
    const top = (attempt: number) => pollDelay(attempt, () => 1 - Number.EPSILON);
    expect(top(0)).toBeCloseTo(6_000);
    expect(top(1)).toBeCloseTo(9_000);
    expect(top(2)).toBeCloseTo(POLL_SCHEDULE.maxMs);
    expect(top(3)).toBeCloseTo(POLL_SCHEDULE.maxMs);
    expect(top(50)).toBeCloseTo(POLL_SCHEDULE.maxMs);
  });

  test('never polls sooner than the floor', () => {
    for (const attempt of [0, 1, 5, 20]) expect(pollDelay(attempt, () => 0)).toBe(POLL_SCHEDULE.minMs);
  });

  test('spreads delays over the whole jitter range', () => {
    expect(pollDelay(10, () => 0.5)).toBe(POLL_SCHEDULE.minMs + (POLL_SCHEDULE.maxMs - POLL_SCHEDULE.minMs) / 2);
  });
});
