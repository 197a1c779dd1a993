/**
 * The sweep (`mode: sweep`), played in whole steps against the service emulator and the fake
 * GitHub: what only whole runs show. A detached request (`wait: false`) and a waiting run that
 * was cancelled each end, after one sweep following the job's end, with the comment, reactions
 * and notification a waiting run gives; two sweeps at once finish a request once. Each step runs
 * where it is cheapest to show (support/in-process.ts: `runStep`): in this process, but for the
 * cancel, the post step's entry and the two sweeps that overlap, which are the shipped dist/ in
 * child processes. The finisher's and the sweep's decisions one by one are in sweep.test.ts.
 */
import type { Emulator } from '../emulator/index.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import { seen } from './support/render.ts';
import type { RunOptions, RunResult } from './support/runner.ts';
import {
  commentEvent,
  expectClean,
  resetServices,
  runAgainst,
  runStepAgainst,
  scheduleEvent,
  useServices,
} from './support/services.ts';

let emulator: Emulator;
let github: FakeGitHub;
useServices((started) => ({ emulator, github } = started));

const LABEL = 'docs-agent: in flight';
const ISSUE = 1;

function run(inputs: Record<string, string>, options: RunOptions = {}): Promise<RunResult> {
  return runStepAgainst({ emulator, github }, { ...options, inputs });
}

const sweep = (): Promise<RunResult> => run({ mode: 'sweep' }, { event: scheduleEvent() });
/** A sweep as the shipped dist/ in a child process: two of them can run at once. */
const sweepChild = (): Promise<RunResult> =>
  runAgainst({ emulator, github }, { inputs: { mode: 'sweep' }, event: scheduleEvent() });

/** Until the emulator's jobs have all ended (they end by the clock). */
async function jobsEnded(): Promise<void> {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
  while (emulator.jobs().some((job) => job.status === 'active')) await tick();
}

/** What the request ends with on GitHub, as readers see it: each job id, comment id and duration named alike. */
function ending(request: number) {
  const bot = github.comments(ISSUE).filter((comment) => comment.user.type === 'Bot');
  const same = (text: string) =>
    seen(text)
      .replace(/job_[0-9a-f]{24}/g, '<job>')
      .replace(/(Took|Working for) \d+[hms](?: \d+[hms])*/g, '$1 <duration>');
  return {
    comments: bot.map((comment) => same(comment.body)),
    reactions: github
      .reactions()
      .filter((reaction) => reaction.subject === 'comment' && reaction.subjectId === request)
      .map((reaction) => reaction.content)
      .sort(),
    labels: github.labels(ISSUE),
  };
}

/** A `/docs` comment's run that waits for its job, on fresh services: what the sweep must match. */
async function waitingRun(): Promise<ReturnType<typeof ending>> {
  emulator.configure({ durationMs: 300, outcome: 'pr' });
  const event = commentEvent(github, '/docs document the flag');
  const result = await run({}, { event });
  expect(result.outputs.status).toBe('completed');
  const shown = ending(event.payload.comment.id);
  resetServices({ emulator, github });
  return shown;
}

describe('the sweep', () => {
  test('finishes a detached request as a waiting run would, after the job ends', async () => {
    const waited = await waitingRun();
    emulator.configure({ durationMs: 1_000, outcome: 'pr' });
    const event = commentEvent(github, '/docs document the flag');
    const detached = await run({ wait: 'false', 'sweep-reports': 'true' }, { event });
    expect(detached.code).toBe(0);
    expect(detached.outputs).toMatchObject({ status: 'active', 'job-id': expect.stringMatching(/^job_/) });
    const working = ending(event.payload.comment.id);
    expect(working.labels).toEqual([LABEL]);
    expect(working.comments).toHaveLength(1);
    // The requester is mentioned once, and told what reports the end.
    expect(working.comments[0]).toContain(
      '@Codertocat: the job continues on the service. A sweep of this repository (mode: sweep) writes its end here.',
    );

    await jobsEnded();
    const swept = await sweep();
    expectClean(swept);
    expect(swept.code).toBe(0);
    expect(swept.outputs).toMatchObject({
      status: 'swept',
      message: expect.stringMatching(/^Sweep: 1 finished, 0 still active, 0 error/),
    });
    expect(seen(swept.summary)).toContain(`issue #${ISSUE} | ${detached.outputs['job-id']} | ✅ finished`);
    expect(ending(event.payload.comment.id)).toEqual(waited);
    expect(waited.labels).toEqual([]);

    // Finished is finished: the next sweep finds nothing in flight and writes nothing.
    github.calls.length = 0;
    const again = await sweep();
    expect(again.outputs.message).toMatch(/^Sweep: 0 finished, 0 still active, 0 error/);
    expect(github.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  test('finishes the request of a waiting run that was cancelled', async () => {
    const waited = await waitingRun();
    emulator.configure({ durationMs: 1_000, outcome: 'pr' });
    // The first read of the job is held back: the cancel lands while the run waits for it.
    emulator.inject({ route: 'get', fault: { kind: 'delay', ms: 60_000 } });
    const event = commentEvent(github, '/docs document the flag');
    const main = await run({}, { event, onSpawn: (child) => void waiting().then(() => child.kill('SIGINT')) });
    expect(main.outputs.status).toBe('active');
    await run({}, { entry: 'post', state: main.state });
    const cancelled = ending(event.payload.comment.id);
    expect(cancelled.comments[0]).toMatch(/^⏹️ Cancelled: the workflow run stopped, @Codertocat: the job continues/);
    expect(cancelled.labels).toEqual([LABEL]);

    await jobsEnded();
    const swept = await sweep();
    expect(swept.code).toBe(0);
    expect(swept.outputs.message).toMatch(/^Sweep: 1 finished/);
    expect(ending(event.payload.comment.id)).toEqual(waited);
  });

  test('two sweeps at once finish a request once: one final edit, one notification', async () => {
    emulator.configure({ durationMs: 1_000, outcome: 'pr' });
    const event = commentEvent(github, '/docs document the flag');
    await run({ wait: 'false' }, { event });
    await jobsEnded();
    github.calls.length = 0;
    const both = await Promise.all([sweepChild(), sweepChild()]);
    expect(both.map((result) => result.code)).toEqual([0, 0]);
    const finished = both.map((result) => Number(/^Sweep: (\d+) finished/.exec(result.outputs.message ?? '')?.[1]));
    expect(finished.sort()).toEqual([0, 1]);
    const finalEdits = github.calls.filter(
      (call) => call.method === 'PATCH' && String((call.body as { body?: unknown }).body).includes('✅'),
    );
    expect(finalEdits).toHaveLength(1);
    const notifications = github.comments(ISSUE).filter((comment) => comment.body.includes('notified='));
    expect(notifications.map((comment) => seen(comment.body))).toEqual([
      expect.stringMatching(/^@Codertocat the docs pull request is ready: /),
    ]);
    expect(github.labels(ISSUE)).toEqual([]);
  });
});

/** The run waits for its job: its working comment is on the issue, and it has asked for the job since. */
async function waiting(): Promise<void> {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
  while (!github.comments(ISSUE).some((c) => c.user.type === 'Bot' && c.body.includes('⏳'))) await tick();
  const before = emulator.requests.length;
  while (!emulator.requests.slice(before).some((r) => r.method === 'GET')) await tick();
}
