// BENCHMARKS.md from one run: the machine, start-up against the conventional action (issue 20's
// target), the time to notice a finished job, each request's runner time and calls, and the same per
// request waiting against detached with its share of the sweeps (docs/sweep.md).
import { billedSection } from './billed.ts';
import { formatSpread as fs } from './child.ts';
import type { RequestFigures } from './requests.ts';
import { FIXED_INTERVAL_S, type ScheduleFigures } from './schedule.ts';
import type { Program } from './startup.ts';
import { JOB_S, SPEED, SWEEP_EVERY_S, type SweepFigures } from './sweep.ts';

export interface Results {
  machine: Record<string, string>;
  rounds: number;
  startup: Program[];
  requests: RequestFigures[];
  schedules: ScheduleFigures[];
  sweep: SweepFigures;
}

const table = (header: string[], rows: string[][]): string =>
  [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
const f = (value: number, decimals = 1): string => value.toFixed(decimals);
const yes = (met: boolean): string => (met ? 'met' : '**missed**');

/** dist/ and the bundle in one build (simple), each above the floor, against half the conventional's. */
function startupVerdict([floor, conventional, simple, dist]: Program[]): string {
  if (!floor || !conventional || !simple || !dist) throw new Error('start-up: four programs expected');
  const above = (p: Program): number => p.cpuMs.median - floor.cpuMs.median;
  const [allowed, light] = [above(conventional) / 2, (p: Program) => p.mib.median <= conventional.mib.median];
  const simpleMet = above(simple) <= allowed && light(simple);
  const simpleWord = simpleMet ? 'meet the target too: make it one build' : 'miss the target: the separate builds stay';
  return (
    `Target: dist/ at most half of the conventional action's start-up above the floor (CPU), ${f(above(dist))} ≤ ${f(allowed)} ms: ${yes(above(dist) <= allowed)}; ` +
    `no more memory: ${yes(light(dist))}. In one build (no stand-in, undici and markdown-it inside: scripts/bundle.ts ` +
    `says why), the bundle is ${f(above(simple))} ms above the floor and would ${simpleWord}.`
  );
}

/** Waiting against detached with its share of the sweeps, per request, and the issue's targets. */
function sweepSection(s: SweepFigures): string[] {
  const [n, every] = [s.inFlight, SWEEP_EVERY_S / 60];
  // The sweep after the job's end finishes it; one before sees it active as often as the job's
  // length covers a sweep (half the time for 5 minutes under 10).
  const seen = Math.min(1, JOB_S / SWEEP_EVERY_S);
  const share = (key: 'runnerS' | 'githubCalls'): number => (s.ended[key] + seen * s.active[key]) / n;
  const [waitingS, detachedS] = [s.waiting.runnerS.median, s.detachedS.median + share('runnerS')];
  const [calls, seconds] = [s.active.githubCalls, s.active.runnerS];
  const sweep = (what: string, run: SweepFigures['active']) => [what, '1', f(run.runnerS), String(run.githubCalls)];
  return [
    '## Runner time per request: waiting, or detached and a sweep',
    '',
    `A \`/docs\` comment for a ${JOB_S / 60}-minute job. Waiting: the emulator's clock and the action's waits run ${SPEED}× faster`,
    `(DOCS_AGENT_DELAY_SCALE); runner time = the run's time − its wait W (create to last service call) + ${SPEED} × W. Detached: ${n}`,
    `\`wait: false\` runs, two at once, as measured; then a sweep while their jobs are active, and one ${every} minutes later that`,
    `finishes them. A request's share, with a sweep every ${every} minutes: the finishing sweep and ${f(seen)} of the active one, over ${n}.`,
    '',
    table(
      ['Request or run', 'Runs', 'Runner time, s', 'GitHub calls'],
      [
        ['waiting', String(s.waiting.runs), fs(s.waiting.runnerS), fs(s.waiting.githubCalls, 0)],
        ['detached', String(n), fs(s.detachedS), `${f(s.detachedCalls)} (mean)`],
        sweep(`sweep, ${n} active`, s.active),
        sweep(`sweep, ${n} ended`, s.ended),
        ['detached + share', '', f(detachedS), f(s.detachedCalls + share('githubCalls'))],
      ],
    ),
    '',
    `Runner minutes per request: waiting ${f(waitingS / 60, 2)}, detached ${f(detachedS / 60, 2)}. Target: detached under 5 % of waiting,`,
    `${f((100 * detachedS) / waitingS)} %: ${yes(detachedS < 0.05 * waitingS)}; a sweep over ${n} in flight within 100 GitHub calls and 60 s,`,
    `${calls} calls in ${f(seconds)} s: ${yes(calls <= 100 && seconds <= 60)}${n === 50 ? '' : ` (${n} in flight, not 50)`}. The fake GitHub answers in ms;`,
    `at an assumed 0.3 s a call on github.com, the sweep would take ${f(seconds + 0.3 * calls, 0)} s and a detached request ${f(detachedS + 0.3 * (s.detachedCalls + share('githubCalls')), 0)} s.`,
    '',
  ];
}

export function renderMarkdown(r: Results): string {
  const [floor] = r.startup;
  const above = (p: Program, key: 'ms' | 'cpuMs'): string => f(p[key].median - (floor?.[key].median ?? NaN));
  const over = (p: Program): string => `${above(p, 'ms')}, ${above(p, 'cpuMs')}`;
  return [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/run.ts) from one run on one machine; run it again rather than',
    'editing this file. Figures are min / median / max. A benchmark, not a test: it fails only when',
    'something crashes.',
    '',
    table(['', ''], Object.entries(r.machine)),
    '',
    '## Start-up against a conventional action',
    '',
    `${r.rounds} interleaved rounds. Wall: spawn to the create request reaching the emulator. CPU: CPU time of the process (all threads)`,
    'until it opened the connection of that request, which the other work of a shared machine barely moves: the target is judged on it.',
    'Peak memory of the whole run.',
    '',
    table(
      ['Program', 'Wall ms', 'CPU ms', 'Above the floor: wall, CPU ms', 'Peak MiB'],
      r.startup.map((p) => [`${p.name}: ${p.what}`, fs(p.ms), fs(p.cpuMs), over(p), fs(p.mib)]),
    ),
    '',
    startupVerdict(r.startup),
    '',
    '## Time to notice a finished job, runner time and calls per request',
    '',
    'The shipped dist/ with its real poll schedule, against jobs of the given length; all runs at once.',
    '"Told" is the step\'s exit for a dispatch run, the last write to GitHub for a comment.',
    '',
    table(
      ['Request', 'Job', 'Runs', 'Runner time, s', 'Job end → told, s', 'Service calls', 'GitHub calls'],
      r.requests.map((q) => [
        ...[q.kind === 'comment' ? '`/docs` comment' : 'workflow_dispatch', `${q.lengthS} s`, String(q.runs)],
        ...[fs(q.runnerS), fs(q.noticeS, 2), fs(q.serviceCalls, 0), fs(q.githubCalls, 0)],
      ]),
    ),
    '',
    `Longer jobs on a virtual clock (${r.schedules[0]?.jobs ?? 0} jobs each): the job's end to the GET that sees it, beside a loop polling every ${FIXED_INTERVAL_S} s.`,
    '',
    table(
      ['Job', 'Action: lag, s', 'Action: GETs', `${FIXED_INTERVAL_S} s loop: lag, s`, 'Its GETs'],
      r.schedules.map((s) => [
        ...[s.lengthS >= 120 ? `${s.lengthS / 60} min` : `${s.lengthS} s`, fs(s.lagS)],
        ...[`${f(s.gets.median, 0)} (${f(s.lengthS / s.gets.median)} s per GET)`, fs(s.fixedLagS), String(s.fixedGets)],
      ]),
    ),
    '',
    ...sweepSection(r.sweep),
    ...billedSection(),
  ].join('\n');
}
