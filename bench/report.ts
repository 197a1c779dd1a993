// BENCHMARKS.md from one run: the machine, start-up against the conventional action (issue 20's
// target), the time to notice a finished job, and each request's runner time and calls.
import { formatSpread } from './child.ts';
import type { RequestFigures } from './requests.ts';
import { FIXED_INTERVAL_S, type ScheduleFigures } from './schedule.ts';
import type { Program } from './startup.ts';

export interface Results {
  machine: Record<string, string>;
  rounds: number;
  startup: Program[];
  requests: RequestFigures[];
  schedules: ScheduleFigures[];
}

/** dist/ and the bundle without the stand-in (simple), each above the floor, against half the conventional's. */
type Verdict = Record<'aboveMs' | 'allowedMs' | 'simpleAboveMs', number> &
  Record<'startupMet' | 'memoryMet' | 'simpleMet', boolean>;

const table = (header: string[], rows: string[][]): string =>
  [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
const f = (value: number, decimals = 1): string => value.toFixed(decimals);

function verdict([floor, conventional, simple, dist]: Program[]): Verdict {
  if (!floor || !conventional || !simple || !dist) throw new Error('start-up: four programs expected');
  const above = (p: Program): number => p.cpuMs.median - floor.cpuMs.median;
  const allowedMs = above(conventional) / 2;
  const light = (p: Program): boolean => p.mib.median <= conventional.mib.median;
  const simpleMet = above(simple) <= allowedMs && light(simple);
  const [aboveMs, simpleAboveMs] = [above(dist), above(simple)];
  return { aboveMs, allowedMs, startupMet: aboveMs <= allowedMs, memoryMet: light(dist), simpleAboveMs, simpleMet };
}

export function renderMarkdown(r: Results): string {
  const v = verdict(r.startup);
  const [floor] = r.startup;
  const over = (p: Program, key: 'ms' | 'cpuMs'): string => f(p[key].median - (floor?.[key].median ?? NaN));
  const yes = (met: boolean): string => (met ? 'met' : '**missed**');
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
      r.startup.map((p) => [
        `${p.name}: ${p.what}`,
        formatSpread(p.ms),
        formatSpread(p.cpuMs),
        `${over(p, 'ms')}, ${over(p, 'cpuMs')}`,
        formatSpread(p.mib),
      ]),
    ),
    '',
    `Target: dist/ at most half of the conventional action's start-up above the floor (CPU), ${f(v.aboveMs)} ≤ ${f(v.allowedMs)} ms: ${yes(v.startupMet)}; ` +
      `no more memory: ${yes(v.memoryMet)}. Without its one stand-in (undici, scripts/bundle.ts says why) the bundle is ` +
      `${f(v.simpleAboveMs)} ms above the floor and would ${v.simpleMet ? 'meet the target too: drop the stand-in' : 'miss the target: the stand-in stays'}.`,
    '',
    '## Time to notice a finished job, runner time and calls per request',
    '',
    'The shipped dist/ with its real poll schedule, against jobs of the given length; all runs at once.',
    '"Told" is the step\'s exit for a dispatch run, the last write to GitHub for a comment.',
    '',
    table(
      ['Request', 'Job', 'Runs', 'Runner time, s', 'Job end → told, s', 'Service calls', 'GitHub calls'],
      r.requests.map((q) => [
        q.kind === 'comment' ? '`/docs` comment' : 'workflow_dispatch',
        `${q.lengthS} s`,
        String(q.runs),
        formatSpread(q.runnerS),
        formatSpread(q.noticeS, 2),
        formatSpread(q.serviceCalls, 0),
        formatSpread(q.githubCalls, 0),
      ]),
    ),
    '',
    `Longer jobs on a virtual clock (${r.schedules[0]?.jobs ?? 0} jobs each): the job's end to the GET that sees it, beside a loop polling every ${FIXED_INTERVAL_S} s.`,
    '',
    table(
      ['Job', 'Action: lag, s', 'Action: GETs', `${FIXED_INTERVAL_S} s loop: lag, s`, 'Its GETs'],
      r.schedules.map((s) => [
        s.lengthS >= 120 ? `${s.lengthS / 60} min` : `${s.lengthS} s`,
        formatSpread(s.lagS),
        `${f(s.gets.median, 0)} (${f(s.lengthS / s.gets.median)} s per GET)`,
        formatSpread(s.fixedLagS),
        String(s.fixedGets),
      ]),
    ),
    '',
  ].join('\n');
}
