/**
 * bench/billed.ts: the billed minutes BENCHMARKS.md quotes, from its stated assumptions (issue 35).
 * Each figure here is worked out by hand from GitHub's rule (a job rounded up to a whole minute).
 */
import { ASSUMED, billedMinutes, billedSection, idleMonth } from '../bench/billed.ts';

describe('billed minutes', () => {
  test('a waiting run is billed its job and set-up, rounded up, once per request', () => {
    expect(billedMinutes('waiting', 5, 1)).toBe(6);
    expect(billedMinutes('waiting', 30, 10)).toBe(310);
    expect(billedMinutes('waiting', 5, 1, { ...ASSUMED, setupS: 60 })).toBe(6);
    expect(billedMinutes('waiting', 5, 1, { ...ASSUMED, setupS: 61 })).toBe(7);
  });

  test('the always-on sweep is 144 jobs a day whether or not anything is in flight', () => {
    expect(idleMonth('always-on sweep')).toBe(4_320);
    expect(idleMonth('always-on sweep', { ...ASSUMED, sweepEveryMin: 5, monthDays: 31 })).toBe(8_928);
    expect(billedMinutes('always-on sweep', 30, 10)).toBe(10);
  });

  test('the self-switching sweep costs nothing idle, and the ticks of one job for requests at once', () => {
    expect(idleMonth('self-switching sweep')).toBe(0);
    expect(idleMonth('waiting')).toBe(0);
    // One request's own minute, a tick in 2 of 10 minutes while it works, the finishing tick.
    expect(billedMinutes('self-switching sweep', 2, 1)).toBeCloseTo(2.2);
    expect(billedMinutes('self-switching sweep', 30, 1)).toBe(5);
    expect(billedMinutes('self-switching sweep', 5, 10)).toBeCloseTo(11.5);
  });

  test('the section names the rule, that public repositories are free, and the idle month', () => {
    const text = billedSection([5]).join('\n');
    expect(text).toContain('public repositories on standard runners are free');
    expect(text).toMatch(/\| one request, 5-min job \| 6 \| 1 \| 2\.5 \|/);
    expect(text).toMatch(/\| idle month \(30 days\) \| 0 \| 4,320 \| 0 \|/);
    expect(text).toContain('only above\n864 requests a month');
    expect(billedSection([1], { ...ASSUMED, setupS: 0 }).join('\n')).toContain('for none of these jobs, not for 1');
  });
});
