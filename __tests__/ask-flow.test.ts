// Ask mode in-process: the entry with a fake runner (support/fake-runner.ts), against the assistant
// emulator and the fake GitHub on 127.0.0.1, through the real clients and the `ai` stream reader.
import { jest } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { ASSISTANT_KEY, DOMAIN, startAssistantEmulator, type AssistantEmulator } from './support/emulators.ts';
import { scratchDir } from './support/scratch.ts';
import { GITHUB_TOKEN, webhookPayload } from './support/runner.ts';
import { run } from '../src/main.ts';
import type { AskBody } from '../src/service/assistant.ts';
import { clearSecrets } from '../src/text/text-gate.ts';
import { FakeRunner } from './support/fake-runner.ts';
import { render, seen } from './support/render.ts';
import { closeServices, commentEvent, resetServices, startServices, type Services } from './support/services.ts';

let services: Services;
let assistant: AssistantEmulator;
const saved = { ...process.env };

// core.setSecret writes its mask command to stdout, which is the runner's, not the test's.
const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
afterAll(() => stdout.mockRestore());

beforeAll(async () => {
  [services, assistant] = await Promise.all([startServices(), startAssistantEmulator()]);
});
afterAll(async () => {
  await Promise.all([closeServices(services), assistant.close()]);
  clearSecrets();
});
beforeEach(() => {
  resetServices(services);
  assistant.reset();
});
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
  expect(services.github.violations).toEqual([]);
});

/** The runner's environment for one step: inputs, the event file, and GitHub's variables. */
function step(event: { name: string; payload: Record<string, unknown> }, inputs: Record<string, string> = {}): void {
  const dir = scratchDir('docs-agent-ask-');
  writeFileSync(join(dir, 'event.json'), JSON.stringify(event.payload));
  Object.assign(process.env, {
    GITHUB_EVENT_NAME: event.name,
    GITHUB_EVENT_PATH: join(dir, 'event.json'),
    GITHUB_REPOSITORY: `${services.github.owner}/${services.github.repo}`,
    GITHUB_API_URL: services.github.url,
    GITHUB_RUN_ID: '8001',
    DOCS_AGENT_DELAY_SCALE: '0.01',
  });
  const all = {
    domain: DOMAIN,
    'assistant-key': ASSISTANT_KEY,
    'base-url': assistant.url,
    'github-token': GITHUB_TOKEN,
    ...inputs,
  };
  for (const [name, value] of Object.entries(all)) process.env[`INPUT_${name.toUpperCase()}`] = value;
}

async function ask(
  event: { name: string; payload: Record<string, unknown> },
  inputs?: Record<string, string>,
): Promise<FakeRunner> {
  step(event, inputs);
  const runner = new FakeRunner();
  await run(runner);
  return runner;
}

const answers = (issue: number) => services.github.comments(issue).filter((comment) => comment.user.type === 'Bot');

test('answers a question in one comment, with its sources and the thread in the outputs', async () => {
  const event = commentEvent(services.github, '/docs ask How do I deploy the site with an access token?');
  const runner = await ask(event);

  expect(runner.failed).toBeUndefined();
  expect(runner.outputs.status).toBe('answered');
  expect(runner.outputs['thread-id']).toMatch(/\S/);
  const sources = JSON.parse(runner.outputs.sources ?? '[]') as string[];
  expect(sources.length).toBeGreaterThan(0);
  const [answer] = answers(event.payload.issue.number);
  const shown = render(answer?.body ?? '');
  expect(shown.links).toEqual(expect.arrayContaining(sources));
  expect(shown.text).toMatch(/^According to the documentation: /);
  expect(shown.text.split('\n')).toContain('Sources');
  expect(assistant.requests[0]?.body).toMatchObject({ retrievalPageSize: 5 });
});

test('a second question carries the conversation in a new thread; "ask new" starts afresh; no thread key in public', async () => {
  const first = await ask(commentEvent(services.github, '/docs ask How do I deploy the site?'));
  const second = await ask(commentEvent(services.github, '/docs ask And with an access token?'));
  await ask(commentEvent(services.github, '/docs ask new What is the quickstart?'));

  expect([first, second].map((runner) => runner.outputs.status)).toEqual(['answered', 'answered']);
  const [one, two, three] = assistant.requests.map((request) => request.body as unknown as AskBody);
  // No thread id without its key, and no key is kept on GitHub: the history goes along instead.
  expect(two?.threadId).toBeUndefined();
  expect(two?.threadKey).toBeUndefined();
  expect(two?.messages.map((m) => [m.role, m.parts[0]?.text.slice(0, 24)])).toEqual([
    ['user', 'How do I deploy the site'],
    ['assistant', 'According to the documen'],
    ['user', 'And with an access token'],
  ]);
  // The real client's shape: one chat id per conversation, each message's id the same every turn.
  expect(two?.id).toBe(one?.id);
  expect(two?.trigger).toBe('submit-message');
  expect(two?.messages[0]?.id).toBe(one?.messages[0]?.id);
  expect(new Set(two?.messages.map((m) => m.id)).size).toBe(3);
  expect(two?.fp).toBe(one?.fp);
  expect(three?.messages).toHaveLength(1);
  expect(three?.id).not.toBe(one?.id);

  const keys = assistant.threadKeys();
  expect(keys).toHaveLength(3);
  const everything = [
    ...services.github.comments(1).map((comment) => comment.body),
    ...[first, second].flatMap((runner) => [...runner.messages(), JSON.stringify(runner.outputs)]),
  ].join('\n');
  for (const key of keys) expect(everything).not.toContain(key.slice(3, 15));
});

test('an issue that asked by its label is the first turn of the conversation a comment continues', async () => {
  const labelled = webhookPayload('issues', 'labeled');
  labelled.issue.title = 'Deploying';
  labelled.issue.body = 'How do I deploy the site?<!-- hidden -->';
  labelled.label = { name: 'question' };
  const asked = await ask({ name: 'issues', payload: labelled }, { 'ask-label': 'question' });
  expect(asked.outputs.status).toBe('answered');
  const event = commentEvent(services.github, '/docs ask What else?');
  event.payload.issue = { ...event.payload.issue, title: 'Deploying', body: labelled.issue.body };
  await ask(event, { 'ask-label': 'question' });
  const follow = assistant.requests[1]?.body as unknown as AskBody;
  expect(follow.messages.map((m) => [m.role, m.parts[0]?.text.slice(0, 36)])).toEqual([
    ['user', 'Deploying\n\nHow do I deploy the site?'],
    ['assistant', 'According to the documentation: Run '],
    ['user', 'What else?'],
  ]);
  expect(follow.messages[0]?.id).toBe((assistant.requests[0]?.body as unknown as AskBody).messages[0]?.id);
});

test('a 429 is tried again and then answered', async () => {
  assistant.fault({ kind: 'rate-limit', times: 2, retryAfterSeconds: 0 });
  const runner = await ask(commentEvent(services.github, '/docs ask How do I deploy the site?'));
  expect(runner.outputs.status).toBe('answered');
  expect(runner.messages('info').filter((line) => line.includes('trying again'))).toHaveLength(2);
});

test.each([
  ['an error chunk', { kind: 'error-chunk' } as const],
  ['a cut stream', { kind: 'cut' } as const],
])('%s keeps what arrived and says the answer is incomplete', async (_name, fault) => {
  assistant.fault(fault);
  const event = commentEvent(services.github, '/docs ask How do I deploy the site?');
  const runner = await ask(event);

  expect(runner.outputs.status).toBe('failed');
  expect(runner.failed).toContain('incomplete');
  expect(seen(answers(event.payload.issue.number)[0]?.body ?? '')).toMatch(/^This answer is incomplete: /m);
});

test('an HTML 502 is one clean line and the comment says no answer came', async () => {
  assistant.fault({ kind: 'html-502' });
  const event = commentEvent(services.github, '/docs ask How do I deploy the site?');
  const runner = await ask(event);

  expect(runner.outputs.status).toBe('failed');
  expect(runner.failed).not.toMatch(/<html|\n/i);
  expect(answers(event.payload.issue.number)).toHaveLength(1);
});

test('a step with mode ask and a prompt answers through the outputs only', async () => {
  const runner = await ask(
    { name: 'workflow_dispatch', payload: webhookPayload('workflow_dispatch') },
    { mode: 'ask', prompt: 'How do I deploy the site?' },
  );
  expect(runner.outputs.status).toBe('answered');
  expect(runner.outputs.answer).toMatch(/\S/);
  expect(services.github.calls).toEqual([]);
});

test('a reader is not answered when ask-permission is write', async () => {
  services.github.setPermission('Codertocat', 'read');
  const runner = await ask(commentEvent(services.github, '/docs ask How do I deploy?'), { 'ask-permission': 'write' });
  expect(runner.outputs.status).toBe('skipped');
  expect(assistant.requests).toEqual([]);
});

test('the admin key in assistant-key fails before any request', async () => {
  const runner = await ask(commentEvent(services.github, '/docs ask How do I deploy?'), {
    'assistant-key': 'svc_admin_key_0123456789',
  });
  expect(runner.outputs).toEqual({ status: 'failed' });
  expect(runner.failed).toContain("'assistant-key'");
  expect(assistant.requests).toEqual([]);
});

test('an asker who may not ask is skipped before the inputs of ask mode are judged', async () => {
  services.github.setPermission('mallory', 'none');
  const inputs = { 'assistant-key': '', 'ask-permission': 'owner' };
  const refused = await ask(commentEvent(services.github, '/docs ask How do I deploy?', 'mallory'), inputs);
  expect(refused.failed).toBeUndefined();
  expect(refused.outputs.status).toBe('skipped');
  // A wrong ask-permission is read as the strictest until it is named.
  expect(refused.messages('notice')).toEqual([
    'Not answered for mallory: only people with admin access to this repository can ask questions.',
  ]);

  services.github.setPermission('Codertocat', 'admin');
  const permitted = await ask(commentEvent(services.github, '/docs ask How do I deploy?'), inputs);
  expect(permitted.outputs).toEqual({ status: 'failed' });
  expect(permitted.failed).toMatch(
    /^2 inputs need fixing:\n- Input 'assistant-key' is required.*\n- Invalid 'ask-permission'/,
  );
  expect(assistant.requests).toEqual([]);
});

test('mode ask on an event without a question is skipped whatever the inputs say', async () => {
  const runner = await ask(
    { name: 'push', payload: webhookPayload('push') },
    { mode: 'ask', domain: '', 'assistant-key': '', 'base-url': '' },
  );
  expect(runner.failed).toBeUndefined();
  expect(runner.outputs.status).toBe('skipped');
  expect(runner.messages('notice')).toEqual([
    "Nothing to answer: ask mode has no question for 'push' events without a prompt.",
  ]);
});

/** An assistant that answers every question with these chunks, as an event stream. */
async function startScriptedAssistant(
  chunks: Record<string, unknown>[],
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume().on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join(''));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('sources and a thread id that do not match their grammar never reach the outputs', async () => {
  const assistantThatLies = await startScriptedAssistant([
    { type: 'start' },
    { type: 'source-url', sourceId: 'a', url: 'https://docs.example.com/deploy#x##[error]boom', title: 'A' },
    { type: 'source-url', sourceId: 'b', url: 'https://docs.example.com/$(touch$IFS/tmp/PWNED)', title: 'B' },
    { type: 'source-url', sourceId: 'c', url: 'https://docs.example.com/deploy?x=::error::y', title: 'C' },
    { type: 'source-url', sourceId: 'd', url: 'https://Docs.Example.com/deploy', title: 'D' },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: 'Run acme deploy.' },
    { type: 'text-end', id: 't' },
    { type: 'finish', threadId: '::error::x' },
  ]);
  try {
    const runner = await ask(
      { name: 'workflow_dispatch', payload: webhookPayload('workflow_dispatch') },
      { mode: 'ask', prompt: 'How do I deploy?', 'base-url': assistantThatLies.url },
    );
    expect(runner.outputs.status).toBe('answered');
    expect(runner.outputs.sources).toBe('["https://docs.example.com/deploy"]');
    expect(runner.outputs['thread-id']).toBe('');
    const warnings = runner.messages('warning').filter((line) => line.startsWith('A source link of the answer'));
    expect(warnings).toHaveLength(3);
    expect(warnings.join('\n')).not.toMatch(/##\[|::/);
  } finally {
    await assistantThatLies.close();
  }
});
