// Memory: peak resident set size of a whole run of the action (create, poll until the job ends,
// report) against the floors (bare Node 24 processes making one request), interleaved.
//
// Method: bench/rss-probe.js is preloaded with --import into every process measured and writes
// process.resourceUsage().maxRSS (getrusage's ru_maxrss, the kernel's high-water mark) at exit. That
// needs no external tool. Where /usr/bin/time exists it wraps the same runs, and its %M (the same
// kernel figure, read by the parent at wait4) is kept as a cross-check.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startEmulator } from '../emulator/index.ts';
import type { Emulator } from '../emulator/index.ts';
import {
  actionEnv,
  DIST_ENTRY,
  EMPTY_SCRIPT,
  expectExit,
  FLOORS,
  interleave,
  ROOT,
  runNode,
  scratchFile,
  type Candidate,
} from './child.ts';
import { differences, preciseNow, spread, type Spread } from './stats.ts';

const PROBE = pathToFileURL(join(ROOT, 'bench/rss-probe.js')).href;
const GNU_TIME = '/usr/bin/time';
/** Scaled waits: the 1.5 s job takes about 15 polls 15 to 140 ms apart. */
const DELAY_SCALE = 0.01;
const JOB_MS = 1_500;

export interface MemoryResult {
  rounds: number;
  actionMiB: Spread;
  /** FLOORS in order, each with the action's excess per round; the first is the one judged. */
  floors: { name: string; mib: Spread; actionAboveMiB: Spread }[];
  emptyMiB: Spread;
  /** The bundle run without inputs: it loads every eager module, fails its first check and exits. */
  loadOnlyMiB: Spread;
  loadOnlyOverheadMiB: Spread;
  /** GETs the action made per run: shows the runs really polled. */
  gets: Spread;
  /** Other builds (bench/alternatives.ts), each with its excess over the judged floor per round. */
  candidates: { name: string; mib: Spread; actionAboveMiB: Spread }[];
  /** Largest |probe - /usr/bin/time| over all runs, when /usr/bin/time exists. */
  crossCheckMaxDiffKiB?: number;
}

export async function measureMemory(rounds: number, candidates: readonly Candidate[] = []): Promise<MemoryResult> {
  const emulator = await startEmulator({ now: preciseNow, rateLimitPerHour: 1_000_000, job: { durationMs: JOB_MS } });
  const gets: number[] = [];
  const crossCheck: number[] = [];
  const mib = (sample: Sample): number => {
    if (sample.timeKiB !== undefined) crossCheck.push(Math.abs(sample.probeKiB - sample.timeKiB));
    return sample.probeKiB / 1024;
  };
  let values: number[][];
  try {
    const kinds = [
      async () => {
        const seen = emulator.requests.length;
        const sample = await peak(emulator, DIST_ENTRY, 'action', 0);
        gets.push(emulator.requests.slice(seen).filter((request) => request.method === 'GET').length);
        return mib(sample);
      },
      ...FLOORS.map((floor) => async () => mib(await peak(emulator, floor.script, floor.name, 0))),
      async () => mib(await peak(undefined, EMPTY_SCRIPT, 'empty module', 0)),
      async () => mib(await peak(undefined, DIST_ENTRY, 'bundle without inputs', 1)),
      ...candidates.map((c) => async () => mib(await peak(emulator, c.script, c.name, 0))),
    ];
    await interleave(1, kinds);
    gets.length = 0;
    crossCheck.length = 0;
    values = await interleave(rounds, kinds);
  } finally {
    await emulator.close();
  }
  const action = values[0]!;
  const empty = values[1 + FLOORS.length]!;
  const loadOnly = values[2 + FLOORS.length]!;
  const checkedAll = crossCheck.length === values.flat().length;
  return {
    rounds,
    actionMiB: spread(action),
    floors: FLOORS.map((floor, i) => ({
      name: floor.name,
      mib: spread(values[1 + i]!),
      actionAboveMiB: spread(differences(action, values[1 + i]!)),
    })),
    emptyMiB: spread(empty),
    loadOnlyMiB: spread(loadOnly),
    loadOnlyOverheadMiB: spread(differences(loadOnly, empty)),
    gets: spread(gets),
    candidates: candidates.map((c, i) => {
      const own = values[3 + FLOORS.length + i]!;
      return { name: c.name, mib: spread(own), actionAboveMiB: spread(differences(own, values[1]!)) };
    }),
    ...(checkedAll ? { crossCheckMaxDiffKiB: Math.max(...crossCheck) } : {}),
  };
}

interface Sample {
  probeKiB: number;
  timeKiB?: number;
}

/** One run with the probe preloaded (and /usr/bin/time around it when present). */
async function peak(emulator: Emulator | undefined, script: string, what: string, code: number): Promise<Sample> {
  const env = actionEnv(emulator?.url ?? 'http://127.0.0.1:9', DELAY_SCALE);
  if (!emulator) for (const name of Object.keys(env)) if (name.startsWith('INPUT_')) delete env[name];
  const probeFile = scratchFile('rss');
  env.BENCH_RSS_FILE = probeFile;
  const timeFile = existsSync(GNU_TIME) ? scratchFile('time') : undefined;
  const wrapper = timeFile ? [GNU_TIME, '-f', '%M', '-o', timeFile] : undefined;
  expectExit(
    await runNode(script, { env, nodeArgs: ['--import', PROBE], ...(wrapper ? { wrapper } : {}) }),
    what,
    code,
  );
  const probeKiB = Number(readFileSync(probeFile, 'utf8'));
  if (!Number.isFinite(probeKiB) || probeKiB <= 0) throw new Error(`${what}: the RSS probe wrote no figure`);
  const sample: Sample = { probeKiB };
  if (timeFile) {
    // GNU time writes "Command exited with non-zero status 1" first when the command fails.
    const lines = readFileSync(timeFile, 'utf8').trim().split('\n');
    const kib = Number(lines[lines.length - 1]);
    if (Number.isFinite(kib) && kib > 0) sample.timeKiB = kib;
  }
  return sample;
}
