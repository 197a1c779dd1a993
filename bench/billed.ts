// Billed minutes as GitHub bills them (issue 35): arithmetic from the assumptions below, no run.
import { table } from './child.ts';

export const ASSUMED = {
  /** A job's set-up (runner, the action's download and start) on top of a waiting run's job. */
  setupS: 15,
  /** The sweep's cron interval (docs/sweep.md's example). */
  sweepEveryMin: 10,
  monthDays: 30,
};
const SHAPES = ['waiting', 'always-on sweep', 'self-switching sweep'] as const;
type Shape = (typeof SHAPES)[number];

/**
 * `requests` started at once, each a job of `jobMin`. The always-on sweep's runs are in idleMonth,
 * so a request adds its own minute only; the self-switching one runs only while a job is in flight.
 */
export function billedMinutes(shape: Shape, jobMin: number, requests: number, a = ASSUMED): number {
  if (shape === 'waiting') return requests * Math.ceil(jobMin + a.setupS / 60);
  return requests + (shape === 'self-switching sweep' ? jobMin / a.sweepEveryMin + 1 : 0);
}

/** A month without a request: the always-on sweep's runs, each a billed minute. */
export const idleMonth = (shape: Shape, a = ASSUMED): number =>
  shape === 'always-on sweep' ? ((24 * 60) / a.sweepEveryMin) * a.monthDays : 0;

export function billedSection(lengths = [2, 5, 15, 30], a = ASSUMED): string[] {
  const figure = (minutes: number): string => minutes.toLocaleString('en', { maximumFractionDigits: 1 });
  const row = (what: string, value: (shape: Shape) => number) => [what, ...SHAPES.map((s) => figure(value(s)))];
  const rows = lengths.flatMap((l) =>
    [1, 10].map((n) =>
      row(`${n === 1 ? 'one request' : `${n} at once`}, ${l}-min job`, (s) => billedMinutes(s, l, n, a)),
    ),
  );
  const always = idleMonth('always-on sweep', a);
  const switching = (l: number): boolean =>
    billedMinutes('self-switching sweep', l, 1, a) < billedMinutes('waiting', l, 1, a);
  const [cheaper, dearer] = [lengths.filter(switching), lengths.filter((l) => !switching(l))];
  return [
    '## Billed minutes: waiting, or detached with a sweep',
    '',
    'What GitHub bills on a private repository (public repositories on standard runners are free): each job rounded up',
    `to a whole minute. Computed by bench/billed.ts (\`npm run bench -- --billed\` rewrites this section alone): a waiting run is`,
    `the job plus ${a.setupS} s of set-up; a detached request and each sweep take seconds, one minute each; the sweep runs every`,
    `${a.sweepEveryMin} minutes. The self-switching sweep (\`sweep-workflow\`, docs/sweep.md) counts the ticks while the job works`,
    "(a mean over where in the interval it starts) and the one that finishes it; the always-on sweep's runs are in the idle month.",
    '',
    table(['Requests', ...SHAPES], [...rows, row(`idle month (${a.monthDays} days)`, (s) => idleMonth(s, a))]),
    '',
    `A month of R requests one at a time: waiting R × the first column, always-on ${figure(always)} + R, self-switching at most`,
    `R × the third (requests in flight together share its sweeps). The always-on sweep costs less than waiting only above`,
    `${lengths.map((l) => figure(Math.ceil(always / (billedMinutes('waiting', l, 1, a) - 1)))).join(' / ')} requests a month (${lengths.join(' / ')}-minute jobs); the self-switching`,
    `sweep costs less than waiting ${cheaper.length ? `for ${cheaper.join(', ')}-minute jobs` : 'for none of these jobs'}${dearer.length ? `, not for ${dearer.join(', ')}` : ''}.`,
    '',
  ];
}
