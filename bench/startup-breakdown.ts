// Where the action's start-up goes: the minimal floor and an instrumented copy of dist/ (bench/instrument.ts),
// both run with a timeline written at exit, split into phases; and within module evaluation, which
// bundled packages take the time. The instrumentation costs a little, so the headline figures come
// from clean runs (bench/startup.ts); these runs only apportion them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator } from '../emulator/index.ts';
import type { Emulator } from '../emulator/index.ts';
import { actionEnv, expectExit, MINIMAL_FLOOR, ROOT, runNode, scratchFile } from './child.ts';
import { instrumentedCopy, type ModuleRecord, type ModuleTrace } from './instrument.ts';
import { median, preciseNow } from './stats.ts';

export const PHASES = [
  'spawn → Node starts its clock (exec, loading the binary)',
  '→ Node bootstrapped',
  '→ first line of the script runs (module loader; read and compile the file)',
  "→ the bundle's modules evaluated",
  '→ create request reaches the emulator',
] as const;

export interface BreakdownResult {
  runs: number;
  /** Medians per phase, ms; medians need not add up to the median total. */
  floorPhases: number[];
  actionPhases: number[];
  floorTotal: number;
  actionTotal: number;
  /** Module evaluation apportioned: median ms and the loaded code's size in KiB. */
  parts: { name: string; ms: number; kib: number }[];
  /** How undici gets loaded, from the installed packages; undefined if the chain is not there. */
  undiciChain?: string;
  unavailable?: string;
}

export async function measureBreakdown(runs: number): Promise<BreakdownResult> {
  const copy = instrumentedCopy();
  if ('unavailable' in copy)
    return {
      runs: 0,
      floorPhases: [],
      actionPhases: [],
      floorTotal: NaN,
      actionTotal: NaN,
      parts: [],
      unavailable: copy.unavailable,
    };
  const emulator = await startEmulator({ now: preciseNow, rateLimitPerHour: 1_000_000, job: { durationMs: 0 } });
  const floor: number[][] = [];
  const action: number[][] = [];
  const parts = new Map<string, { ms: number[]; kib: number[] }>();
  try {
    await floorRun(emulator);
    await actionRun(emulator, copy.entry);
    for (let i = 0; i < runs; i++) {
      floor.push(await floorRun(emulator));
      const { phases, split } = await actionRun(emulator, copy.entry);
      action.push(phases);
      for (const [name, value] of split) {
        const entry = parts.get(name) ?? { ms: [], kib: [] };
        entry.ms.push(value.ms);
        entry.kib.push(value.kib);
        parts.set(name, entry);
      }
    }
  } finally {
    await emulator.close();
  }
  const column = (rows: number[][], i: number): number[] => rows.map((row) => row[i] ?? 0);
  const sum = (row: number[]): number => row.reduce((a, b) => a + b, 0);
  return {
    runs,
    floorPhases: PHASES.map((_, i) => median(column(floor, i))),
    actionPhases: PHASES.map((_, i) => median(column(action, i))),
    floorTotal: median(floor.map(sum)),
    actionTotal: median(action.map(sum)),
    parts: [...parts].map(([name, v]) => ({ name, ms: median(v.ms), kib: median(v.kib) })).sort((a, b) => b.ms - a.ms),
    ...(undiciChain() ? { undiciChain: undiciChain() } : {}),
  };
}

async function floorRun(emulator: Emulator): Promise<number[]> {
  const file = scratchFile('timeline.json');
  const { run, requestAt } = await timed(emulator, MINIMAL_FLOOR.script, 'minimal floor (timeline)', {
    BENCH_TIMELINE_FILE: file,
  });
  const t = JSON.parse(readFileSync(file, 'utf8')) as { timeOrigin: number; bootstrap: number; scriptStart: number };
  return [t.timeOrigin - run, t.bootstrap, t.scriptStart - t.bootstrap, 0, requestAt - (t.timeOrigin + t.scriptStart)];
}

type Split = Map<string, { ms: number; kib: number }>;

async function actionRun(emulator: Emulator, entry: string): Promise<{ phases: number[]; split: Split }> {
  const file = scratchFile('modules.json');
  const { run, requestAt } = await timed(emulator, entry, 'instrumented action', { BENCH_MODULES_FILE: file });
  const t = JSON.parse(readFileSync(file, 'utf8')) as ModuleTrace;
  const { mains, evalEnd, entryOwn } = evaluation(t);
  const phases = [
    t.timeOrigin - run,
    t.bootstrap,
    t.bundleStart - t.bootstrap,
    evalEnd - t.bundleStart,
    requestAt - (t.timeOrigin + evalEnd),
  ];
  return { phases, split: apportion(t.modules, mains, entryOwn) };
}

/**
 * The modules the entry imports and when their evaluation ends. In an ES-module bundle the entry
 * (src/index.ts) is itself a module of the table, whose evaluation runs into run(): its children are
 * the imports. In a CommonJS bundle the entry's code runs inline: the imports are the top-level
 * modules required before run() started, and the rest of the time up to then is the entry's own.
 */
function evaluation(t: ModuleTrace): {
  mains: ModuleRecord[];
  evalEnd: number;
  entryOwn?: { ms: number; chars: number };
} {
  const tops = t.modules.filter((m) => m.parent === null).sort((a, b) => a.start - b.start);
  const { runStart } = t;
  const entry = runStart === undefined ? tops[0] : tops.find((m) => m.start < runStart && runStart < m.end);
  if (entry || runStart === undefined) {
    const mains = t.modules.filter((m) => entry && m.parent === entry.id);
    return { mains, evalEnd: Math.max(t.bundleStart, ...mains.map((m) => m.end)) };
  }
  const mains = tops.filter((m) => m.start < runStart);
  const imports = mains.reduce((sum, m) => sum + (m.end - m.start), 0);
  return {
    mains,
    evalEnd: runStart,
    entryOwn: { ms: runStart - t.bundleStart - imports, chars: t.outsideTableChars },
  };
}

async function timed(
  emulator: Emulator,
  script: string,
  what: string,
  extra: Record<string, string>,
): Promise<{ run: number; requestAt: number }> {
  const seen = emulator.requests.length;
  const run = expectExit(await runNode(script, { env: actionEnv(emulator.url, 0.01, extra) }), what);
  const first = emulator.requests[seen];
  if (!first) throw new Error(`${what} sent no request`);
  return { run: run.spawnAt, requestAt: first.at };
}

const MAIN_PART = "the entry's own code: src/main.ts and the src/ modules concatenated into it, and ncc's runtime";
const ESM_MAIN_PART =
  'main module: src/ with the ES-module packages concatenated in (@actions/core, @actions/http-client, p-retry, …)';

/** Splits the main modules' evaluation among their direct children, grouped by what they are. */
function apportion(modules: ModuleRecord[], mains: ModuleRecord[], entryOwn?: { ms: number; chars: number }): Split {
  const children = new Map<string, ModuleRecord[]>();
  for (const m of modules) if (m.parent !== null) children.set(m.parent, [...(children.get(m.parent) ?? []), m]);
  const subtreeChars = (m: ModuleRecord): number =>
    m.chars + (children.get(m.id) ?? []).reduce((s, c) => s + subtreeChars(c), 0);
  const split: Split = new Map();
  const add = (name: string, ms: number, chars: number): void => {
    const entry = split.get(name) ?? { ms: 0, kib: 0 };
    split.set(name, { ms: entry.ms + ms, kib: entry.kib + chars / 1024 });
  };
  if (entryOwn) {
    add(MAIN_PART, entryOwn.ms, entryOwn.chars);
    for (const main of mains) add(label(main), main.end - main.start, subtreeChars(main));
    return split;
  }
  for (const main of mains) {
    const direct = children.get(main.id) ?? [];
    add(ESM_MAIN_PART, main.end - main.start - direct.reduce((s, c) => s + (c.end - c.start), 0), main.chars);
    for (const child of direct) add(label(child), child.end - child.start, subtreeChars(child));
  }
  return split;
}

function label(m: ModuleRecord): string {
  const names = new Set(m.exportNames);
  // The stand-ins (src/lazy-*.cjs) export the names of what they stand for, in a few hundred bytes.
  if (
    m.chars < 1_000 &&
    ['defer', 'ProxyAgent', 'httpOverHttp', 'getExecOutput', 'HttpClient', 'randomUUID'].some((name) => names.has(name))
  )
    return 'stand-ins (src/lazy-*.cjs; the one for crypto is read from dist/lazy-crypto.cjs), which load nothing yet';
  if (m.hint === '@actions/core') return '@actions/core (with its summary, OIDC and platform modules)';
  if (m.hint === 'p-retry') return 'p-retry';
  if (names.has('ProxyAgent') || (names.has('Dispatcher') && names.has('Pool')))
    return 'undici (bundled copy, CommonJS) and what it requires';
  if (names.has('httpOverHttp')) return 'tunnel (CommonJS) and what it requires';
  if (m.builtin) return 'Node built-ins required at load (node:os, node:fs, …)';
  return 'src/ modules of their own (those the on-demand chunks share)';
}

/** "@actions/core 3.0.1 → @actions/http-client 4.0.1 (oidc-utils.js) → undici 6.29.1 (ProxyAgent)", if so. */
function undiciChain(): string | undefined {
  const modules = join(ROOT, 'node_modules');
  const read = (path: string): string =>
    existsSync(join(modules, path)) ? readFileSync(join(modules, path), 'utf8') : '';
  const version = (name: string): string =>
    (JSON.parse(read(`${name}/package.json`) || '{}') as { version?: string }).version ?? '?';
  const coreImports = /from ['"]@actions\/http-client['"]/.test(read('@actions/core/lib/oidc-utils.js'));
  const clientImports = /import \{[^}]*ProxyAgent[^}]*\} from ['"]undici['"]/.test(
    read('@actions/http-client/lib/index.js'),
  );
  if (!coreImports || !clientImports) return undefined;
  return `@actions/core ${version('@actions/core')} (lib/oidc-utils.js, for getIDToken) → @actions/http-client ${version('@actions/http-client')} (lib/index.js, for ProxyAgent) → undici ${version('undici')}`;
}
