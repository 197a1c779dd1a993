// Small statistics helpers: every figure in BENCHMARKS.md is reported as min / median / max.

export interface Spread {
  n: number;
  min: number;
  median: number;
  max: number;
  mean: number;
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) return { n: 0, min: NaN, median: NaN, max: NaN, mean: NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return { n: sorted.length, min: sorted[0]!, median, max: sorted[sorted.length - 1]!, mean };
}

export function median(values: readonly number[]): number {
  return spread(values).median;
}

/** Applies `f` to min, median, max and mean; for unit conversions. */
export function mapSpread(s: Spread, f: (v: number) => number): Spread {
  return { n: s.n, min: f(s.min), median: f(s.median), max: f(s.max), mean: f(s.mean) };
}

/** Pairwise differences a[i] - b[i]; for interleaved pairs, whose drift cancels within a pair. */
export function differences(a: readonly number[], b: readonly number[]): number[] {
  return a.slice(0, Math.min(a.length, b.length)).map((v, i) => v - b[i]!);
}

/** A seeded PRNG (mulberry32) in [0, 1): simulations give the same figures on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** "min / median / max" with a fixed number of decimals. */
export function formatSpread(s: Spread, decimals = 1, unit = ''): string {
  if (s.n === 0) return 'n/a';
  const f = (v: number): string => v.toFixed(decimals);
  return `${f(s.min)} / ${f(s.median)} / ${f(s.max)}${unit}`;
}

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes. */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}
