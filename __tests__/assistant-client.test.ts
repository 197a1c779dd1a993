// The assistant endpoint through the one transport (src/service/transport.ts): its stream, its
// cancel, and its failures in the same words as the agent endpoints'.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { AskClient, ThreadNotFoundError, type AskBody } from '../src/service/assistant.ts';
import { clearSecrets, forLog } from '../src/text/text-gate.ts';
import { ServiceError } from '../src/base/errors.ts';
import { createTransport } from '../src/service/transport.ts';
import { startConnectProxy } from './support/connect-proxy.ts';

const KEY = 'svc_dsc_unit_key';
const BODY: AskBody = {
  id: 'chat-1',
  trigger: 'submit-message',
  fp: 'anonymous',
  messages: [{ id: 'q', role: 'user', parts: [{ type: 'text', text: 'How?' }] }],
  retrievalPageSize: 5,
};
const NOW = Date.UTC(2026, 10, 21);

let server: Server;
let handler: (req: IncomingMessage, res: ServerResponse) => void;
let baseUrl: string;
const closed: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    res.on('close', () => closed.push(req.url ?? ''));
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  closed.length = 0;
});

function client(lines: string[] = [], url = baseUrl, requestTimeoutMs = 2_000): AskClient {
  return new AskClient({
    baseUrl: url,
    domain: 'acme docs',
    assistantKey: KEY,
    transport: createTransport('docs-agent-action-test'),
    requestTimeoutMs,
    debug: (line) => lines.push(line),
    now: () => NOW,
  });
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

const answer = (res: ServerResponse, status: number, headers: Record<string, string>, body: string): void => {
  res.writeHead(status, headers);
  res.end(body);
};

test('opens the answer as a stream, on the encoded path, with the key and one debug line', async () => {
  const seen: { url?: string; auth?: string; body?: string } = {};
  handler = (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      Object.assign(seen, { url: req.url, auth: req.headers.authorization, body });
      answer(res, 200, { 'content-type': 'text/event-stream' }, 'data: {"type":"finish"}\n\n');
    });
  };
  const lines: string[] = [];
  const { stream } = await client(lines).open(BODY, new AbortController().signal);
  expect(await new Response(stream).text()).toBe('data: {"type":"finish"}\n\n');
  expect(seen).toEqual({
    url: '/discovery/v2/assistant/acme%20docs/message',
    auth: `Bearer ${KEY}`,
    body: JSON.stringify(BODY),
  });
  expect(lines).toEqual(['POST /discovery/v2/assistant/acme%20docs/message -> 200 in 0 ms']);
});

test('a cancel while the answer streams hangs up at once', async () => {
  handler = (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: {"type":"start"}\n\n');
  };
  const controller = new AbortController();
  const reader = (await client().open(BODY, controller.signal)).stream.getReader();
  await reader.read();
  controller.abort();
  await expect(reader.read()).rejects.toBeDefined();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(closed).toEqual(['/discovery/v2/assistant/acme%20docs/message']);
});

test('a deadline of its own (a timeout signal) is a timeout, not a cancel', async () => {
  handler = () => {};
  const error = await failure(client().open(BODY, AbortSignal.timeout(50)));
  expect(error.failure).toBe('timeout');
  expect(error.message).toBe(
    "POST /discovery/v2/assistant/acme%20docs/message was stopped: the run's time limit was reached",
  );
});

test('an error body that never ends is bounded by the request timeout', async () => {
  handler = (_req, res) => {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.write('upstream down\n');
  };
  const error = await failure(client([], baseUrl, 200).open(BODY, new AbortController().signal));
  expect(error.failure).toBe('timeout');
});

test.each([
  [
    502,
    { 'content-type': 'text/html' },
    '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>x</body></html>',
    'POST /discovery/v2/assistant/acme%20docs/message answered HTTP 502: 502 Bad Gateway (an HTML page, probably from a proxy)',
    'The assistant answered HTTP 502.',
  ],
  [
    401,
    { 'content-type': 'application/json' },
    '{"error":{"message":"Key revoked"}}',
    "The assistant refused 'assistant-key' (HTTP 401: Key revoked): use the assistant key (svc_dsc_) of the documentation site named in 'domain'.",
    "The assistant refused the action's key (HTTP 401).",
  ],
  [
    404,
    { 'content-type': 'application/json' },
    '{"detail":"No such site"}',
    "POST /discovery/v2/assistant/acme%20docs/message answered HTTP 404: No such site: check 'domain' (your documentation site's identifier) and 'base-url'.",
    'The assistant does not know this documentation site (HTTP 404).',
  ],
  [
    200,
    { 'content-type': 'text/html' },
    '<html></html>',
    "POST /discovery/v2/assistant/acme%20docs/message answered with an HTML page instead of an event stream: is 'base-url' the service's address?",
    'The assistant answered with something other than an answer stream.',
  ],
])(
  'HTTP %i is one clean line, in the words of the agent endpoints',
  async (status, headers, body, message, publicMessage) => {
    handler = (_req, res) => answer(res, status, headers, body);
    const error = await failure(client().open(BODY, new AbortController().signal));
    expect(error).toMatchObject({ message, publicMessage, status });
  },
);

test('Retry-After is read with the client’s clock', async () => {
  handler = (_req, res) =>
    answer(res, 429, { 'retry-after': new Date(NOW + 30_000).toUTCString() }, '{"error":"Too many"}');
  const error = await failure(client().open(BODY, new AbortController().signal));
  expect(error).toMatchObject({ status: 429, retryAfterMs: 30_000 });
});

test('a refused connection names the assistant in public', async () => {
  const gone = createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  const port = (gone.address() as { port: number }).port;
  await new Promise((resolve) => gone.close(resolve));
  const error = await failure(client([], `http://127.0.0.1:${port}`).open(BODY, new AbortController().signal));
  expect(error).toMatchObject({
    failure: 'unreachable',
    message: `Could not connect to 127.0.0.1:${port} (ECONNREFUSED)`,
    publicMessage: 'Could not connect to the assistant (ECONNREFUSED).',
  });
});

test('the question goes through the runner’s proxy, as the agent endpoints’ requests do', async () => {
  const proxy = await startConnectProxy({ 'assistant.test': '127.0.0.1' });
  const saved = process.env.http_proxy;
  process.env.http_proxy = proxy.url;
  try {
    handler = (_req, res) => answer(res, 200, { 'content-type': 'text/event-stream' }, 'data: {"type":"finish"}\n\n');
    const { stream } = await client([], baseUrl.replace('127.0.0.1', 'assistant.test')).open(
      BODY,
      new AbortController().signal,
    );
    expect(await new Response(stream).text()).toBe('data: {"type":"finish"}\n\n');
    expect(proxy.connects).toEqual([`assistant.test:${new URL(baseUrl).port}`]);
  } finally {
    if (saved === undefined) delete process.env.http_proxy;
    else process.env.http_proxy = saved;
    await proxy.close();
  }
});

test('a new thread’s id and key come from the headers, and the key is redacted from then on', async () => {
  const threadKey = 'tk_5f0c2a9e81d34b7a9c6e';
  handler = (_req, res) =>
    answer(
      res,
      200,
      { 'content-type': 'text/event-stream', 'x-thread-id': 'thread_9', 'x-thread-key': threadKey },
      'data: {"type":"finish"}\n\n',
    );
  try {
    const opened = await client().open(BODY, new AbortController().signal);
    expect(opened).toMatchObject({ threadId: 'thread_9', threadKey });
    expect(forLog(`the key ${threadKey} in a log line`, 200)).not.toContain(threadKey.slice(3, 15));
  } finally {
    clearSecrets();
  }
});

test.each([
  ['a follow-up', { ...BODY, threadId: 'thread_1', threadKey: 'tk_gone' }, ThreadNotFoundError, /earlier conversation/],
  ['a new question', BODY, ServiceError, /does not know this documentation site/],
])('a 404 for %s', async (_name, body, kind, publicMessage) => {
  handler = (_req, res) => answer(res, 404, { 'content-type': 'application/json' }, '{"error":"Thread not found"}');
  const error = (await client()
    .open(body, new AbortController().signal)
    .catch((e: unknown) => e)) as ServiceError;
  expect(error).toBeInstanceOf(kind);
  expect(error instanceof ThreadNotFoundError).toBe(kind === ThreadNotFoundError);
  expect(error.publicMessage).toMatch(publicMessage);
});
