/**
 * Faults, cancellation and the runs that do not wait: in this process, and signals, kills and the
 * post step's entry against the shipped dist/ under Node 24 (support/in-process.ts).
 * Every run must end with the right outcome, at most one job, in bounded time, with no stack
 * trace and without printing the key.
 */
import type { Emulator, FaultRule } from '../emulator/index.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import { GITHUB_TOKEN, webhookPayload, type RunOptions, type RunResult } from './support/runner.ts';
import { errorLine, expectClean, runPostInProcessAgainst, runStepAgainst, useServices } from './support/services.ts';
import { seen } from './support/render.ts';

let emulator: Emulator;
let github: FakeGitHub;

useServices((started) => ({ emulator, github } = started));

function run(inputs: Record<string, string> = {}, options: RunOptions = {}): Promise<RunResult> {
  return runStepAgainst({ emulator, github }, { ...options, inputs: { prompt: 'Document the flag', ...inputs } });
}

const status = (
  code: number,
  extra: Partial<Extract<FaultRule['fault'], { kind: 'status' }>> = {},
): FaultRule['fault'] => ({ kind: 'status', status: code, ...extra });

type Case = [name: string, rules: FaultRule[], expected: { code: 0 | 1; jobs: 0 | 1; error?: RegExp }];

const MAY_EXIST = /unknown whether the service acted on it .*It was not repeated/;

const CASES: Case[] = [
  ['connection resets while waiting', [{ route: 'get', times: 2, fault: { kind: 'reset' } }], { code: 0, jobs: 1 }],
  ['a reset on create', [{ route: 'create', fault: { kind: 'reset' } }], { code: 1, jobs: 0, error: MAY_EXIST }],
  [
    'a reset after the job was created',
    [{ route: 'create', afterProcessing: true, fault: { kind: 'reset' } }],
    { code: 1, jobs: 1, error: MAY_EXIST },
  ],
  [
    '500 on create',
    [{ route: 'create', afterProcessing: true, fault: status(500) }],
    { code: 1, jobs: 1, error: MAY_EXIST },
  ],
  ['504 on create', [{ route: 'create', fault: status(504) }], { code: 1, jobs: 0, error: MAY_EXIST }],
  [
    '503 with Retry-After on create',
    [{ route: 'create', times: 2, fault: status(503, { headers: { 'Retry-After': '0' } }) }],
    { code: 0, jobs: 1 },
  ],
  [
    '503 without Retry-After on create',
    [{ route: 'create', fault: status(503) }],
    { code: 1, jobs: 0, error: MAY_EXIST },
  ],
  [
    '500, 502, 503 and 504 while waiting',
    [500, 502, 503, 504].map((s) => ({ route: 'get' as const, fault: status(s) })),
    { code: 0, jobs: 1 },
  ],
  [
    'a GET slower than the request timeout',
    [{ route: 'get', fault: { kind: 'delay', ms: 3_000 } }],
    { code: 0, jobs: 1 },
  ],
  [
    'a create answered after the request timeout',
    [{ route: 'create', afterProcessing: true, fault: { kind: 'delay', ms: 3_000 } }],
    { code: 1, jobs: 1, error: MAY_EXIST },
  ],
  ['malformed JSON while waiting', [{ route: 'get', times: 2, fault: { kind: 'malformed' } }], { code: 0, jobs: 1 }],
  [
    'malformed JSON on create',
    [{ route: 'create', afterProcessing: true, fault: { kind: 'malformed' } }],
    { code: 1, jobs: 1, error: MAY_EXIST },
  ],
  [
    'an HTML page from a proxy on create',
    [{ route: 'create', fault: { kind: 'html', status: 502 } }],
    { code: 1, jobs: 0, error: /HTTP 502: 502 Bad Gateway \(an HTML page, probably from a proxy\)/ },
  ],
  ['429 without Retry-After on create', [{ route: 'create', fault: status(429) }], { code: 0, jobs: 1 }],
  [
    '429 with Retry-After while waiting',
    // Retry-After 0: the header is read and the read repeated; waiting it out is retry.test.ts's.
    [{ route: 'get', fault: status(429, { headers: { 'Retry-After': '0' } }) }],
    { code: 0, jobs: 1 },
  ],
  [
    '404 just after create',
    [{ route: 'get', times: 2, fault: status(404, { body: '{"error":"Job not found"}' }) }],
    { code: 0, jobs: 1 },
  ],
  [
    '400 on create',
    [{ route: 'create', fault: status(400, { body: '{"message":"prompt too long"}' }) }],
    { code: 1, jobs: 0, error: /rejected the request \(HTTP 400: prompt too long\)/ },
  ],
  [
    '403 on create (read-only key)',
    [{ route: 'create', fault: status(403, { body: 'Forbidden' }) }],
    { code: 1, jobs: 0, error: /refused the API key \(HTTP 403: Forbidden\)\. Check the 'api-key' input/ },
  ],
];

describe('fault matrix', () => {
  test.each(CASES)('%s', async (_name, rules, expected) => {
    emulator.inject(...rules);
    const result = await run();
    expect(result.code).toBe(expected.code);
    expect(emulator.jobsCreated()).toBe(expected.jobs);
    if (expected.error) expect(errorLine(result)).toMatch(expected.error);
    if (expected.code === 0) expect(result.outputs.status).toBe('completed');
    expect(result.durationMs).toBeLessThan(15_000);
    expectClean(result);
  });

  test('a status the client does not know, then archived', async () => {
    emulator.configure({ runningStatus: 'queued', outcome: 'archived' });
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.outputs.status).toBe('archived');
    expect(result.stdout).toContain("unknown job status 'queued'");
  });

  test('a job that never ends is bounded by timeout-minutes', async () => {
    emulator.configure({ outcome: 'never' });
    const result = await run({ 'timeout-minutes': '0.02' });
    expect(result.code).toBe(1);
    expect(result.outputs.status).toBe('active');
    expect(result.durationMs).toBeLessThan(6_000);
  });
});

describe('runs that do not wait', () => {
  test('wait: false returns the job id at once', async () => {
    emulator.configure({ outcome: 'never' });
    const result = await run({ wait: 'false' });
    expect(result.code).toBe(0);
    expect(result.outputs).toEqual({ 'job-id': emulator.jobs()[0]?.id, status: 'active', 'pr-link': '' });
    expect(emulator.requests.filter((r) => r.method === 'GET')).toHaveLength(0);
  });

  test('job-id attaches to an existing job instead of creating one', async () => {
    await run({ wait: 'false' });
    const id = emulator.jobs()[0]?.id ?? '';
    const result = await run({ 'job-id': id });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ 'job-id': id, status: 'completed' });
    expect(emulator.jobsCreated()).toBe(1);
  });

  test('job-id of a missing job fails clearly', async () => {
    const result = await run({ 'job-id': 'job_missing' });
    expect(result.code).toBe(1);
    expect(errorLine(result)).toBe(
      "::error::Job job_missing was not found in project 'docs'. Check 'job-id' and 'project-id'.",
    );
  });

  test('dry-run prints the request and sends nothing', async () => {
    const result = await run({ 'dry-run': 'true' });
    expect(result.code).toBe(0);
    expect(result.outputs.status).toBe('dry-run');
    expect(result.stdout).toContain(`Dry run: would send POST ${emulator.url}/v2/agent/docs/job`);
    expect(result.stdout).toContain('"prompt": "Document the flag"');
    expect(result.stdout).toContain('Authorization: Bearer ***');
    expect(emulator.requests).toHaveLength(0);
    expectClean(result);
  });
});

describe('cancellation', () => {
  function commentEvent(body = '/docs document the flag'): RunOptions['event'] {
    const payload = webhookPayload('issue_comment', 'created');
    const seeded = github.addComment(1, body, 'Codertocat');
    payload.comment.id = seeded.id;
    payload.comment.body = seeded.body;
    return { name: 'issue_comment', payload };
  }

  async function untilJobExists(): Promise<void> {
    while (emulator.jobsCreated() === 0 || !github.comments(1).some((c) => c.body.includes('⏳'))) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  test('SIGINT stops the wait, sets outputs and marks the comment cancelled within 5 s', async () => {
    emulator.configure({ outcome: 'never' });
    let signalledAt = 0;
    const result = await run(
      {},
      {
        event: commentEvent(),
        onSpawn: (child) => {
          void untilJobExists().then(() => {
            signalledAt = performance.now();
            child.kill('SIGINT');
            // The runner's sequence: SIGTERM 7.5 s after SIGINT if the process still runs.
            setTimeout(() => child.kill('SIGTERM'), 7_500).unref();
          });
        },
      },
    );
    const exitedAfter = performance.now() - signalledAt;
    expect(exitedAfter).toBeLessThan(5_000);
    expect(result.code).toBe(1);
    expect(result.outputs).toEqual({ 'job-id': emulator.jobs()[0]?.id, status: 'active', 'pr-link': '' });
    const progress = github.comments(1).filter((c) => c.user.type === 'Bot');
    expect(progress).toHaveLength(1);
    const shown = seen(progress[0]?.body ?? '').split('\n');
    expect(shown[0]).toBe(
      '⏹️ Cancelled: the workflow run stopped, @Codertocat: the job continues on the service. ' +
        'Re-run this workflow run to wait for its end here.',
    );
    expect(shown.at(-1)).toBe(`job ${emulator.jobs()[0]?.id} · workflow run`);
    expect(result.state.finished).toBe('true');
    const summary = seen(result.summary).split('\n');
    expect(summary[0]).toBe('Cancelled while the documentation agent worked');
    expect(summary[3]).toBe(`The run was cancelled; job ${emulator.jobs()[0]?.id} continues on the service.`);
  });

  test('SIGINT while a job read hangs: the read is dropped, status and job-id are set within the grace', async () => {
    emulator.configure({ outcome: 'never' });
    emulator.inject({ route: 'get', times: 100, fault: { kind: 'delay', ms: 600_000 } });
    const read = /^\/v2\/agent\/docs\/job\/[^/]+$/;
    let signalledAt = 0;
    const result = await run(
      {},
      {
        event: commentEvent(),
        // Timings where one read may wait 9 s, far past the 5 s a cancelled run has (and the first
        // read comes within 2 s, not production's 6).
        env: { DOCS_AGENT_DELAY_SCALE: '0.3' },
        killAfterMs: 60_000,
        onSpawn: (child) => {
          void (async () => {
            while (!emulator.requests.some((r) => r.method === 'GET' && read.test(r.path))) {
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
            // The read is under way, and hangs.
            await new Promise((resolve) => setTimeout(resolve, 200));
            signalledAt = performance.now();
            child.kill('SIGINT');
            setTimeout(() => child.kill('SIGTERM'), 7_500).unref();
          })();
        },
      },
    );
    expect(signalledAt).toBeGreaterThan(0);
    expect(performance.now() - signalledAt).toBeLessThan(4_000);
    expect(result.signal).toBeNull();
    expect(result.code).toBe(1);
    expect(result.outputs).toEqual({ 'job-id': emulator.jobs()[0]?.id, status: 'active', 'pr-link': '' });
    expect(seen(github.comments(1).find((c) => c.user.type === 'Bot')?.body ?? '')).toMatch(
      /^⏹️ Cancelled: the workflow run stopped, @Codertocat: the job continues on the service\. Re-run /m,
    );
    expect(result.state.finished).toBe('true');
  }, 60_000);

  test('SIGTERM alone stops the run the same way', async () => {
    emulator.configure({ outcome: 'never' });
    const result = await run(
      {},
      { event: commentEvent(), onSpawn: (child) => void untilJobExists().then(() => child.kill('SIGTERM')) },
    );
    expect(result.code).toBe(1);
    expect(result.outputs.status).toBe('active');
    expect(seen(github.comments(1).find((c) => c.user.type === 'Bot')?.body ?? '')).toMatch(/^⏹️ Cancelled: /);
  });

  /** The post step's work in this process; the tests below that need its entry run dist/post.js. */
  function post(inputs: Record<string, string>, options: Omit<RunOptions, 'entry'>): Promise<RunResult> {
    return runPostInProcessAgainst(
      { emulator, github },
      { ...options, inputs: { prompt: 'Document the flag', ...inputs } },
    );
  }

  test('the post step finishes a comment the killed main step left working', async () => {
    emulator.configure({ outcome: 'never' });
    const main = await run(
      {},
      { event: commentEvent(), onSpawn: (child) => void untilJobExists().then(() => child.kill('SIGKILL')) },
    );
    expect(main.signal).toBe('SIGKILL');
    expect(seen(github.comments(1).find((c) => c.user.type === 'Bot')?.body ?? '')).toMatch(/^⏳ Updating/);
    const after = await post({}, { state: main.state });
    expect(after.code).toBe(0);
    const progress = github.comments(1).find((c) => c.user.type === 'Bot');
    expect(seen(progress?.body ?? '')).toMatch(/^⏹️ Cancelled: /);
    expect(progress?.body).toContain(`job=${emulator.jobs()[0]?.id ?? 'missing'} `);
    // The job goes on: the request stays in the sweep's index (docs/sweep.md).
    expect(github.labels(1)).toEqual(['docs-agent: in flight']);
  });

  test("the post step writes the end the main step could not, and takes the request out of the sweep's index", async () => {
    const label = 'docs-agent: in flight';
    const added = await fetch(`${github.url}/repos/Codertocat/Hello-World/issues/1/labels`, {
      method: 'POST',
      headers: { authorization: `token ${GITHUB_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ labels: [label] }),
    });
    expect(added.status).toBe(200);
    const comment = github.addComment(1, 'working', 'github-actions[bot]');
    const startedAt = '2026-11-25T00:00:00.000Z';
    const finalView = {
      state: 'pull-request',
      jobId: 'job_x',
      triggers: ['c5'],
      startedAt,
      prLink: 'https://github.com/acme/docs/pull/1',
    };
    const state = {
      issueNumber: '1',
      commentId: String(comment.id),
      jobId: 'job_x',
      triggers: 'c5',
      startedAt,
      open: 'Codertocat',
      finalView: JSON.stringify(finalView),
    };
    const after = await post({}, { state });
    expect(after.code).toBe(0);
    expect(seen(github.comments(1).find((c) => c.id === comment.id)?.body ?? '')).toMatch(
      /^✅ Documentation pull request ready/,
    );
    expect(github.labels(1)).toEqual([]);
  });

  test('the post step does nothing after a finished run', async () => {
    const main = await run({}, { event: commentEvent() });
    const calls = github.calls.length;
    const after = await post({}, { state: main.state });
    expect(after.code).toBe(0);
    expect(github.calls).toHaveLength(calls);
  });

  test('the post step never fails the job', async () => {
    // A GitHub that refuses every write of the post step (its comment is gone).
    const after = await post({}, { state: { commentId: '5', issueNumber: '1', jobId: 'job_x', triggers: 'c5' } });
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(/::warning::The post step could not finish the progress comment/);
  });

  test('a step cancelled before it recorded anything: its post step does nothing, for a change or a question', async () => {
    const event = commentEvent('/docs document the flag');
    const question = commentEvent('/docs ask how?');
    // The runner's cancel as soon as the step starts: before Node has run a line of the action, so
    // what the step was asked (and its mode) cannot matter to what it saved: one main step serves both.
    const main = await run({}, { event, onSpawn: (child) => void child.kill('SIGINT') });
    expect(main.signal).toBe('SIGINT');
    expect(main.state).toEqual({});
    const steps: [Record<string, string>, RunOptions['event']][] = [
      [{}, event],
      [{ mode: 'ask', domain: 'acme', 'assistant-key': 'svc_dsc_public_key' }, question],
    ];
    for (const [inputs, event] of steps) {
      const post = await run(inputs, { event, entry: 'post', state: main.state });
      expect(post.code).toBe(0);
      expect(post.outputs).toEqual({});
      expect(post.stdout).not.toMatch(/::(error|warning)::/);
    }
    expect(github.calls).toEqual([]);
    expect(emulator.requests).toEqual([]);
  });
});
