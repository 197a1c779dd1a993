// Whole requests, run for real: dist/ against jobs that take a given time on the emulator, as a
// workflow_dispatch run (reports in the job summary only) or a `/docs …` comment on an issue (claim,
// progress comment, final report, notification, against the fake GitHub too); then the sweep's shapes.
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator/index.ts';
import { startFakeGitHub, type FakeGitHub } from '../emulator/github/index.ts';
import { GITHUB_TOKEN, webhookPayload } from '../__tests__/support/runner.ts';
import { actionEnv, f, formatSpread as fs, now, runNode, spread, spreads, table, yes } from './child.ts';
import { FIXED_INTERVAL_S, simulate } from './schedule.ts';

/** `use` with an emulator (`options`) and a fake GitHub, both closed after it. */
async function withServices<T>(options: EmulatorOptions, use: (e: Emulator, g: FakeGitHub) => Promise<T>) {
  const [emulator, github] = await Promise.all([startEmulator(options), startFakeGitHub({ token: GITHUB_TOKEN })]);
  try {
    return await use(emulator, github);
  } finally {
    await Promise.all([emulator.close(), github.close()]);
  }
}

/** A `/docs` comment by a writer on `issue` (the example payload's unless given), seeded on the fake GitHub. */
function commentEvent(github: FakeGitHub, issue?: number): { name: string; payload: unknown } {
  github.setPermission('Codertocat', 'write');
  const payload = webhookPayload('issue_comment', 'created') as { issue: { number: number }; comment: object };
  const [body, comment] = ['/docs document the new --verbose flag', payload.comment as { user: object }];
  const seeded = github.addComment((payload.issue.number = issue ?? payload.issue.number), body, 'Codertocat');
  payload.comment = { ...comment, id: seeded.id, body, user: { ...comment.user, ...seeded.user } };
  return { name: 'issue_comment', payload };
}

/** One request; with `speed` above 1, clock and waits that many times faster, as sweepSection's text says. */
async function once(kind: 'dispatch' | 'comment', lengthS: number, script: string, speed = 1) {
  const start = now();
  const clock = (at: number): number => start + (at - start) * speed;
  const job = { durationMs: lengthS * 1000, outcome: 'pr' } as const;
  return withServices({ now: () => clock(now()), job }, async (emulator, github) => {
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
  });
}

export async function measureRequests(lengths: readonly number[], runsEach: number, script: string) {
  const plan = (['dispatch', 'comment'] as const).flatMap((kind) => lengths.map((lengthS) => ({ kind, lengthS })));
  const results = await Promise.all(
    plan.map(({ kind, lengthS }) => Promise.all(Array.from({ length: runsEach }, () => once(kind, lengthS, script)))),
  );
  const keys = ['runnerS', 'noticeS', 'serviceCalls', 'githubCalls'] as const;
  return plan.map((p, i) => ({ ...p, runs: runsEach, ...spreads(results[i]!, keys) }));
}

/** The real runs, then longer jobs on a virtual clock (schedule.ts), `jobs` of each length. */
export function requestsSection(requests: Awaited<ReturnType<typeof measureRequests>>, jobs: number): string[] {
  const schedules = [120, 600, 1800, 3600].map((lengthS) => simulate(lengthS, jobs));
  return [
    '## Time to notice a finished job, runner time and calls per request',
    '',
    'The shipped dist/ with its real poll schedule, against jobs of the given length; all runs at once.',
    '"Told" is the step\'s exit for a dispatch run, the last write to GitHub for a comment.',
    '',
    table(
      ['Request', 'Job', 'Runs', 'Runner time, s', 'Job end → told, s', 'Service calls', 'GitHub calls'],
      requests.map((q) => [
        ...[q.kind === 'comment' ? '`/docs` comment' : 'workflow_dispatch', `${q.lengthS} s`, String(q.runs)],
        ...[fs(q.runnerS), fs(q.noticeS, 2), fs(q.serviceCalls, 0), fs(q.githubCalls, 0)],
      ]),
    ),
    '',
    `Longer jobs on a virtual clock (${jobs} jobs each): the job's end to the GET that sees it, beside a loop polling every ${FIXED_INTERVAL_S} s.`,
    '',
    table(
      ['Job', 'Action: lag, s', 'Action: GETs', `${FIXED_INTERVAL_S} s loop: lag, s`, 'Its GETs'],
      schedules.map((s) => [
        ...[s.lengthS >= 120 ? `${s.lengthS / 60} min` : `${s.lengthS} s`, fs(s.lagS)],
        ...[`${f(s.gets.median, 0)} (${f(s.lengthS / s.gets.median)} s per GET)`, fs(s.fixedLagS), String(s.fixedGets)],
      ]),
    ),
    '',
  ];
}

// The two shapes of docs/sweep.md, waiting (`once` above) and detached with a sweep: see sweepSection's text.
const [JOB_S, SPEED, SWEEP_EVERY_S, AT_ONCE] = [300, 60, 600, 2];

/** `detachedCalls`: the mean of the detached runs (at once, on one fake GitHub); `active`, `ended`: the sweeps. */
type SweepFigures = Awaited<ReturnType<typeof measureSweep>>;

export async function measureSweep(inFlight: number, waitingRuns: number, script: string) {
  const runs = await Promise.all(Array.from({ length: waitingRuns }, () => once('comment', JOB_S, script, SPEED)));
  const waiting = { runs: waitingRuns, ...spreads(runs, ['runnerS', 'githubCalls'] as const) };
  let skippedMs = 0;
  const options = { now: () => now() + skippedMs, rateLimitPerHour: 1e9, job: { durationMs: JOB_S * 1000 } };
  return withServices(options, async (emulator, github) => {
    const run = async (event: { name: string; payload: unknown }, inputs: Record<string, string>) => {
      const env = actionEnv(emulator.url, { event, inputs, env: { GITHUB_API_URL: github.url } });
      const calls = github.calls.length;
      const { spawnAt, exitAt, outputs } = await runNode(script, env);
      const message = /Sweep: .*/.exec(outputs)?.[0] ?? '';
      return { runnerS: (exitAt - spawnAt) / 1000, githubCalls: github.calls.length - calls, message };
    };
    // A schedule event: none in @octokit/webhooks-examples, so an edited workflow_dispatch payload.
    const { repository, organization, workflow } = webhookPayload('workflow_dispatch') as Record<string, unknown>;
    const schedule = { name: 'schedule', payload: { schedule: '*/10 * * * *', repository, organization, workflow } };
    const sweep = async (expected: RegExp) => {
      const swept = await run(schedule, { mode: 'sweep' });
      if (!expected.test(swept.message)) throw new Error(`sweep: ${swept.message || 'no message'}, not ${expected}`);
      return swept;
    };
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
  });
}

/** Waiting against detached with its share of the sweeps, per request, and the issue's targets. */
export function sweepSection(s: SweepFigures): string[] {
  const [n, every] = [s.inFlight, SWEEP_EVERY_S / 60];
  // The sweep after the job's end finishes it; one before sees it active as often as the job's
  // length covers a sweep (half the time for 5 minutes under 10).
  const seen = Math.min(1, JOB_S / SWEEP_EVERY_S);
  const share = (key: 'runnerS' | 'githubCalls'): number => (s.ended[key] + seen * s.active[key]) / n;
  const [waitingS, detachedS] = [s.waiting.runnerS.median, s.detachedS.median + share('runnerS')];
  const [calls, seconds] = [s.active.githubCalls, s.active.runnerS];
  const sweep = (what: string, run: SweepFigures['active']) => [what, '1', f(run.runnerS), String(run.githubCalls)];
  return [
    '## Runner time per request: waiting, or detached and a sweep',
    '',
    `A \`/docs\` comment for a ${JOB_S / 60}-minute job. Waiting: the emulator's clock and the action's waits run ${SPEED}× faster`,
    `(DOCS_AGENT_DELAY_SCALE); runner time = the run's time − its wait W (create to last service call) + ${SPEED} × W. Detached: ${n}`,
    `\`wait: false\` runs, two at once, as measured; then a sweep while their jobs are active, and one ${every} minutes later that`,
    `finishes them. A request's share, with a sweep every ${every} minutes: the finishing sweep and ${f(seen)} of the active one, over ${n}.`,
    '',
    table(
      ['Request or run', 'Runs', 'Runner time, s', 'GitHub calls'],
      [
        ['waiting', String(s.waiting.runs), fs(s.waiting.runnerS), fs(s.waiting.githubCalls, 0)],
        ['detached', String(n), fs(s.detachedS), `${f(s.detachedCalls)} (mean)`],
        sweep(`sweep, ${n} active`, s.active),
        sweep(`sweep, ${n} ended`, s.ended),
        ['detached + share', '', f(detachedS), f(s.detachedCalls + share('githubCalls'))],
      ],
    ),
    '',
    `Runner minutes per request: waiting ${f(waitingS / 60, 2)}, detached ${f(detachedS / 60, 2)}. Target: detached under 5 % of waiting,`,
    `${f((100 * detachedS) / waitingS)} %: ${yes(detachedS < 0.05 * waitingS)}; a sweep over ${n} in flight within 100 GitHub calls and 60 s,`,
    `${calls} calls in ${f(seconds)} s: ${yes(calls <= 100 && seconds <= 60)}${n === 50 ? '' : ` (${n} in flight, not 50)`}. The fake GitHub answers in ms;`,
    `at an assumed 0.3 s a call on github.com, the sweep would take ${f(seconds + 0.3 * calls, 0)} s and a detached request ${f(detachedS + 0.3 * (s.detachedCalls + share('githubCalls')), 0)} s.`,
    '',
  ];
}
