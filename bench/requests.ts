// Whole requests, run for real: dist/ against jobs that take a given time on the emulator, two ways
// a team asks:
//   dispatch  a workflow_dispatch run with a prompt (reports in the job summary only);
//   comment   a `/docs …` comment on an issue: claim, progress comment, final report, notification,
//             against the fake GitHub too.
// Per run: runner time (spawn to exit), how long after the job ended the requester learnt of it (the
// step's exit, or the last write to GitHub), and the calls to the service and GitHub. Runs go at once.
import { startEmulator } from '../emulator/index.ts';
import { startFakeGitHub, type FakeGitHub } from '../emulator/github/index.ts';
import { GITHUB_TOKEN, webhookPayload } from '../__tests__/support/runner.ts';
import { actionEnv, now, runNode, spread, type Spread } from './child.ts';

type Kind = 'dispatch' | 'comment';
type Run = Record<'runnerS' | 'noticeS' | 'serviceCalls' | 'githubCalls', number>;
export type RequestFigures = { kind: Kind; lengthS: number; runs: number } & Record<keyof Run, Spread>;

/** A `/docs` comment by a writer on `issue` (the example payload's unless given), seeded on the fake GitHub. */
export function commentEvent(github: FakeGitHub, issue?: number): { name: string; payload: unknown } {
  github.setPermission('Codertocat', 'write');
  const payload = webhookPayload('issue_comment', 'created') as { issue: { number: number }; comment: object };
  const [body, comment] = ['/docs document the new --verbose flag', payload.comment as { user: object }];
  const seeded = github.addComment((payload.issue.number = issue ?? payload.issue.number), body, 'Codertocat');
  payload.comment = { ...comment, id: seeded.id, body, user: { ...comment.user, ...seeded.user } };
  return { name: 'issue_comment', payload };
}

/**
 * One request. With `speed` above 1 the emulator's clock runs that many times faster than real time
 * and the action's waits as much shorter (DOCS_AGENT_DELAY_SCALE): the runner time is then the run's
 * own time with its wait for the job (create to the last service call) counted at full length.
 */
export async function once(kind: Kind, lengthS: number, script: string, speed = 1): Promise<Run> {
  const start = now();
  const clock = (at: number): number => start + (at - start) * speed;
  const [emulator, github] = await Promise.all([
    startEmulator({ now: () => clock(now()), job: { durationMs: lengthS * 1000, outcome: 'pr' } }),
    startFakeGitHub({ token: GITHUB_TOKEN }),
  ]);
  try {
    const event = kind === 'comment' ? { event: commentEvent(github) } : {};
    const delay = speed > 1 ? { delayScale: 1 / speed } : {};
    const env = actionEnv(emulator.url, { ...event, ...delay, env: { GITHUB_API_URL: github.url } });
    const run = await runNode(script, env, { killAfterMs: (lengthS * 1000) / speed + 120_000 });
    const [create, last] = [emulator.requests.find((r) => r.method === 'POST'), emulator.requests.at(-1)];
    if (!create || !last || emulator.jobs()[0]?.status !== 'completed') throw new Error(`${kind}: no job completed`);
    const writes = github.calls.filter((call) => call.method !== 'GET');
    if (kind === 'comment' && !writes.length) throw new Error('comment: nothing was written to GitHub');
    const toldAt = kind === 'comment' ? Math.max(...writes.map((call) => call.at)) : run.exitAt;
    const waitedMs = last.at - create.at;
    return {
      runnerS: (run.exitAt - run.spawnAt - waitedMs / speed + waitedMs) / 1000,
      noticeS: (clock(toldAt) - (create.at + lengthS * 1000)) / 1000,
      serviceCalls: emulator.requests.length,
      githubCalls: github.calls.length,
    };
  } finally {
    await Promise.all([emulator.close(), github.close()]);
  }
}

/** Each run's figures as min / median / max. */
export const spreads = <K extends string>(runs: Record<K, number>[], keys: readonly K[]): Record<K, Spread> =>
  Object.fromEntries(keys.map((key) => [key, spread(runs.map((run) => run[key]))])) as Record<K, Spread>;

export async function measureRequests(lengths: readonly number[], runsEach: number, script: string) {
  const plan = (['dispatch', 'comment'] as const).flatMap((kind) => lengths.map((lengthS) => ({ kind, lengthS })));
  const results = await Promise.all(
    plan.map(({ kind, lengthS }) => Promise.all(Array.from({ length: runsEach }, () => once(kind, lengthS, script)))),
  );
  const keys = ['runnerS', 'noticeS', 'serviceCalls', 'githubCalls'] as const;
  return plan.map((p, i): RequestFigures => ({ ...p, runs: runsEach, ...spreads(results[i]!, keys) }));
}
