// The detailed sections of BENCHMARKS.md: start-up with its breakdown, memory, and the cost of waiting.
import type { CommentFlowResult } from './comment-flow.ts';
import type { MemoryResult } from './memory.ts';
import { strategyName, type ScheduleFigures } from './schedule.ts';
import { PHASES, type BreakdownResult } from './startup-breakdown.ts';
import { WARM_UP_ROUNDS, type StartupResult } from './startup.ts';
import { formatSpread, type Spread } from './stats.ts';
import { lengthLabel, type LengthSchedules } from './targets.ts';
import type { WaitFigures } from './waiting.ts';

export const table = (head: string[], rows: string[][]): string =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join(
    '\n',
  );
const ms = (s: Spread): string => formatSpread(s, 1);
const mib = (s: Spread): string => formatSpread(s, 1);
const fixed = (v: number | undefined): string => (v === undefined || Number.isNaN(v) ? '—' : v.toFixed(1));

export function startupSection(s: StartupResult, b: BreakdownResult): string {
  const lines = [
    '## Start-up',
    '',
    'From `spawn()` of `node24 dist/index.js` to the create request reaching the emulator (both on this',
    "process's clock, `performance.timeOrigin + performance.now()`), beside bare Node 24 processes that",
    'send the same request from the same environment (bench/floor*.js). The first floor is the one the target',
    `is judged against. ${s.rounds} rounds, each running every kind once, in alternating order, after`,
    `${WARM_UP_ROUNDS} warm-up rounds; the job ends at once so each run is short.`,
    '',
    table(
      ['Run', 'ms: min / median / max', 'Action above it, per round'],
      [
        ['Action: dist/index.js', ms(s.actionMs), ''],
        ...s.floors.map((f) => [f.name, ms(f.ms), ms(f.actionAboveMs)]),
        ['Empty ES module, spawn to exit', ms(s.emptyExitMs), ''],
        ['dist/index.js without inputs (loads, fails its first check), spawn to exit', ms(s.loadOnlyExitMs), ''],
        ['Loading the bundle: without inputs − empty module, per round', ms(s.loadOnlyOverheadMs), ''],
        ...s.candidates.map((c) => [`Other build: ${c.name}`, ms(c.ms), ms(c.actionAboveMs)]),
      ],
    ),
    '',
  ];
  const [minimal, imported] = s.floors;
  if (minimal && imported) {
    lines.push(
      `The floors differ by ${(imported.ms.median - minimal.ms.median).toFixed(1)} ms for the same request: in an ES module,`,
      "`import … from 'node:http'` makes Node read every export of node:http for the namespace, and the lazy",
      "`WebSocket` getter loads Node's built-in undici; fetch() loads it too. The bundle takes its built-ins through",
      '`require`, which touches no getter, so the minimal floor, the physical floor, is the one judged (issue 13);',
      'the `import` floor is shown because its peak RSS, about 60 MB, is the floor issue 6 described.',
      ...(s.candidates.length
        ? ['Other builds: their last column is their own excess over the minimal floor, per round.']
        : []),
      '',
    );
  }
  if (b.unavailable) return [...lines, `Breakdown unavailable: ${b.unavailable}.`, ''].join('\n');
  const top = b.parts[0];
  lines.push(
    '### Where the start-up goes',
    '',
    `Medians of ${b.runs} runs of the minimal floor (writing a timeline at exit) and of an instrumented copy of`,
    "dist/ (bench/instrument.ts wraps ncc's `__nccwpck_require__` to time each module's evaluation). Phases",
    "are on the child's own clock; the instrumentation adds a little, so totals exceed the clean runs above.",
    '',
    table(
      ['Phase', 'Minimal floor ms', 'Action ms', 'Difference'],
      [
        ...PHASES.map((name, i) => [
          name,
          fixed(b.floorPhases[i]),
          fixed(b.actionPhases[i]),
          fixed((b.actionPhases[i] ?? 0) - (b.floorPhases[i] ?? 0)),
        ]),
        [
          'Total (median of per-run totals)',
          fixed(b.floorTotal),
          fixed(b.actionTotal),
          fixed(b.actionTotal - b.floorTotal),
        ],
      ],
    ),
    '',
    "Module evaluation, apportioned (each part includes the modules it requires; KiB is the loaded code's",
    'size in the minified bundle):',
    '',
    table(
      ['Part', 'ms (median)', 'KiB'],
      b.parts.map((p) => [p.name, fixed(p.ms), p.kib.toFixed(0)]),
    ),
    '',
  );
  if (top) {
    lines.push(
      `The largest part of module evaluation is ${top.name}: ${top.ms.toFixed(1)} ms.` +
        (b.undiciChain
          ? ` undici is imported through ${b.undiciChain}, so importing @actions/core alone would bring it in; ` +
            'the bundle takes it from a stand-in (src/lazy-undici.cjs) that requires dist/undici.cjs only when a name is used.'
          : ''),
      '',
    );
  }
  return lines.join('\n');
}

export function memorySection(m: MemoryResult): string {
  return [
    '## Memory',
    '',
    'Peak resident set size of a whole run: create a 1.5 s job, poll it to the end (waits scaled by',
    `DOCS_AGENT_DELAY_SCALE=0.01; ${formatSpread(m.gets, 0)} GETs per run), report, exit; beside it the floors,`,
    'each making one request. Every process gets bench/rss-probe.js preloaded with `--import`, which writes',
    "`process.resourceUsage().maxRSS` (getrusage's high-water mark, in KiB) at exit: no external tool needed,",
    "and the probe's own small cost is in every figure alike." +
      (m.crossCheckMaxDiffKiB === undefined
        ? ' /usr/bin/time was not found, so there is no cross-check.'
        : ` Cross-check: /usr/bin/time -f %M around the same runs agrees within ${m.crossCheckMaxDiffKiB} KiB.`),
    `${m.rounds} rounds, each running every kind once, in alternating order, after a warm-up round.`,
    '',
    table(
      ['Run', 'MiB: min / median / max', 'Action above it, per round'],
      [
        ['Action: whole run', mib(m.actionMiB), ''],
        ...m.floors.map((f) => [f.name, mib(f.mib), mib(f.actionAboveMiB)]),
        ['Empty ES module', mib(m.emptyMiB), ''],
        ['dist/index.js without inputs (loads, fails its first check)', mib(m.loadOnlyMiB), ''],
        ['Loading the bundle: without inputs − empty module, per round', mib(m.loadOnlyOverheadMiB), ''],
        ...m.candidates.map((c) => [`Other build: ${c.name}`, mib(c.mib), mib(c.actionAboveMiB)]),
      ],
    ),
    '',
    `Loading the bundle alone accounts for ${m.loadOnlyOverheadMiB.median.toFixed(1)} MiB above an empty module; the whole run peaks`,
    `${(m.actionMiB.median - m.loadOnlyMiB.median).toFixed(1)} MiB above that.`,
    '',
  ].join('\n');
}

export function commentFlowSection(c: CommentFlowResult, baselineName: string | undefined): string {
  return [
    '## Comment flow',
    '',
    'A `/docs` comment on an issue (a real issue_comment payload): the run checks the commenter, reacts, creates',
    'the job, keeps the progress comment and reports, against the service emulator and the fake GitHub. It needs',
    'Octokit, and so undici, which dist/index.js now loads on the first GitHub request instead of at start: this',
    'checks that the flow as a whole is no slower. Spawn to exit; the job ends at once and waits are scaled by',
    `DOCS_AGENT_DELAY_SCALE=0.01. ${c.rounds} rounds, each running every build once, in alternating order, after ${WARM_UP_ROUNDS} warm-up rounds.`,
    '',
    table(
      ['Run', 'ms: min / median / max', 'Action minus it, per round'],
      [
        ['Action: dist/index.js', ms(c.actionMs), ''],
        ...c.candidates.map((o) => [
          `${o.name === baselineName ? 'Baseline' : 'Other build'}: ${o.name}`,
          ms(o.ms),
          ms(o.actionMinusMs),
        ]),
      ],
    ),
    '',
    ...(c.candidates.length ? [] : ['No baseline measured: `npm run bench -- --alternatives` adds one.', '']),
  ].join('\n');
}

export function waitingSection(waiting: WaitFigures[], schedules: LengthSchedules[]): string {
  const lines = [
    '## The cost of waiting',
    '',
    "Overhead is the time from the job reaching its final status to the action's exit: runner minutes paid",
    'for nothing. Real runs: dist/index.js with its real schedule (DOCS_AGENT_DELAY_SCALE unset), all at',
    'once, each against its own emulator whose job lasts the given time; the overhead includes the last',
    'sleep, the GET, reporting and process exit ("exit cost" is the part after the GET that saw the end).',
    'Virtual clock (bench/schedule.ts): `pollDelay` from src/service/poll-schedule.ts, slept before each GET from',
    "the create's answer as src/service/wait.ts does, over many jobs with a seeded random source; GETs are instant",
    "there, so it gives the schedule's lag alone. Fixed pollers GET every 10 s or 30 s, the first GET at a",
    'random phase after the job starts (a poller that always slept exactly one interval first would, on a',
    'round job length, land on the end and measure the round number, not the poller).',
    "Seconds per GET: from the job's start to exit (or to the GET that saw the end), over the GETs made;",
    '"overall" is the total waiting over the total GETs, the average the target is about.',
    '',
    'Verdicts on waiting use the schedule on the virtual clock plus the measured exit cost: the lag of a',
    'single run lies anywhere between 0 and the cap of the schedule (POLL_SCHEDULE.maxMs), so the median of ten real runs moves by about 2 s either way',
    'from one benchmark to the next, while 2,000 simulated jobs pin it to about 0.1 s. The real runs',
    'check the simulation: the summary gives the interval their median falls in 90% of the time if the',
    'action polls as its schedule says, and says whether it did.',
    '',
  ];
  for (const s of schedules) {
    const real = waiting.find((w) => w.lengthS === s.lengthS);
    const rows: string[][] = [];
    if (real) {
      rows.push([
        `action, ${real.runs} real runs`,
        formatSpread(real.overheadS, 2),
        formatSpread(real.gets, 0),
        `${formatSpread(real.secondsPerGet, 2)} (overall ${real.secondsPerGet.pooled.toFixed(2)})`,
        `${ms(real.exitCostMs)} ms`,
      ]);
    }
    const simRow = (name: string, f: ScheduleFigures): string[] => [
      `${name}, ${f.samples.toLocaleString('en')} jobs`,
      formatSpread(f.lagS, 2),
      formatSpread(f.gets, 0),
      `${formatSpread(f.secondsPerGet, 2)} (overall ${f.secondsPerGet.pooled.toFixed(2)})`,
      '—',
    ];
    rows.push(simRow(strategyName({ kind: 'action' }), s.action));
    for (const f of s.fixed) rows.push(simRow(strategyName({ kind: 'fixed', intervalS: f.intervalS }), f.figures));
    lines.push(`### ${lengthLabel(s.lengthS)} job`, '');
    lines.push(table(['Poller', 'Overhead s', 'GETs', 'Seconds per GET', 'Exit cost'], rows), '');
  }
  return lines.join('\n');
}
