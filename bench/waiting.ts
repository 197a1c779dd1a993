// The cost of waiting, measured: the shipped dist/index.js with its real schedule (no delay scale)
// against jobs that run for a given time on the emulator. All runs go at once, each with its own
// emulator, since the action spends nearly all of its time asleep.
import { startEmulator } from '../emulator/index.ts';
import { actionEnv, DIST_ENTRY, expectExit, runNode } from './child.ts';
import { preciseNow, spread, type Spread } from './stats.ts';

export interface WaitRun {
  lengthS: number;
  /** From the job's final status to the action's exit, s. */
  overheadS: number;
  gets: number;
  /** From the create request to the action's exit, s. */
  waitS: number;
  /** From the GET that saw the job over to the action's exit (reporting and process exit), ms. */
  exitCostMs: number;
}

export interface WaitFigures {
  lengthS: number;
  runs: number;
  overheadS: Spread;
  gets: Spread;
  secondsPerGet: Spread & { pooled: number };
  exitCostMs: Spread;
}

export async function measureWaiting(
  lengthsS: readonly number[],
  runsEach: number,
): Promise<{ figures: WaitFigures[]; runs: WaitRun[] }> {
  const jobs = lengthsS.flatMap((lengthS) => Array.from({ length: runsEach }, () => waitOnce(lengthS)));
  const runs = await Promise.all(jobs);
  const figures = lengthsS.map((lengthS): WaitFigures => {
    const mine = runs.filter((run) => run.lengthS === lengthS);
    const totalWait = mine.reduce((s, run) => s + run.waitS, 0);
    const totalGets = mine.reduce((s, run) => s + run.gets, 0);
    return {
      lengthS,
      runs: mine.length,
      overheadS: spread(mine.map((run) => run.overheadS)),
      gets: spread(mine.map((run) => run.gets)),
      secondsPerGet: { ...spread(mine.map((run) => run.waitS / run.gets)), pooled: totalWait / totalGets },
      exitCostMs: spread(mine.map((run) => run.exitCostMs)),
    };
  });
  return { figures, runs };
}

async function waitOnce(lengthS: number): Promise<WaitRun> {
  const emulator = await startEmulator({ now: preciseNow, job: { durationMs: lengthS * 1000, outcome: 'pr' } });
  try {
    // DOCS_AGENT_DELAY_SCALE stays unset: the schedule the runner would use.
    const env = actionEnv(emulator.url);
    const run = expectExit(
      await runNode(DIST_ENTRY, { env, killAfterMs: lengthS * 1000 + 120_000 }),
      `action waiting on a ${lengthS} s job`,
    );
    const create = emulator.requests.find((request) => request.method === 'POST');
    const gets = emulator.requests.filter((request) => request.method === 'GET');
    const last = gets[gets.length - 1];
    if (!create || !last)
      throw new Error(`action waiting on a ${lengthS} s job: expected a create and at least one GET`);
    const status = emulator.jobs()[0]?.status;
    if (status !== 'completed') throw new Error(`the ${lengthS} s job ended '${status}', expected 'completed'`);
    // The emulator starts the job's clock when it handles the create, microseconds after `at`.
    const finalAt = create.at + lengthS * 1000;
    return {
      lengthS,
      overheadS: (run.exitAt - finalAt) / 1000,
      gets: gets.length,
      waitS: (run.exitAt - create.at) / 1000,
      exitCostMs: run.exitAt - last.at,
    };
  } finally {
    await emulator.close();
  }
}
