import { createServer, type Server, type Socket } from 'node:net';
import nock from 'nock';
import { AgentClient, JOB_ID, MAX_STEPS } from '../src/service/client.ts';
import { errorDetail, htmlTitle } from '../src/service/failure.ts';
import { ServiceError } from '../src/base/errors.ts';
import { clearSecrets, registerSecret } from '../src/text/text-gate.ts';
import { createTransport } from '../src/service/transport.ts';
import { AskClient } from '../src/service/assistant.ts';

const BASE = 'https://agent.example.com/api';
const KEY = 'svc_unit_key';

function client(lines: string[] = [], baseUrl = BASE): AgentClient {
  return new AgentClient({
    baseUrl,
    projectId: 'docs/α',
    apiKey: KEY,
    transport: createTransport('docs-agent-action-test'),
    requestTimeoutMs: 500,
    codeHosts: ['github.com'],
    debug: (line) => lines.push(line),
    now: () => 0,
  });
}

const service = () => nock('https://agent.example.com', { reqheaders: { authorization: `Bearer ${KEY}` } });

// Socket-level failures are real ones on this machine: nock's replyWithError does not reach
// @actions/http-client's error handler.
beforeAll(() => nock.disableNetConnect());
beforeEach(() => nock.enableNetConnect('127.0.0.1'));
afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  // A delayed reply's timer (the slow answer) would otherwise outlive the test and keep jest's
  // worker from exiting.
  nock.abortPendingRequests();
  nock.cleanAll();
});
afterAll(() => {
  nock.enableNetConnect();
  // Takes nock's interceptor off Node's http: the mock sockets it made go with it.
  nock.restore();
});

/**
 * A server on a free port whose close() also ends the connections it accepted: a net server's own
 * close() leaves them open, and an open socket keeps jest's worker from exiting.
 */
function listen(onConnection: (socket: Socket) => void): Promise<Server> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    onConnection(socket);
  });
  const close = server.close.bind(server);
  server.close = (callback?: (error?: Error) => void) => {
    for (const socket of sockets) socket.destroy();
    return close(callback);
  };
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('agent client', () => {
  test('creates a job with the prompt on the encoded path', async () => {
    service()
      .post('/api/v2/agent/docs%2F%CE%B1/job', { prompt: 'Document x' })
      .matchHeader('content-type', 'application/json')
      .reply(201, { id: 'job_1', status: 'active', prLink: null, model: 'm' });
    await expect(client().createJob('Document x')).resolves.toEqual({ id: 'job_1', status: 'active', prLink: null });
  });

  test('accepts 200 as well as 201', async () => {
    service().post('/api/v2/agent/docs%2F%CE%B1/job').reply(200, { id: 7, status: 'active' });
    await expect(client().createJob('x')).resolves.toMatchObject({ id: '7', status: 'active', prLink: null });
  });

  test('copes with a job that lacks fields', async () => {
    service().get('/api/v2/agent/docs%2F%CE%B1/job/job_1').reply(200, { id: 'job_1' });
    await expect(client().getJob('job_1')).resolves.toEqual({ id: 'job_1', status: '', prLink: null });
  });

  test('logs one debug line per request without the key', async () => {
    const lines: string[] = [];
    service().get('/api/v2/agent/docs%2F%CE%B1/job/job_1').reply(200, { id: 'job_1', status: 'completed' });
    await client(lines).getJob('job_1');
    expect(lines).toEqual(['GET /api/v2/agent/docs%2F%CE%B1/job/job_1 -> 200 in 0 ms']);
  });

  test('names the api-key input on 401', async () => {
    service().post('/api/v2/agent/docs%2F%CE%B1/job').reply(401, { error: 'Key expired' });
    const error = await failure(client().createJob('x'));
    expect(error.message).toBe(
      "The service refused the API key (HTTP 401: Key expired). Check the 'api-key' input: the key may be expired or revoked, read-only, or limited to other IP addresses.",
    );
    expect(error.status).toBe(401);
  });

  test('reads Retry-After on 429', async () => {
    service().post('/api/v2/agent/docs%2F%CE%B1/job').reply(429, { error: 'Too many' }, { 'Retry-After': '7' });
    const error = await failure(client().createJob('x'));
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(7_000);
  });

  test('shows the service’s text on 400', async () => {
    service().post('/api/v2/agent/docs%2F%CE%B1/job').reply(400, { message: 'prompt must not be empty' });
    expect((await failure(client().createJob('x'))).message).toBe(
      'The service rejected the request (HTTP 400: prompt must not be empty).',
    );
  });

  test('treats a 2xx without JSON as malformed', async () => {
    service()
      .post('/api/v2/agent/docs%2F%CE%B1/job')
      .reply(201, '{"id": "job_', { 'Content-Type': 'application/json' });
    expect((await failure(client().createJob('x'))).failure).toBe('malformed');
  });

  test('treats a refused connection as unreachable', async () => {
    const closed = await listen((socket) => socket.destroy());
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(client([], `http://127.0.0.1:${port}`).getJob('j'));
    expect(error.failure).toBe('unreachable');
    expect(error.message).toBe(`Could not connect to 127.0.0.1:${port} (ECONNREFUSED)`);
  });

  test('treats a reset as interrupted', async () => {
    const server = await listen((socket) => socket.once('data', () => socket.resetAndDestroy()));
    const port = (server.address() as { port: number }).port;
    try {
      const error = await failure(client([], `http://127.0.0.1:${port}`).getJob('j'));
      expect(error.failure).toBe('interrupted');
      expect(error.message).toBe('GET /v2/agent/docs%2F%CE%B1/job/j was interrupted (ECONNRESET)');
    } finally {
      server.close();
    }
  });

  test('gives up on a slow answer after the request timeout', async () => {
    service().get('/api/v2/agent/docs%2F%CE%B1/job/j').delay(2_000).reply(200, { id: 'j' });
    const error = await failure(client().getJob('j'));
    expect(error.failure).toBe('timeout');
    expect(error.message).toBe('GET /api/v2/agent/docs%2F%CE%B1/job/j got no answer within 0.5 s');
  });

  test('a cancel destroys a request under way at once, whatever its timeout, on either endpoint family', async () => {
    const hung = await listen(() => {});
    const port = (hung.address() as { port: number }).port;
    try {
      const slow = new AgentClient({
        baseUrl: `http://127.0.0.1:${port}`,
        projectId: 'p',
        apiKey: KEY,
        transport: createTransport('docs-agent-action-test'),
        requestTimeoutMs: 30_000,
        codeHosts: ['github.com'],
        debug: () => {},
        now: () => 0,
      });
      const assistant = new AskClient({
        baseUrl: `http://127.0.0.1:${port}`,
        domain: 'acme',
        assistantKey: 'svc_dsc_k',
        transport: createTransport('docs-agent-action-test'),
        requestTimeoutMs: 30_000,
        debug: () => {},
        now: () => 0,
      });
      for (const call of [
        (signal: AbortSignal) => slow.getJob('j', signal),
        (signal: AbortSignal) => slow.getSession('j', undefined, signal),
        (signal: AbortSignal) => slow.createJob('x', signal),
        (signal: AbortSignal) => slow.sendMessage('j', 'x', signal),
        // The assistant's endpoint goes through the same transport.
        (signal: AbortSignal) =>
          assistant.open(
            { id: 'c', trigger: 'submit-message', fp: 'anonymous', messages: [], retrievalPageSize: 5 },
            signal,
          ),
      ]) {
        const controller = new AbortController();
        const started = performance.now();
        setTimeout(() => controller.abort(), 50);
        const error = await failure(call(controller.signal));
        expect(performance.now() - started).toBeLessThan(2_000);
        expect(error.failure).toBe('cancelled');
        expect(error.message).toMatch(/was stopped: the run was cancelled$/);
      }
      const before = new AbortController();
      before.abort();
      expect((await failure(slow.getJob('j', before.signal))).failure).toBe('cancelled');
    } finally {
      hung.close();
    }
  });

  test('reads the v1 session, each field checked at the door', async () => {
    service()
      .get('/api/v1/agent/docs%2F%CE%B1/job/j')
      .reply(200, {
        sessionId: 'j',
        title: '::error::Doc\nthe flag',
        messageToUser: 'Could not\nbuild the docs',
        branch: null,
        haultReason: 'completed',
        todos: [
          { id: '1', content: 'Read', status: 'completed' },
          { id: '2', content: 'Write', status: 'in_progress' },
          { id: '3', content: 42, status: 'pending' },
          { id: '4', content: 'Check', status: 'sleeping' },
          'not a todo',
        ],
      });
    await expect(client().getSession('j')).resolves.toEqual({
      title: ':\u200b:error:\u200b:Doc the flag',
      messageToUser: 'Could not build the docs',
      haultReason: 'completed',
      // The job completed: the steps still open then were not needed.
      todos: [
        { content: 'Read', status: 'completed' },
        { content: 'Write', status: 'skipped' },
        { content: 'Check', status: 'skipped' },
      ],
    });
  });

  test('caps the plan and its texts', async () => {
    const todos = Array.from({ length: 80 }, (_, i) => ({
      content: `step ${i} ${'x'.repeat(500)}`,
      status: 'pending',
    }));
    service()
      .get('/api/v1/agent/docs%2F%CE%B1/job/j')
      .reply(200, { title: 't'.repeat(1_000), todos });
    const session = await client().getSession('j');
    expect(session.todos).toHaveLength(MAX_STEPS);
    expect(session.todos?.[0]?.content.length).toBeLessThanOrEqual(200);
    expect(session.title?.length).toBeLessThanOrEqual(200);
  });

  test('a missing v1 endpoint is a 404 the caller can tell apart', async () => {
    service().get('/api/v1/agent/docs%2F%CE%B1/job/j').reply(404, { error: 'Not found' });
    const error = await failure(client().getSession('j'));
    expect(error.status).toBe(404);
  });
});

describe('error detail', () => {
  const detail = (body: string, contentType = 'application/json') =>
    errorDetail({ body, headers: { 'content-type': contentType } });

  test.each([
    ['{"error":"Job not found"}', 'application/json', 'Job not found'],
    ['{"message":"Bad prompt"}', 'application/json', 'Bad prompt'],
    ['{"error":{"message":"nested"}}', 'application/json', 'nested'],
    ['{"unexpected":true}', 'application/json', ''],
    [
      '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>x</h1></body></html>',
      'text/html',
      '502 Bad Gateway (an HTML page, probably from a proxy)',
    ],
    ['<html><body>no title</body></html>', 'text/html', 'an HTML page, probably from a proxy'],
    ['upstream connect error\nreset reason: overflow', 'text/plain', 'upstream connect error'],
    ['', 'text/plain', ''],
  ])('%s', (body, contentType, expected) => {
    expect(detail(body, contentType)).toBe(expected);
  });

  test('caps a long line', () => {
    expect(detail('x'.repeat(500), 'text/plain')).toHaveLength(200);
  });
});

describe('what the client lets in', () => {
  test('a header Node will not send fails as not sent, before any byte leaves', async () => {
    const transport = createTransport('docs-agent-action-test');
    const error = await failure(
      transport.send({ method: 'GET', url: `${BASE}/x`, headers: { Authorization: 'Bearer a\nb' }, timeoutMs: 500 }),
    );
    expect(error.failure).toBe('not-sent');
  });

  test.each([
    ['job_1', true],
    ['0b6c9e2e-5b1f-4a43-9d8e-3f1b2c3d4e5f', true],
    ['a--b.c_d', true],
    ['job 1', false],
    ['-job', false],
    ['job\n::add-mask::x', false],
    ['x'.repeat(129), false],
  ])('the job id %j is well-formed: %s', (id, ok) => {
    expect(JOB_ID.test(id)).toBe(ok);
  });

  test('finds an HTML title without a backtracking pattern', () => {
    expect(htmlTitle('<HTML><Title lang="en">502 Bad Gateway</TITLE>')).toBe('502 Bad Gateway');
    expect(htmlTitle('<title'.repeat(10_000))).toBeUndefined();
    expect(htmlTitle(`<title>${'a'.repeat(10_000)}`)?.length).toBe(200);
  });
});

describe('job fields are checked exactly at the door', () => {
  const ADMIN = 'svc_test_admin_key_0123456789';
  const TOKEN = 'ghs_test_token_abcdef';
  const path = '/api/v2/agent/docs%2F%CE%B1/job/job_1';
  beforeEach(() => {
    clearSecrets();
    registerSecret(ADMIN);
    registerSecret(TOKEN);
  });
  afterAll(() => clearSecrets());

  test.each([
    ['completed\n', 'completed\\n'],
    [' completed', '" completed"'],
    ['Completed', 'Completed'],
    ['done\n::error::x', 'done\\n:\u200b:error:\u200b:x'],
    [5, '5'],
    [true, 'true'],
    [{ state: 'completed' }, '{"state":"completed"}'],
  ])('an unknown or malformed status %j is kept apart, never taken for a known one', async (status, shown) => {
    service().get(path).reply(200, { id: 'job_1', status });
    const job = await client().getJob('job_1');
    expect(job.status).toBe('');
    expect(job.unknownStatus).toBe(shown);
    expect(job.unknownStatus).not.toMatch(/[\r\n]/);
  });

  test.each(['active', 'completed', 'failed', 'archived'])('the known status %s is taken as it is', async (status) => {
    service().get(path).reply(200, { id: 'job_1', status });
    expect(await client().getJob('job_1')).toEqual({ id: 'job_1', status, prLink: null });
  });

  test.each([
    [' https://github.com/acme/docs/pull/7 ', 'has white space around it'],
    ['https://github.com/acme/docs/pull/7\n', 'has white space around it'],
    [
      'https://evil.example/acme/docs/pull/7',
      'is not on this GitHub server (expected https://<host>/<owner>/<repo>/pull/<number> on github.com)',
    ],
    ['https://github.com/acme/docs/pull/1$(touch$IFS/tmp/PWNED)', 'has a pull request number that is not a number'],
    [7, 'is not text but number'],
    [true, 'is not text but boolean'],
    [{ url: 'https://github.com/acme/docs/pull/7' }, 'is not text but object'],
    [['https://github.com/acme/docs/pull/7'], 'is not text but a list'],
  ])('a malformed pull request link %j is refused with a reason', async (prLink, problem) => {
    service().get(path).reply(200, { id: 'job_1', status: 'completed', prLink });
    const job = await client().getJob('job_1');
    expect(job.prLink).toBeNull();
    expect(job.prLinkProblem).toBe(problem);
    expect(job.rejectedPrLink).toBeDefined();
    expect(job.rejectedPrLink).not.toMatch(/[\r\n]/);
  });

  test('a pull request link is rebuilt from its parts, with its number', async () => {
    service()
      .get(path)
      .reply(200, { id: 'job_1', status: 'completed', prLink: 'https://GitHub.com/acme/docs/pull/7/' });
    expect(await client().getJob('job_1')).toEqual({
      id: 'job_1',
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/7',
      prNumber: '7',
    });
  });

  test.each([null, ''])('no pull request link (%j) is no link, not a problem', async (prLink) => {
    service().get(path).reply(200, { id: 'job_1', status: 'completed', prLink });
    expect(await client().getJob('job_1')).toEqual({ id: 'job_1', status: 'completed', prLink: null });
  });

  test.each([
    `https://github.com/acme/docs/pull/7?t=${ADMIN}`,
    `https://github.com/acme/docs/pull/7#${ADMIN.slice(3, 15)}`,
    `https://github.com/acme/docs/pull/7?token=${TOKEN}`,
    `https://github.com/acme/docs/pull/7?t=${ADMIN.replace(/_/g, '%5F')}`,
  ])('a pull request link holding a secret (%s) is refused and not shown', async (prLink) => {
    service().get(path).reply(200, { id: 'job_1', status: 'completed', prLink });
    const job = await client().getJob('job_1');
    expect(job).toMatchObject({
      prLink: null,
      rejectedPrLink: '',
      prLinkProblem: 'holds a secret of this run (not shown)',
    });
  });

  test.each([`x${ADMIN}`, `job_${ADMIN.slice(4, 16)}`, `job-${TOKEN}`])(
    'a job id holding a secret (%s) is refused as malformed, without printing it',
    async (id) => {
      service().post('/api/v2/agent/docs%2F%CE%B1/job').reply(201, { id, status: 'active' });
      const error = await failure(client().createJob('x'));
      expect(error.failure).toBe('malformed');
      expect(error.message).toBe(
        'POST /job answered with a malformed job id (it holds a secret of this run; not shown)',
      );
    },
  );
});
