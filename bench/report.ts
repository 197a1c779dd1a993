// Renders the results as BENCHMARKS.md: the machine, a summary against issue 6's targets, then each
// figure in detail with its spread and how it was measured.
import type { BundleResult } from './bundle.ts';
import type { CommentFlowResult } from './comment-flow.ts';
import type { Machine } from './machine.ts';
import type { MemoryResult } from './memory.ts';
import { commentFlowSection, memorySection, startupSection, table, waitingSection } from './report-details.ts';
import type { BreakdownResult } from './startup-breakdown.ts';
import type { StartupResult } from './startup.ts';
import {
  TARGETS,
  bundleRows,
  commentFlowRow,
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
  commentFlow: CommentFlowResult;
  /** Other builds measured beside dist/ (--alternatives): their bundles; which one is the baseline. */
  alternatives: { name: string; bundle: BundleResult }[];
  baselineName?: string;
  /** Said by whoever ran the benchmark (--note), e.g. what else was using the machine. */
  note?: string;
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
    ...bundleRows(r.bundle, r.alternatives),
    startupRow(r.startup),
    memoryRow(r.memory),
    commentFlowRow(r.commentFlow, r.baselineName),
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
    ...(r.note ? ['', `> Note from the run: ${r.note}`] : []),
    '',
    '## Summary',
    '',
    "Figures are min / median / max. Targets are issue 6's; start-up and memory are judged against the",
    'minimal floor and the entry file has its own limit (issue 13).',
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
    bundleSection(r.bundle, r.alternatives),
    startupSection(r.startup, r.breakdown),
    memorySection(r.memory),
    commentFlowSection(r.commentFlow, r.baselineName),
    waitingSection(r.waiting, r.schedules),
  ].join('\n');
}

/** What dominates the start-up and memory figures, in numbers from this run. */
function findings(r: Results): string[] {
  const b = r.breakdown;
  const minimal = r.startup.floors[0];
  const minimalMemory = r.memory.floors[0];
  if (b.unavailable || !minimal || !minimalMemory) return [];
  const parse = (b.actionPhases[2] ?? 0) - (b.floorPhases[2] ?? 0);
  const evaluate = b.actionPhases[3] ?? 0;
  const request = (b.actionPhases[4] ?? 0) - (b.floorPhases[4] ?? 0);
  const top = b.parts[0];
  const eagerKiB = r.bundle.eagerBytes / 1024;
  return [
    '### What dominates',
    '',
    `- Start-up: the action is ${(r.startup.actionMs.median - minimal.ms.median).toFixed(1)} ms above the minimal floor (medians). ` +
      `In the breakdown runs, reading and compiling the ${eagerKiB.toFixed(0)} KiB dist/index.js takes ${parse.toFixed(1)} ms more than the floor's script, ` +
      `and evaluating the bundle's modules ${evaluate.toFixed(1)} ms` +
      (top ? `, of which ${top.name} ${top.ms.toFixed(1)} ms (${top.kib.toFixed(0)} KiB of code)` : '') +
      `. From there to the request, src/ reads the event and the inputs, masks the key and opens the log group (the first writes to stdout), ` +
      `${request.toFixed(1)} ms more than the floor's request alone (last phase).`,
    `- Memory: loading the bundle (without inputs − empty module) costs ${r.memory.loadOnlyOverheadMiB.median.toFixed(1)} MiB; ` +
      `polling and reporting add ${(r.memory.actionMiB.median - r.memory.loadOnlyMiB.median).toFixed(1)} MiB on top. ` +
      `The action is ${(r.memory.actionMiB.median - minimalMemory.mib.median).toFixed(1)} MiB above the minimal floor.`,
    ...httpsFinding(r),
    ...bundlerFinding(r),
    '',
  ];
}

/** What node:https would add: the action loads it for an https service (or a proxy), as any client must. */
function httpsFinding(r: Results): string[] {
  const name = (n: string): boolean => n.includes('node:https');
  const startup = r.startup.floors.find((f) => name(f.name));
  const memory = r.memory.floors.find((f) => name(f.name));
  if (!startup || !memory) return [];
  return [
    `- node:https, which the action loads only for an https service or a proxy (and any client of an https service needs), ` +
      `costs ${(startup.ms.median - (r.startup.floors[0]?.ms.median ?? NaN)).toFixed(1)} ms and ` +
      `${(memory.mib.median - (r.memory.floors[0]?.mib.median ?? NaN)).toFixed(1)} MiB: against the minimal floor that also loads it, ` +
      `the action is ${(r.startup.actionMs.median - startup.ms.median).toFixed(1)} ms and ${(r.memory.actionMiB.median - memory.mib.median).toFixed(1)} MiB above. ` +
      'No stand-in can defer it: the request itself needs it.',
  ];
}

/** With --alternatives: ncc beside esbuild, figures from this run; the reasons hold for esbuild's formats. */
function bundlerFinding(r: Results): string[] {
  const esbuild = r.startup.candidates.filter((c) => c.name.startsWith('esbuild'));
  if (esbuild.length === 0) return [];
  const floor = r.startup.floors[0]?.ms.median ?? NaN;
  const floorMiB = r.memory.floors[0]?.mib.median ?? NaN;
  const builds = [
    { name: 'ncc (dist/)', ms: r.startup.actionMs.median, mib: r.memory.actionMiB.median, bundle: r.bundle },
    ...esbuild.map((c) => ({
      name: c.name,
      ms: c.ms.median,
      mib: r.memory.candidates.find((m) => m.name === c.name)?.mib.median ?? NaN,
      bundle: r.alternatives.find((a) => a.name === c.name)?.bundle,
    })),
  ];
  const meets = (b: (typeof builds)[number]): boolean =>
    b.ms - floor <= TARGETS.startupAboveFloorMs &&
    b.mib - floorMiB <= TARGETS.memoryAboveFloorMiB &&
    (b.bundle?.eagerBytes ?? Infinity) / 1024 <= TARGETS.entryKiB;
  const [ncc, ...others] = builds;
  const better = others.filter(meets);
  const quicker = better.filter((b) => ncc && b.ms < ncc.ms);
  const verdict =
    ncc && meets(ncc)
      ? 'ncc stays: it meets the start-up, memory and entry targets' +
        (quicker.length
          ? `; ${quicker.map((b) => `${b.name} is ${(ncc.ms - b.ms).toFixed(1)} ms quicker`).join(', ')} in this run. `
          : ', and no esbuild build is quicker in this run. ')
      : better.length
        ? `ncc misses a target that ${better.map((b) => b.name).join(' and ')} meets in this run: worth a look. `
        : 'ncc stays: no esbuild build meets the start-up, memory and entry targets either. ';
  return [
    '- Bundler: ' +
      builds
        .map((b) => `${b.name} +${(b.ms - floor).toFixed(1)} ms, +${(b.mib - floorMiB).toFixed(1)} MiB`)
        .join('; ') +
      ' (medians above the minimal floor). ' +
      verdict +
      "esbuild's ES-module output needs the ES module loader and takes built-ins with `import * as` (a namespace reads every " +
      'export: for node:fs that loads its promises API and streams); its CommonJS output cannot split code, so Octokit and ' +
      "ask mode's packages land in the entry file.",
  ];
}

function bundleSection(b: BundleResult, alternatives: { name: string; bundle: BundleResult }[]): string {
  const kib = (bytes: number): string => (bytes / 1024).toFixed(0);
  return [
    '## Bundle',
    '',
    table(
      ['File', 'Bytes', 'KiB', 'gzip KiB', 'Loaded'],
      b.files.map((f) => [f.name, f.bytes.toLocaleString('en'), kib(f.bytes), kib(f.gzipBytes), f.loaded]),
    ),
    '',
    `Total ${kib(b.totalBytes)} KiB, of which ${kib(b.eagerBytes)} KiB is read and parsed at every start. ` +
      'The @actions/github chunk is loaded by a dynamic import() (src/github/octokit.ts imports it only when a run reports on an issue). ' +
      'undici.cjs, http-client.cjs and exec.cjs are those packages built on their own (scripts/bundle.ts); the bundle has a stand-in ' +
      'for each (src/lazy-*.cjs) that requires the file on first use: Octokit fetches through undici, and @actions/http-client makes ' +
      'a ProxyAgent from it for Octokit behind a proxy. tunnel is inside http-client.cjs, behind a stand-in of its own; lazy-crypto.cjs ' +
      'stands in for the built-in crypto, which @actions/core imports. Sizes are exact, so a single figure stands for min, median and max.',
    '',
    ...(alternatives.length
      ? [
          'Other builds of the same src/ (bench/alternatives.ts), all JavaScript and the entry file:',
          '',
          table(
            ['Build', 'All JavaScript KiB', 'index.js KiB', 'Files, KiB'],
            alternatives.map((a) => [
              a.name,
              kib(a.bundle.totalBytes),
              kib(a.bundle.eagerBytes),
              a.bundle.files.map((f) => `${f.name} ${kib(f.bytes)}`).join(', '),
            ]),
          ),
          '',
        ]
      : []),
  ].join('\n');
}

const load = (values: number[]): string => values.map((v) => v.toFixed(2)).join(', ');
