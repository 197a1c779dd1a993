import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../emulator/index.ts';
import type { Emulator, EmulatorOptions, Job, RecordedRequest, Session } from '../emulator/index.ts';

const KEY = 'svc_test_admin_key';
const START = Date.UTC(2025, 0, 1, 12, 0, 0);
const HOUR = 60 * 60 * 1000;

/** A clock the test moves by hand, so job status changes without sleeping. */
function fakeClock(start = START): { now: () => number; advance(ms: number): void } {
  let time = start;
  return {
    now: () => time,
    advance(ms: number) {
      time += ms;
    },
  };
}

let running: Emulator[] = [];

async function start(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = await startEmulator(options);
  running.push(emulator);
  return emulator;
}

afterEach(async () => {
  await Promise.all(running.map((emulator) => emulator.close()));
  running = [];
});

interface CallOptions {
  method?: string;
  body?: unknown;
  key?: string | null;
}

function call(emulator: Emulator, path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const key = options.key === undefined ? KEY : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  return fetch(`${emulator.url}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
}

async function createJob(emulator: Emulator, project = 'proj', prompt = 'Document the new flag'): Promise<Job> {
  const res = await call(emulator, `/v2/agent/${project}/job`, { body: { prompt } });
  expect(res.status).toBe(201);
  return (await res.json()) as Job;
}

async function getJob(emulator: Emulator, id: string, project = 'proj'): Promise<Job> {
  const res = await call(emulator, `/v2/agent/${project}/job/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Job;
}

/** The control endpoint a command-line user injects faults with. */
function injectOverHttp(url: string, rules: unknown): Promise<Response> {
  return fetch(`${url}/_emulator/inject`, { method: 'POST', body: JSON.stringify(rules) });
}

async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('job lifecycle', () => {
  test('a created job runs, then completes with a pull request link', async () => {
    const clock = fakeClock();
    const emulator = await start({ now: clock.now, job: { durationMs: 1000 } });

    const created = await createJob(emulator);
    expect(created).toEqual({
      id: expect.stringMatching(/^job_[0-9a-f]+$/),
      status: 'active',
      source: {
        repository: 'https://github.com/acme/docs',
        ref: `branch-1` /* the branch of the pull request it will open, as the fake GitHub names it */,
      },
      model: 'emulated-model',
      prLink: null,
      createdAt: new Date(START).toISOString(),
      archivedAt: null,
    });

    clock.advance(999);
    expect((await getJob(emulator, created.id)).status).toBe('active');
    clock.advance(1);
    const done = await getJob(emulator, created.id);
    expect(done.status).toBe('completed');
    expect(done.prLink).toBe('https://github.com/acme/docs/pull/1');

    const second = await createJob(emulator);
    clock.advance(1000);
    expect((await getJob(emulator, second.id)).prLink).toBe('https://github.com/acme/docs/pull/2');
  });

  test('with the real clock a short job completes after its duration', async () => {
    const emulator = await start({ job: { durationMs: 30 } });
    const job = await createJob(emulator);
    expect(job.status).toBe('active');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await getJob(emulator, job.id)).status).toBe('completed');
  });

  test.each([
    ['no-change', 'completed', null, null],
    ['failed', 'failed', null, null],
    ['archived', 'archived', null, new Date(START + 500).toISOString()],
  ] as const)('outcome %s ends as status %s', async (outcome, status, prLink, archivedAt) => {
    const clock = fakeClock();
    const emulator = await start({ now: clock.now, job: { durationMs: 500, outcome } });
    const job = await createJob(emulator);
    clock.advance(10_000);
    const ended = await getJob(emulator, job.id);
    expect(ended).toMatchObject({ status, prLink, archivedAt });
  });

  test("outcome 'never' keeps a job running however much time passes", async () => {
    const clock = fakeClock();
    const emulator = await start({ now: clock.now, job: { durationMs: 0, outcome: 'never' } });
    const job = await createJob(emulator);
    clock.advance(365 * 24 * HOUR);
    expect(await getJob(emulator, job.id)).toMatchObject({ status: 'active', prLink: null });
  });

  test('runningStatus replaces the status reported while running, and only then', async () => {
    const clock = fakeClock();
    const emulator = await start({ now: clock.now, job: { durationMs: 100, runningStatus: 'thinking' } });
    const job = await createJob(emulator);
    expect(job.status).toBe('thinking');
    clock.advance(100);
    expect((await getJob(emulator, job.id)).status).toBe('completed');
  });

  test('configure() changes jobs created afterwards, not existing ones', async () => {
    const clock = fakeClock();
    const emulator = await start({ now: clock.now, job: { durationMs: 100 } });
    const before = await createJob(emulator);
    emulator.configure({ outcome: 'failed' });
    const after = await createJob(emulator);
    clock.advance(100);
    expect((await getJob(emulator, before.id)).status).toBe('completed');
    expect((await getJob(emulator, after.id)).status).toBe('failed');
  });

  test('a follow-up message restarts the job with the current behaviour', async () => {
    const clock = fakeClock();
    const emulator = await start({ now: clock.now, job: { durationMs: 100, outcome: 'no-change' } });
    const job = await createJob(emulator, 'proj', 'first');
    clock.advance(100);
    expect((await getJob(emulator, job.id)).status).toBe('completed');

    emulator.configure({ outcome: 'pr', durationMs: 200 });
    const res = await call(emulator, `/v2/agent/proj/job/${job.id}/message`, { body: { prompt: 'second' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: job.id, status: 'active', prLink: null });

    clock.advance(199);
    expect((await getJob(emulator, job.id)).status).toBe('active');
    clock.advance(1);
    expect(await getJob(emulator, job.id)).toMatchObject({
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/1',
    });
    expect(emulator.jobsCreated()).toBe(1);
    const session = (await (await call(emulator, `/v1/agent/proj/job/${job.id}`)).json()) as Session;
    expect(session.todos[0]).toMatchObject({ content: 'Request 1', status: 'completed' });
  });

  test('project ids are URL-decoded, while requests keep the raw path', async () => {
    const emulator = await start();
    const job = await createJob(emulator, 'team%2Fdocs%20site');
    const session = (await (await call(emulator, `/v1/agent/team%2Fdocs%20site/job/${job.id}`)).json()) as Session;
    expect(session.subdomain).toBe('team/docs site');
    await getJob(emulator, job.id, 'team%2Fdocs%20site');
    expect(emulator.requests[0]?.path).toBe('/v2/agent/team%2Fdocs%20site/job');
  });
});

describe('errors of the service', () => {
  test.each([
    [401, 'no Authorization header', null],
    [401, 'a key without the svc_ prefix', 'sk_live_123'],
    [403, 'the public assistant key', 'svc_dsc_public'],
  ] as const)('%i for %s, and no job is made', async (status, _name, key) => {
    const emulator = await start();
    const res = await call(emulator, '/v2/agent/proj/job', { body: { prompt: 'x' }, key });
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: string };
    if (status === 401) expect(body).toEqual({ error: 'Invalid or missing API key' });
    else expect(body.error).toMatch(/assistant key/);
    expect(emulator.jobsCreated()).toBe(0);
  });

  test.each([
    ['an empty prompt', { prompt: '' }],
    ['a blank prompt', { prompt: '   ' }],
    ['a missing prompt', { text: 'x' }],
    ['a non-string prompt', { prompt: 42 }],
    ['invalid JSON', '{"prompt": '],
  ])('%s gives 400 with an error body', async (_name, body) => {
    const emulator = await start();
    const res = await call(emulator, '/v2/agent/proj/job', { body });
    expect(res.status).toBe(400);
    expect(typeof ((await res.json()) as { error: unknown }).error).toBe('string');
    expect(emulator.jobsCreated()).toBe(0);
  });

  test('an unknown job, or a job of another project, gives 404', async () => {
    const emulator = await start();
    const job = await createJob(emulator, 'proj');
    for (const path of [
      '/v2/agent/proj/job/job_missing',
      `/v2/agent/other/job/${job.id}`,
      `/v1/agent/other/job/${job.id}`,
    ]) {
      const res = await call(emulator, path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Job not found' });
    }
    const message = await call(emulator, `/v2/agent/other/job/${job.id}/message`, { body: { prompt: 'x' } });
    expect(message.status).toBe(404);
  });

  test('unknown routes give 404 and wrong methods 405', async () => {
    const emulator = await start();
    const unknown = await call(emulator, '/v3/agent/proj/job');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Not found' });
    const wrong = await call(emulator, '/v2/agent/proj/job', { method: 'GET' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  test('the rate limit counts creations and messages per project, with no Retry-After', async () => {
    const clock = fakeClock();
    const emulator = await start({ now: clock.now, rateLimitPerHour: 2 });
    const job = await createJob(emulator, 'proj');
    const message = await call(emulator, `/v2/agent/proj/job/${job.id}/message`, { body: { prompt: 'more' } });
    expect(message.status).toBe(200);

    const limited = await call(emulator, '/v2/agent/proj/job', { body: { prompt: 'x' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(await limited.json()).toEqual({ error: 'Rate limit exceeded' });
    const limitedMessage = await call(emulator, `/v2/agent/proj/job/${job.id}/message`, { body: { prompt: 'y' } });
    expect(limitedMessage.status).toBe(429);
    expect(emulator.jobsCreated()).toBe(1);

    await createJob(emulator, 'other-project');
    clock.advance(HOUR);
    await createJob(emulator, 'proj');
  });
});

describe('faults', () => {
  test('a status fault answers instead of the service, with its headers, and makes no job', async () => {
    const emulator = await start();
    emulator.inject({ fault: { kind: 'status', status: 503, headers: { 'Retry-After': '1' } } });
    const res = await call(emulator, '/v2/agent/proj/job', { body: { prompt: 'x' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ error: 'Emulated fault 503' });
    expect(emulator.jobsCreated()).toBe(0);
    await createJob(emulator);
  });

  test('a status fault can carry its own body and content type', async () => {
    const emulator = await start();
    emulator.inject({ fault: { kind: 'status', status: 401, body: 'key revoked', contentType: 'text/plain' } });
    const res = await call(emulator, '/v2/agent/proj/job/job_1');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(await res.text()).toBe('key revoked');
  });

  test('an html fault sends a gateway error page', async () => {
    const emulator = await start();
    emulator.inject({ fault: { kind: 'html', status: 502 } });
    const res = await call(emulator, '/v2/agent/proj/job', { body: { prompt: 'x' } });
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(/^<!DOCTYPE html>[\s\S]*<title>502 Bad Gateway<\/title>/);
  });

  test('a malformed fault sends 200 JSON that does not parse', async () => {
    const emulator = await start();
    emulator.inject({ fault: { kind: 'malformed' } });
    const res = await call(emulator, '/v2/agent/proj/job', { body: { prompt: 'x' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    await expect(res.json()).rejects.toThrow(/JSON/);
  });

  test('a delay fault answers normally after the delay', async () => {
    const emulator = await start();
    emulator.inject({ fault: { kind: 'delay', ms: 60 } });
    const startedAt = performance.now();
    const job = await createJob(emulator);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(55);
    expect(job.status).toBe('active');
    expect(emulator.jobsCreated()).toBe(1);
  });

  test('a reset fault cuts the connection: fetch rejects and no job is made', async () => {
    const emulator = await start();
    emulator.inject({ fault: { kind: 'reset' } });
    await expect(call(emulator, '/v2/agent/proj/job', { body: { prompt: 'x' } })).rejects.toThrow();
    expect(emulator.jobsCreated()).toBe(0);
    expect(emulator.requests).toHaveLength(1);
  });

  test.each([
    ['502', { kind: 'status', status: 502 } as const],
    ['reset', { kind: 'reset' } as const],
  ])('afterProcessing %s: the job is created although the answer is a failure', async (_name, fault) => {
    const emulator = await start();
    emulator.inject({ route: 'create', afterProcessing: true, fault });
    const answer = call(emulator, '/v2/agent/proj/job', { body: { prompt: 'x' } });
    if (fault.kind === 'reset') await expect(answer).rejects.toThrow();
    else expect((await answer).status).toBe(502);
    expect(emulator.jobsCreated()).toBe(1);
    expect((await getJob(emulator, emulator.jobs()[0]?.id ?? '')).status).toBe('active');
  });

  test('times makes a rule apply to that many requests', async () => {
    const emulator = await start();
    emulator.inject({ times: 2, fault: { kind: 'status', status: 500 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(emulator, '/v2/agent/proj/job/job_x')).status);
    expect(statuses).toEqual([500, 500, 404]);
  });

  test('a rule applies only to its route, and the first matching rule is used', async () => {
    const emulator = await start();
    emulator.inject(
      { route: 'get', fault: { kind: 'status', status: 503 } },
      { route: 'create', fault: { kind: 'status', status: 500 } },
      { route: 'get', fault: { kind: 'status', status: 504 } },
    );
    expect((await call(emulator, '/v2/agent/proj/job', { body: { prompt: 'x' } })).status).toBe(500);
    expect((await call(emulator, '/v1/agent/proj/job/job_x')).status).toBe(503);
    expect((await call(emulator, '/v2/agent/proj/job/job_x')).status).toBe(504);
    const job = await createJob(emulator);
    emulator.inject({ route: 'message', fault: { kind: 'status', status: 409 } });
    expect((await getJob(emulator, job.id)).id).toBe(job.id);
    const message = await call(emulator, `/v2/agent/proj/job/${job.id}/message`, { body: { prompt: 'y' } });
    expect(message.status).toBe(409);
  });

  test('faulted requests are recorded like any other', async () => {
    const clock = fakeClock();
    const emulator = await start({ now: clock.now });
    emulator.inject({ fault: { kind: 'status', status: 500 } });
    await call(emulator, '/v2/agent/proj/job', { body: { prompt: 'x' } });
    clock.advance(5);
    await call(emulator, '/v2/agent/proj/job/job_1', { key: null });
    expect(emulator.requests).toEqual<RecordedRequest[]>([
      {
        method: 'POST',
        path: '/v2/agent/proj/job',
        headers: expect.objectContaining({ authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }),
        body: '{"prompt":"x"}',
        at: START,
      },
      { method: 'GET', path: '/v2/agent/proj/job/job_1', headers: expect.any(Object), body: '', at: START + 5 },
    ]);
    expect(emulator.requests[1]?.headers.authorization).toBeUndefined();
  });

  test('invalid rules and behaviour are refused when given', async () => {
    const emulator = await start();
    expect(() => emulator.inject({ times: 0, fault: { kind: 'reset' } })).toThrow(/times/);
    expect(() => emulator.inject({ fault: { kind: 'teapot' } as never })).toThrow(/kind/);
    expect(() => emulator.configure({ outcome: 'done' as never })).toThrow(/outcome/);
    await createJob(emulator);
  });
});

describe('control endpoint', () => {
  test('inject works over HTTP and is not recorded', async () => {
    const emulator = await start();
    const injected = await injectOverHttp(emulator.url, [
      { route: 'create', afterProcessing: true, fault: { kind: 'status', status: 502 } },
      { route: 'get', fault: { kind: 'html', status: 504 } },
    ]);
    expect(await injected.json()).toEqual({ ok: true, injected: 2 });

    expect((await call(emulator, '/v2/agent/proj/job', { body: { prompt: 'x' } })).status).toBe(502);
    const id = emulator.jobs()[0]?.id ?? '';
    expect((await call(emulator, `/v2/agent/proj/job/${id}`)).status).toBe(504);
    expect((await getJob(emulator, id)).status).toBe('active');
    expect(emulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v2/agent/proj/job',
      `GET /v2/agent/proj/job/${id}`,
      `GET /v2/agent/proj/job/${id}`,
    ]);
  });

  test('bad control input gives 400, another method 405, unknown control routes 404', async () => {
    const emulator = await start();
    expect((await injectOverHttp(emulator.url, { fault: { kind: 'delay' } })).status).toBe(400);
    const badJson = await fetch(`${emulator.url}/_emulator/inject`, { method: 'POST', body: '{' });
    expect(badJson.status).toBe(400);
    expect((await fetch(`${emulator.url}/_emulator/inject`)).status).toBe(405);
    expect((await fetch(`${emulator.url}/_emulator/nothing`, { method: 'POST' })).status).toBe(404);
    await createJob(emulator);
    expect(emulator.requests).toHaveLength(1);
  });
});

describe('v1 endpoints', () => {
  test('a session reports progress, then the outcome', async () => {
    const clock = fakeClock();
    const emulator = await start({ now: clock.now, job: { durationMs: 100 } });
    const job = await createJob(emulator, 'proj', 'Explain rate limits');
    const path = `/v1/agent/proj/job/${job.id}`;

    const runningSession = (await (await call(emulator, path)).json()) as Session;
    expect(runningSession).toEqual<Session>({
      sessionId: job.id,
      subdomain: 'proj',
      branch: `docs-agent/${job.id}`,
      haulted: false,
      haultReason: 'processing',
      pullRequestLink: null,
      messageToUser: expect.any(String),
      todos: [
        { id: 'todo_1_1', content: 'Read the request', status: 'in_progress', priority: 'high' },
        { id: 'todo_1_2', content: 'Find the pages to change', status: 'pending', priority: 'medium' },
        { id: 'todo_1_3', content: 'Write the changes', status: 'pending', priority: 'medium' },
        { id: 'todo_1_4', content: 'Open a pull request', status: 'pending', priority: 'medium' },
      ],
      userId: expect.any(String),
      title: '',
      createdAt: new Date(START).toISOString(),
    });

    clock.advance(100);
    const done = (await (await call(emulator, path)).json()) as Session;
    expect(done).toMatchObject({
      haulted: true,
      haultReason: 'completed',
      pullRequestLink: 'https://github.com/acme/docs/pull/1',
      title: 'Explain rate limits',
    });
    expect(done.todos.map((todo) => todo.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
  });

  test('the plan advances over the job’s life and the title comes after a moment', async () => {
    const clock = fakeClock();
    const emulator = await start({ now: clock.now, job: { durationMs: 1_000, outcome: 'no-change' } });
    const job = await createJob(emulator, 'proj', 'Explain rate limits');
    const read = async () => (await (await call(emulator, `/v1/agent/proj/job/${job.id}`)).json()) as Session;
    const seen: string[] = [];
    for (let at = 0; at <= 1_000; at += 250) {
      const session = await read();
      seen.push(`${session.title ? 'T' : '-'} ${session.todos.map((todo) => todo.status[0]).join('')}`);
      clock.advance(250);
    }
    // i = in progress, p = pending, c = completed (or cancelled at the end, for no change)
    expect(seen).toEqual(['- ippp', 'T cipp', 'T ccip', 'T ccci', 'T cccc']);
    expect((await read()).todos.map((todo) => todo.status)).toEqual([
      'completed',
      'completed',
      'completed',
      'cancelled',
    ]);
  });

  test('the v1 endpoints can be dropped and brought back', async () => {
    const emulator = await start();
    const job = await createJob(emulator, 'proj');
    emulator.configure({ v1: false });
    expect((await call(emulator, `/v1/agent/proj/job/${job.id}`)).status).toBe(404);
    expect((await call(emulator, `/v2/agent/proj/job/${job.id}`)).status).toBe(200);
    emulator.configure({ v1: true });
    expect((await call(emulator, `/v1/agent/proj/job/${job.id}`)).status).toBe(200);
    expect(() => emulator.configure({ v1: 'no' as unknown as boolean })).toThrow('v1 must be true or false');
  });

  test('a failed session carries the reason in messageToUser', async () => {
    const clock = fakeClock();
    const emulator = await start({ now: clock.now, job: { durationMs: 0, outcome: 'failed' } });
    const job = await createJob(emulator);
    const session = (await (await call(emulator, `/v1/agent/proj/job/${job.id}`)).json()) as Session;
    expect(session).toMatchObject({ haulted: true, haultReason: 'error' });
    expect(session.messageToUser).toMatch(/could not apply the change/);
  });
});

describe('emulator lifecycle', () => {
  test('reset() clears jobs, requests, faults and rate counters and restores the behaviour', async () => {
    const clock = fakeClock();
    const emulator = await start({ now: clock.now, rateLimitPerHour: 1, job: { durationMs: 10 } });
    const requests = emulator.requests;
    await createJob(emulator);
    emulator.configure({ outcome: 'failed' });
    emulator.inject({ fault: { kind: 'status', status: 500 } });

    emulator.reset();
    expect(emulator.jobsCreated()).toBe(0);
    expect(emulator.jobs()).toEqual([]);
    expect(requests).toHaveLength(0);
    const job = await createJob(emulator);
    clock.advance(10);
    expect(await getJob(emulator, job.id)).toMatchObject({
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/1',
    });
    expect(emulator.requests).toBe(requests);
    expect(requests).toHaveLength(2);
  });

  test('close() returns promptly while a delayed answer is pending', async () => {
    const emulator = await start();
    emulator.inject({ fault: { kind: 'delay', ms: 20_000 } });
    const pending = call(emulator, '/v2/agent/proj/job', { body: { prompt: 'x' } });
    const settled = pending.then(
      () => 'answered',
      () => 'failed',
    );
    await until(() => emulator.requests.length === 1);
    const closingAt = performance.now();
    await emulator.close();
    expect(performance.now() - closingAt).toBeLessThan(1000);
    expect(await settled).toBe('failed');
    await expect(fetch(`${emulator.url}/v2/agent/proj/job/job_1`)).rejects.toThrow();
  });

  test('the command line starts an emulator, prints its address, takes faults over HTTP and exits cleanly on SIGTERM', async () => {
    const cli = fileURLToPath(new URL('../emulator/cli.ts', import.meta.url));
    const child = spawn(process.execPath, [cli, '--port', '0', '--duration-ms', '0', '--outcome', 'no-change']);
    try {
      let output = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
      });
      await until(() => output.includes('\n'), 10_000);
      const match = /^docs agent emulator listening on (http:\/\/127\.0\.0\.1:\d+)\n$/.exec(output);
      expect(match).not.toBeNull();
      const res = await fetch(`${match?.[1]}/v2/agent/proj/job`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}` },
        body: JSON.stringify({ prompt: 'x' }),
      });
      expect(await res.json()).toMatchObject({ status: 'completed', prLink: null });
      // Faults on demand, for whoever started it: the control endpoint.
      const url = match?.[1] ?? '';
      expect((await injectOverHttp(url, { route: 'get', fault: { kind: 'status', status: 503 } })).status).toBe(200);
      const faulted = await fetch(`${url}/v2/agent/proj/job/job_x`, { headers: { authorization: `Bearer ${KEY}` } });
      expect(faulted.status).toBe(503);

      child.kill('SIGTERM');
      const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
      expect({ code, signal }).toEqual({ code: 0, signal: null });
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
