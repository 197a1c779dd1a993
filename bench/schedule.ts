// Longer jobs on a virtual clock: the action's poll schedule (src/service/poll-schedule.ts, slept
// before each GET from the create's answer, as src/service/wait.ts does) beside a loop that polls
// every 10 s, for many jobs of one length. Nothing sleeps; a GET sees the job over at or after its
// end. The fixed loop's first GET falls at a random phase, as real jobs end anywhere between polls.
import { pollDelay } from '../src/service/poll-schedule.ts';
import { spreads } from './child.ts';

export const FIXED_INTERVAL_S = 10;

/** mulberry32: the same figures on every run of the benchmark. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `lagS`: from the job's end to the GET that sees it; `fixedLagS`, `fixedGets`: the same for the loop. */
export function simulate(lengthS: number, jobs: number) {
  const [random, length, interval] = [seededRandom(lengthS * 7919), lengthS * 1000, FIXED_INTERVAL_S * 1000];
  const runs: Record<'lagS' | 'gets' | 'fixedLagS', number>[] = [];
  for (let i = 0; i < jobs; i++) {
    let [at, gets] = [0, 0];
    while (at < length) at += pollDelay(gets++, random);
    const phase = random() * interval;
    const fixedAt = phase + Math.max(0, Math.ceil((length - phase) / interval)) * interval;
    runs.push({ lagS: (at - length) / 1000, gets, fixedLagS: (fixedAt - length) / 1000 });
  }
  const figures = spreads(runs, ['lagS', 'gets', 'fixedLagS'] as const);
  return { lengthS, jobs, ...figures, fixedGets: Math.ceil(length / interval) };
}
