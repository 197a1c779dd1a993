// Runner time and GitHub calls per `/docs` request of a JOB_S job in the two shapes of docs/sweep.md:
//   waiting   the run waits for its job, on a clock SPEED times faster (requests.ts, `once`);
//   detached  `wait: false` runs as measured (they do not wait), `inFlight` of them, a few at once,
//             then one `mode: sweep` run while their jobs are active and one a sweep interval later
//             that finishes them all; each request's share of the sweeps is worked out in report.ts.
import { readFileSync } from 'node:fs';
import { startEmulator } from '../emulator/index.ts';
import { startFakeGitHub } from '../emulator/github/index.ts';
import { GITHUB_TOKEN, webhookPayload } from '../__tests__/support/runner.ts';
import { actionEnv, now, runNode, spread, type Spread } from './child.ts';
import { commentEvent, once, spreads } from './requests.ts';

export const [JOB_S, SPEED, SWEEP_EVERY_S, AT_ONCE] = [300, 60, 600, 2];

type Sweep = { runnerS: number; githubCalls: number; message: string };
/** `detachedCalls`: the mean of the detached runs (at once, on one fake GitHub); `active`, `ended`: the sweeps. */
export type SweepFigures = Record<'inFlight' | 'detachedCalls', number> &
  Record<'active' | 'ended', Sweep> & {
    waiting: Record<'runnerS' | 'githubCalls', Spread> & { runs: number };
    detachedS: Spread;
  };

export async function measureSweep(inFlight: number, waitingRuns: number, script: string): Promise<SweepFigures> {
  const runs = await Promise.all(Array.from({ length: waitingRuns }, () => once('comment', JOB_S, script, SPEED)));
  const waiting = { runs: waitingRuns, ...spreads(runs, ['runnerS', 'githubCalls'] as const) };
  let skippedMs = 0;
  const [emulator, github] = await Promise.all([
    startEmulator({ now: () => now() + skippedMs, rateLimitPerHour: 1e9, job: { durationMs: JOB_S * 1000 } }),
    startFakeGitHub({ token: GITHUB_TOKEN }),
  ]);
  const run = async (event: { name: string; payload: unknown }, inputs: Record<string, string>) => {
    const env = actionEnv(emulator.url, { event, inputs, env: { GITHUB_API_URL: github.url } });
    const calls = github.calls.length;
    const { spawnAt, exitAt } = await runNode(script, env);
    const message = /Sweep: .*/.exec(readFileSync(env.GITHUB_OUTPUT ?? '', 'utf8'))?.[0] ?? '';
    return { runnerS: (exitAt - spawnAt) / 1000, githubCalls: github.calls.length - calls, message };
  };
  // A schedule event: none in @octokit/webhooks-examples, so an edited workflow_dispatch payload.
  const { repository, organization, workflow } = webhookPayload('workflow_dispatch') as Record<string, unknown>;
  const schedule = { name: 'schedule', payload: { schedule: '*/10 * * * *', repository, organization, workflow } };
  const sweep = async (expected: RegExp): Promise<Sweep> => {
    const swept = await run(schedule, { mode: 'sweep' });
    if (!expected.test(swept.message)) throw new Error(`sweep: ${swept.message || 'no message'}, not ${expected}`);
    return swept;
  };
  try {
    const detachedS: number[] = [];
    let next = 1;
    const worker = async (): Promise<void> => {
      for (let issue = next++; issue <= inFlight; issue = next++) {
        detachedS.push((await run(commentEvent(github, issue), { wait: 'false' })).runnerS);
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
    const detachedCalls = github.calls.length / inFlight;
    if (emulator.jobs().some((job) => job.status !== 'active')) throw new Error('sweep: a job ended before the sweep');
    const active = await sweep(new RegExp(`^Sweep: 0 finished, ${inFlight} still active, 0 error`));
    skippedMs += SWEEP_EVERY_S * 1000;
    const ended = await sweep(new RegExp(`^Sweep: ${inFlight} finished, 0 still active, 0 error`));
    return { inFlight, waiting, detachedS: spread(detachedS), detachedCalls, active, ended };
  } finally {
    await Promise.all([emulator.close(), github.close()]);
  }
}
