// Start-up: from process spawn to the first request reaching the emulator, for the shipped
// dist/index.js and for the floors (bare Node 24 processes sending the same request), interleaved
// so that drift in the machine's speed hits all alike.
import { startEmulator } from '../emulator/index.ts';
import type { Emulator } from '../emulator/index.ts';
import {
  actionEnv,
  DIST_ENTRY,
  EMPTY_SCRIPT,
  expectExit,
  FLOORS,
  interleave,
  runNode,
  type Candidate,
} from './child.ts';
import { differences, preciseNow, spread, type Spread } from './stats.ts';

export interface FloorFigures {
  name: string;
  ms: Spread;
  /** Per round, action minus this floor. */
  actionAboveMs: Spread;
}

export interface StartupResult {
  rounds: number;
  actionMs: Spread;
  /** FLOORS in order; the first is the one the target is judged against. */
  floors: FloorFigures[];
  /** Spawn to exit: an empty ES module, and the bundle run with no inputs (it loads, fails the first check, exits). */
  emptyExitMs: Spread;
  loadOnlyExitMs: Spread;
  loadOnlyOverheadMs: Spread;
  /** Other builds (bench/alternatives.ts), each with its excess over the judged floor per round. */
  candidates: FloorFigures[];
}

/** Runs that finish fast: the job ends at once and any wait is scaled down. */
const DELAY_SCALE = 0.01;
export const WARM_UP_ROUNDS = 2;

export async function measureStartup(rounds: number, candidates: readonly Candidate[] = []): Promise<StartupResult> {
  const emulator = await startEmulator({ now: preciseNow, rateLimitPerHour: 1_000_000, job: { durationMs: 0 } });
  try {
    const kinds = [
      () => firstRequestMs(emulator, DIST_ENTRY, 'action'),
      ...FLOORS.map((floor) => () => firstRequestMs(emulator, floor.script, floor.name)),
      () => loadOnlyMs(EMPTY_SCRIPT, 0),
      () => loadOnlyMs(DIST_ENTRY, 1),
      ...candidates.map((c) => () => firstRequestMs(emulator, c.script, c.name)),
    ];
    await interleave(WARM_UP_ROUNDS, kinds);
    const values = await interleave(rounds, kinds);
    const action = values[0]!;
    const empty = values[1 + FLOORS.length]!;
    const loadOnly = values[2 + FLOORS.length]!;
    return {
      rounds,
      actionMs: spread(action),
      floors: FLOORS.map((floor, i) => ({
        name: floor.name,
        ms: spread(values[1 + i]!),
        actionAboveMs: spread(differences(action, values[1 + i]!)),
      })),
      emptyExitMs: spread(empty),
      loadOnlyExitMs: spread(loadOnly),
      loadOnlyOverheadMs: spread(differences(loadOnly, empty)),
      candidates: candidates.map((c, i) => {
        const own = values[3 + FLOORS.length + i]!;
        return { name: c.name, ms: spread(own), actionAboveMs: spread(differences(own, values[1]!)) };
      }),
    };
  } finally {
    await emulator.close();
  }
}

/** Spawn to the arrival of the create request, on one clock (preciseNow in this process). */
async function firstRequestMs(emulator: Emulator, script: string, what: string): Promise<number> {
  const seen = emulator.requests.length;
  const run = expectExit(await runNode(script, { env: actionEnv(emulator.url, DELAY_SCALE) }), what);
  const first = emulator.requests[seen];
  if (!first || first.method !== 'POST' || !first.path.endsWith('/job')) {
    throw new Error(
      `${what}: expected its first request to create a job, got ${first ? `${first.method} ${first.path}` : 'none'}`,
    );
  }
  return first.at - run.spawnAt;
}

/** Spawn to exit of a run that sends nothing: an empty module, or the bundle without inputs. */
async function loadOnlyMs(script: string, expectedCode: number): Promise<number> {
  const env = actionEnv('http://127.0.0.1:9', DELAY_SCALE);
  for (const name of Object.keys(env)) if (name.startsWith('INPUT_')) delete env[name];
  const what = script === DIST_ENTRY ? 'bundle without inputs' : 'empty module';
  const run = expectExit(await runNode(script, { env }), what, expectedCode);
  return run.exitAt - run.spawnAt;
}
