// Whole requests, run for real: dist/ with its real poll schedule (no delay scale) against jobs that
// take a given time on the emulator, two ways a team asks:
//   dispatch  a workflow_dispatch run with a prompt (reports in the job summary only);
//   comment   a `/docs …` comment on an issue: claim, progress comment, final report, notification,
//             against the fake GitHub too.
// Per run: runner time (spawn to exit), how long after the job ended the requester learnt of it (the
// step's exit, or the last write to GitHub), and the calls to the service and GitHub. Runs go at once.
import { startEmulator } from '../emulator/index.ts';
import { startFakeGitHub } from '../emulator/github/index.ts';
import { GITHUB_TOKEN, webhookPayload } from '../__tests__/support/runner.ts';
import { actionEnv, now, runNode, spread, type Spread } from './child.ts';

export interface RequestFigures {
  kind: 'dispatch' | 'comment';
  lengthS: number;
  runs: number;
  runnerS: Spread;
  noticeS: Spread;
  serviceCalls: Spread;
  githubCalls: Spread;
}

type Run = { runnerS: number; noticeS: number; serviceCalls: number; githubCalls: number };

async function once(kind: RequestFigures['kind'], lengthS: number, script: string): Promise<Run> {
  const [emulator, github] = await Promise.all([
    startEmulator({ now, job: { durationMs: lengthS * 1000, outcome: 'pr' } }),
    startFakeGitHub({ token: GITHUB_TOKEN }),
  ]);
  try {
    let event: { name: string; payload: unknown } | undefined;
    if (kind === 'comment') {
      github.setPermission('Codertocat', 'write');
      const payload = webhookPayload('issue_comment', 'created') as {
        issue: { number: number };
        comment: Record<string, unknown> & { user: object };
      };
      const body = '/docs document the new --verbose flag';
      const seeded = github.addComment(payload.issue.number, body, 'Codertocat');
      payload.comment = { ...payload.comment, id: seeded.id, body, user: { ...payload.comment.user, ...seeded.user } };
      event = { name: 'issue_comment', payload };
    }
    const env = actionEnv(emulator.url, { ...(event ? { event } : {}), env: { GITHUB_API_URL: github.url } });
    const run = await runNode(script, env, { killAfterMs: lengthS * 1000 + 120_000 });
    const create = emulator.requests.find((request) => request.method === 'POST');
    if (!create || emulator.jobs()[0]?.status !== 'completed') throw new Error(`${kind}: the job did not complete`);
    const writes = github.calls.filter((call) => call.method !== 'GET');
    if (kind === 'comment' && !writes.length) throw new Error('comment: nothing was written to GitHub');
    const toldAt = kind === 'comment' ? Math.max(...writes.map((call) => call.at)) : run.exitAt;
    return {
      runnerS: (run.exitAt - run.spawnAt) / 1000,
      noticeS: (toldAt - (create.at + lengthS * 1000)) / 1000,
      serviceCalls: emulator.requests.length,
      githubCalls: github.calls.length,
    };
  } finally {
    await Promise.all([emulator.close(), github.close()]);
  }
}

export async function measureRequests(
  lengthsS: readonly number[],
  runsEach: number,
  script: string,
): Promise<RequestFigures[]> {
  const plan = (['dispatch', 'comment'] as const).flatMap((kind) => lengthsS.map((lengthS) => ({ kind, lengthS })));
  const results = await Promise.all(
    plan.map(({ kind, lengthS }) => Promise.all(Array.from({ length: runsEach }, () => once(kind, lengthS, script)))),
  );
  return plan.map(({ kind, lengthS }, i) => {
    const runs = results[i]!;
    return {
      kind,
      lengthS,
      runs: runs.length,
      runnerS: spread(runs.map((run) => run.runnerS)),
      noticeS: spread(runs.map((run) => run.noticeS)),
      serviceCalls: spread(runs.map((run) => run.serviceCalls)),
      githubCalls: spread(runs.map((run) => run.githubCalls)),
    };
  });
}
