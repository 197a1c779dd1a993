// Renders the results as BENCHMARKS.md: the machine, a summary against issue 6's targets, then each
// figure in detail with its spread and how it was measured.
import type { BundleResult } from './bundle.ts';
import type { Machine } from './machine.ts';
import type { MemoryResult } from './memory.ts';
import { memorySection, startupSection, table, waitingSection } from './report-details.ts';
import type { BreakdownResult } from './startup-breakdown.ts';
import type { StartupResult } from './startup.ts';
import {
  bundleRow,
  measuredWaitRows,
  memoryRow,
  simulatedWaitRows,
  startupRow,
  type LengthSchedules,
  type Row,
} from './targets.ts';
import type { WaitFigures } from './waiting.ts';

export interface Results {
  machine: Machine;
  bundle: BundleResult;
  startup: StartupResult;
  breakdown: BreakdownResult;
  memory: MemoryResult;
  waiting: WaitFigures[];
  schedules: LengthSchedules[];
  /** Wall time of the whole benchmark, s. */
  elapsedS: number;
  /** Load averages when it ended. */
  loadAtEnd: number[];
}

export function summaryRows(r: Results): Row[] {
  const exitCostMaxS = Math.max(...r.waiting.map((w) => w.exitCostMs.max)) / 1000;
  const byLength = (lengthS: number): LengthSchedules | undefined => r.schedules.find((s) => s.lengthS === lengthS);
  const measured = new Set(r.waiting.map((w) => w.lengthS));
  return [
    bundleRow(r.bundle),
    startupRow(r.startup),
    memoryRow(r.memory),
    ...r.waiting.flatMap((w) => {
      const schedules = byLength(w.lengthS);
      if (!schedules) throw new Error(`no simulation for the ${w.lengthS} s job`);
      return measuredWaitRows(w, schedules);
    }),
    ...r.schedules.filter((s) => !measured.has(s.lengthS)).flatMap((s) => simulatedWaitRows(s, exitCostMaxS)),
  ];
}

export function summaryTable(rows: Row[]): string {
  return table(
    ['Figure', 'Action: min / median / max', 'Baselines, same run unless marked', 'Target', 'Met'],
    rows.map((row) => [
      row.figure,
      row.action,
      row.baselines,
      row.target,
      (row.met ? 'yes' : '**no**') + (row.note ? ` (${row.note})` : ''),
    ]),
  );
}

export function renderMarkdown(r: Results): string {
  const rows = summaryRows(r);
  const m = r.machine;
  return [
    '# Benchmarks',
    '',
    'What the action costs a team: the size it ships, how long it takes to start, the memory it holds,',
    'and the runner time and requests it spends waiting for a job. Written by `npm run bench`',
    '(bench/run.ts), which measures the shipped dist/ beside baselines in the same run. Run it again',
    'rather than editing this file. It is a benchmark, not a test: it fails only when something crashes.',
    '',
    '## Machine',
    '',
    table(
      ['', ''],
      [
        ['CPU', `${m.cpu}, ${m.cores} cores`],
        ['Memory', `${m.memoryGiB.toFixed(1)} GiB`],
        ['OS', m.os],
        ["Node (runs the action, as the runner's node24)", m.node],
        ['Date', m.date],
        ['Code', `${m.commit}; dist/index.js built ${m.distBuilt}`],
        ['Whole benchmark', `${r.elapsedS.toFixed(0)} s`],
        ['Load average (1, 5, 15 min)', `${load(m.loadAtStart)} at the start, ${load(r.loadAtEnd)} at the end`],
      ],
    ),
    ...(r.bundle.staleWarning ? ['', `> Warning: ${r.bundle.staleWarning}`] : []),
    '',
    '## Summary',
    '',
    "Figures are min / median / max. Targets are issue 6's.",
    '',
    summaryTable(rows),
    '',
    `Targets met: ${rows.filter((row) => row.met).length} of ${rows.length}.` +
      (rows.some((row) => !row.met)
        ? ` Missed: ${rows
            .filter((row) => !row.met)
            .map((row) => row.figure.replace(/ \(.*$/, ''))
            .join('; ')}.`
        : ''),
    '',
    ...findings(r),
    bundleSection(r.bundle),
    startupSection(r.startup, r.breakdown),
    memorySection(r.memory),
    waitingSection(r.waiting, r.schedules),
  ].join('\n');
}

/** What dominates the start-up and memory figures, in numbers from this run. */
function findings(r: Results): string[] {
  const b = r.breakdown;
  const minimal = r.startup.floors[r.startup.floors.length - 1];
  const minimalMemory = r.memory.floors[r.memory.floors.length - 1];
  if (b.unavailable || !minimal || !minimalMemory) return [];
  const parse = (b.actionPhases[2] ?? 0) - (b.floorPhases[2] ?? 0);
  const evaluate = b.actionPhases[3] ?? 0;
  const top = b.parts[0];
  const eagerKiB = r.bundle.eagerBytes / 1024;
  return [
    '### What dominates',
    '',
    `- Start-up: the action is ${(r.startup.actionMs.median - minimal.ms.median).toFixed(1)} ms above the minimal floor (medians). ` +
      `In the breakdown runs, reading, parsing and linking the ${eagerKiB.toFixed(0)} KiB dist/index.js takes ${parse.toFixed(1)} ms more than the floor's script, ` +
      `and evaluating the bundle's modules ${evaluate.toFixed(1)} ms` +
      (top ? `, of which ${top.name} ${top.ms.toFixed(1)} ms (${top.kib.toFixed(0)} KiB of code)` : '') +
      '. What src/ itself does before the first request is small (last phase).',
    `- Memory: loading the bundle (without inputs − empty module) costs ${r.memory.loadOnlyOverheadMiB.median.toFixed(1)} MiB; ` +
      `polling and reporting add ${(r.memory.actionMiB.median - r.memory.loadOnlyMiB.median).toFixed(1)} MiB on top. ` +
      `The action is ${(r.memory.actionMiB.median - minimalMemory.mib.median).toFixed(1)} MiB above the minimal floor.`,
    '',
  ];
}

function bundleSection(b: BundleResult): string {
  return [
    '## Bundle',
    '',
    table(
      ['File', 'Bytes', 'KiB', 'gzip KiB', 'Loaded'],
      b.files.map((f) => [
        f.name,
        f.bytes.toLocaleString('en'),
        (f.bytes / 1024).toFixed(0),
        (f.gzipBytes / 1024).toFixed(0),
        f.eager ? 'at every start' : 'on demand',
      ]),
    ),
    '',
    `Total ${(b.totalBytes / 1024).toFixed(0)} KiB, of which ${(b.eagerBytes / 1024).toFixed(0)} KiB is read and parsed at every start. ` +
      'On-demand chunks are loaded by a dynamic import() (src/github.ts imports @actions/github only when a run reports on an issue). ' +
      'Sizes are exact, so a single figure stands for min, median and max.',
    '',
  ].join('\n');
}

const load = (values: number[]): string => values.map((v) => v.toFixed(2)).join(', ');
