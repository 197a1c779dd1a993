/**
 * What the README promises about waiting, checked on the real wait loop with a fake clock and a
 * seeded random source, so the figures are the same on every machine and every run: a request at
 * most every 3 s, about every 7.5 s once the backoff is at its cap, and a finished job noticed
 * within 12 s, about 4 s at the median. bench/ measures the rest on the machine itself.
 */
import type { Job } from '../src/service/client.ts';
import { waitForJob } from '../src/service/wait.ts';
import { POLL_SCHEDULE } from '../src/service/poll-schedule.ts';
import { seededRandom } from '../bench/schedule.ts';
import { FakeClock, memoryLogger } from './support/fake-clock.ts';

const active: Job = { id: 'job_1', status: 'active', prLink: null };

/** The GET times of one job that ends `lengthMs` after it was created. */
async function pollsOf(lengthMs: number, random: () => number): Promise<number[]> {
  const clock = new FakeClock(0, random);
  const times: number[] = [];
  const client = {
    getJob: async (): Promise<Job> => {
      times.push(clock.now());
      return clock.now() >= lengthMs ? { ...active, status: 'completed' } : active;
    },
  };
  const result = await waitForJob({
    client,
    job: active,
    deadline: 24 * 3_600_000,
    notFoundGraceMs: 0,
    schedule: POLL_SCHEDULE,
    clock,
    log: memoryLogger(),
  });
  expect(result.end).toBe('terminal');
  return times;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

describe('the cost of waiting', () => {
  const random = seededRandom(2026);
  let jobs: { lengthMs: number; times: number[] }[] = [];

  beforeAll(async () => {
    jobs = [];
    for (let i = 0; i < 400; i++) {
      const lengthMs = Math.floor(random() * 30 * 60_000);
      jobs.push({ lengthMs, times: await pollsOf(lengthMs, random) });
    }
  });

  const gaps = (times: number[]): number[] => times.slice(1).map((t, i) => t - (times[i] ?? 0));

  test('never asks sooner than 3 s after the last request', () => {
    const first = jobs.map((job) => job.times[0] ?? 0);
    expect(Math.min(...first, ...jobs.flatMap((job) => gaps(job.times)))).toBeGreaterThanOrEqual(3_000);
  });

  test('asks about every 7.5 s once the backoff is at its cap', () => {
    const capped = jobs.flatMap((job) => gaps(job.times).slice(3));
    const mean = capped.reduce((sum, gap) => sum + gap, 0) / capped.length;
    expect(mean).toBeGreaterThan(7_200);
    expect(mean).toBeLessThan(7_800);
    expect(Math.max(...capped)).toBeLessThanOrEqual(12_000);
  });

  test('notices a finished job within 12 s, about 4 s at the median', () => {
    const lags = jobs.map((job) => (job.times.at(-1) ?? 0) - job.lengthMs);
    expect(Math.max(...lags)).toBeLessThanOrEqual(12_000);
    expect(median(lags)).toBeGreaterThan(3_000);
    expect(median(lags)).toBeLessThan(5_000);
  });
});
