// The cost of waiting on a virtual clock: the action's real schedule (src/service/poll-schedule.ts pollDelay,
// slept before each GET, starting from the create's answer, as src/service/wait.ts does) and fixed-interval
// pollers, for many jobs of one length. Nothing sleeps; a GET is instant; a job is over for any GET
// at or after its length.
//
// Fixed-interval model: GETs every `interval` ms, the first at a uniformly random phase in
// [0, interval) after the job starts. A poller that sleeps a full interval before its first GET has
// phase 0, but then every job of a round length (say exactly 30 s) would end exactly on or just
// after a poll, and the figure would describe the round number rather than the poller. The random
// phase stands for real jobs, whose ends fall anywhere between two polls.
import { pollDelay, POLL_SCHEDULE } from '../src/service/poll-schedule.ts';
import { median, seededRandom, spread, type Spread } from './stats.ts';

export interface ScheduleFigures {
  samples: number;
  /** From the job's end to the GET that sees it, s. */
  lagS: Spread;
  /** Every job's lag, s: to ask how much a median of a few real runs may vary. */
  lagSamplesS: number[];
  gets: Spread;
  /** From job start to the terminal GET, over GETs, s; `pooled` is total waiting over total GETs. */
  secondsPerGet: Spread & { pooled: number };
}

export type Strategy = { kind: 'action' } | { kind: 'fixed'; intervalS: number };

export function strategyName(strategy: Strategy): string {
  return strategy.kind === 'action'
    ? 'action (its schedule, virtual clock)'
    : `fixed ${strategy.intervalS} s poller (virtual clock)`;
}

/** Many jobs of `lengthS` seconds; seeded, so every run of the benchmark gives the same figures. */
export function simulate(strategy: Strategy, lengthS: number, samples: number, seed = 6): ScheduleFigures {
  const random = seededRandom(seed * 7919 + lengthS);
  const lags: number[] = [];
  const gets: number[] = [];
  const perGet: number[] = [];
  let totalWait = 0;
  let totalGets = 0;
  const length = lengthS * 1000;
  for (let i = 0; i < samples; i++) {
    const { at, count } =
      strategy.kind === 'action' ? actionPolls(length, random) : fixedPolls(length, strategy.intervalS * 1000, random);
    lags.push((at - length) / 1000);
    gets.push(count);
    perGet.push(at / 1000 / count);
    totalWait += at / 1000;
    totalGets += count;
  }
  return {
    samples,
    lagS: spread(lags),
    lagSamplesS: lags,
    gets: spread(gets),
    secondsPerGet: { ...spread(perGet), pooled: totalWait / totalGets },
  };
}

/** The action: sleep pollDelay(attempt) before each GET until one sees the job over. */
function actionPolls(length: number, random: () => number): { at: number; count: number } {
  let at = 0;
  let count = 0;
  do {
    at += pollDelay(count, random);
    count++;
  } while (at < length);
  return { at, count };
}

function fixedPolls(length: number, interval: number, random: () => number): { at: number; count: number } {
  const phase = random() * interval;
  // GETs at phase + k * interval, k = 0, 1, ...; the first one at or after the job's end sees it over.
  const k = Math.max(0, Math.ceil((length - phase) / interval));
  return { at: phase + k * interval, count: k + 1 };
}

/**
 * Where the median of `runs` jobs falls 90% of the time (5th and 95th percentiles), drawing from the
 * simulated lags: how far a handful of real runs can stray from the schedule's true median.
 */
export function medianInterval(lagSamplesS: readonly number[], runs: number, draws = 2_000): [number, number] {
  const random = seededRandom(runs * 104729 + lagSamplesS.length);
  const medians: number[] = [];
  for (let i = 0; i < draws; i++) {
    const draw = Array.from({ length: runs }, () => lagSamplesS[Math.floor(random() * lagSamplesS.length)]!);
    medians.push(median(draw));
  }
  medians.sort((a, b) => a - b);
  return [medians[Math.floor(draws * 0.05)]!, medians[Math.floor(draws * 0.95)]!];
}

/** The schedule's own bound on the lag: no sleep is longer than the cap. */
export const LAG_BOUND_S = POLL_SCHEDULE.maxMs / 1000;
