/**
 * Issue 32 through what ships: dist/index.js (the action, as the runner runs it) and
 * dist/cli/index.js (the command line's bin), each as a child process, against the assistant
 * emulator, whose answers are made by the `ai` package's own streamText and server helpers and
 * whose threads are guarded by keys as the live service's are. The action's listing of each
 * source shape runs in this process (support/in-process.ts): the bin lists both shapes from the
 * shipped bundle, below. Run `npm run bundle` first.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ASSISTANT_KEY, DOMAIN, startAssistantEmulator, type AssistantEmulator } from './support/emulators.ts';
import { NODE24, ROOT, runAction, type RunResult } from './support/runner.ts';
import { runStep } from './support/in-process.ts';
import { seen } from './support/render.ts';
import { closeServices, commentEvent, resetServices, startServices, type Services } from './support/services.ts';
import { scratchDir } from './support/scratch.ts';

let services: Services;
let assistant: AssistantEmulator;

beforeAll(async () => {
  [services, assistant] = await Promise.all([startServices(), startAssistantEmulator()]);
});
afterAll(() => Promise.all([services && closeServices(services), assistant?.close()]));
beforeEach(() => {
  resetServices(services);
  assistant.reset();
});

interface Body {
  id?: string;
  trigger?: string;
  fp?: string;
  threadId?: string;
  threadKey?: string;
  messages: { id: string; role: string; parts: { text: string }[] }[];
}
const sent = (index: number): Body => (assistant.requests[index]?.body ?? { messages: [] }) as unknown as Body;
const answers = () => services.github.comments(1).filter((comment) => comment.user.type === 'Bot');

/** What a key must never be found in: the run's output, the log, and every comment on the issue. */
function expectNoThreadKey(...texts: string[]): void {
  const keys = assistant.threadKeys();
  expect(keys.length).toBeGreaterThan(0);
  const everything = [...texts, ...services.github.comments(1).map((comment) => comment.body)].join('\n');
  for (const key of keys) expect(everything).not.toContain(key.slice(3, 15));
}

/** A /docs ask on issue #1: a child run of dist/, or `runStep` where a process shows nothing more. */
function action(question: string, run: typeof runAction = runAction): Promise<RunResult> {
  return run({
    event: commentEvent(services.github, question),
    inputs: { domain: DOMAIN, 'assistant-key': ASSISTANT_KEY, 'base-url': assistant.url },
    env: { GITHUB_API_URL: services.github.url },
  });
}

describe('the assistant emulator guards threads as the service does', () => {
  const post = (body: Record<string, unknown>) =>
    fetch(`${assistant.url}/discovery/v2/assistant/${DOMAIN}/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ASSISTANT_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const question = {
    fp: 'anonymous',
    messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Deploy?' }] }],
  };

  test('a new thread: its id and key in the headers, retrievalPageSize optional; a thread id without its key is 404', async () => {
    const first = await post(question);
    expect(first.status).toBe(200);
    await first.text();
    const [threadId, threadKey] = [first.headers.get('x-thread-id'), first.headers.get('x-thread-key')];
    expect(threadId).toBe('thread_1');
    expect(threadKey).toMatch(/^tk_[0-9a-f]{32}$/);
    const alone = await post({ ...question, threadId });
    expect([alone.status, await alone.json()]).toEqual([404, { error: 'Thread not found' }]);
    const keyed = await post({ ...question, threadId, threadKey });
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get('x-thread-key')).toBeNull();
    expect(await keyed.text()).toContain('"threadId":"thread_1"');
  });
});

describe('the action (dist/index.js)', () => {
  test('a second /docs ask on an issue is answered in context, with no 404 and no key in public', async () => {
    const first = await action('/docs ask How do I deploy the site?');
    // A question that names nothing the documentation holds: only its context can answer it.
    const second = await action('/docs ask What else?');
    expect([first.outputs.status, second.outputs.status]).toEqual(['answered', 'answered']);
    expect(second.code).toBe(0);
    const follow = sent(1);
    expect(follow.threadId).toBeUndefined();
    expect(follow.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(follow.messages[0]?.parts[0]?.text).toBe('How do I deploy the site?');
    expect(follow.messages[1]?.parts[0]?.text).toContain('acme deploy');
    expect(follow.messages[0]?.id).toBe(sent(0).messages[0]?.id);
    expect([follow.id, follow.trigger, follow.fp]).toEqual([sent(0).id, 'submit-message', sent(0).fp]);
    expect(seen(answers()[1]?.body ?? '')).toContain('acme deploy');
    // The forms a 404 takes in the log (`-> 404 in`) and in words (`HTTP 404`); a bare /404/ would also
    // match the runner files' random delimiters.
    expect(second.everything).not.toMatch(/-> 404 |HTTP 404|does not know this documentation site/);
    expectNoThreadKey(first.everything, second.everything);
  });

  test.each([
    ['document', 'Deploying (deploy.md)', ['deploy.md']],
    ['search-tool', 'Deploying', ['https://docs.example.com/deploy']],
  ] as const)('%s sources are listed', async (sourcesAs, line, addresses) => {
    assistant.fault({ kind: 'sources-as', sourcesAs });
    const result = await action('/docs ask How do I deploy the site?', runStep);
    expect(result.outputs.status).toBe('answered');
    const sources = JSON.parse(result.outputs.sources ?? '[]') as string[];
    expect(sources).toEqual(expect.arrayContaining([...addresses]));
    const shown = seen(answers()[0]?.body ?? '');
    expect(shown.split('\n')).toContain('Sources');
    expect(shown).toContain(line);
    expect(result.stdout).toMatch(/Answered on #1 from [1-9]\d* sources?\./);
  });

  test('a length finish is reported incomplete', async () => {
    assistant.fault({ kind: 'finish', finishReason: 'length' });
    const result = await action('/docs ask How do I deploy the site?');
    expect(result.code).toBe(1);
    expect(result.outputs.status).toBe('failed');
    expect(result.outputs.message).toMatch(/^The answer on #1 is incomplete: .*output limit/);
    expect(result.stdout).toMatch(/::error::The answer on #1 is incomplete: .*output limit/);
    expect(seen(answers()[0]?.body ?? '')).toMatch(/^This answer is incomplete: .*output limit/m);
  });

  test.each(['start-metadata', 'header-only'] as const)(
    'a thread id from %s reaches the thread-id output',
    async (threadIn) => {
      assistant.fault({ kind: 'thread-in', threadIn });
      const result = await action('/docs ask How do I deploy the site?');
      expect(result.outputs.status).toBe('answered');
      expect(result.outputs['thread-id']).toBe('thread_1');
      expect(answers()[0]?.body).toMatch(/^<!-- docs-agent-ask thread=thread_1 /);
    },
  );
});

describe('the command line (dist/cli/index.js)', () => {
  interface Run {
    code: number | null;
    stdout: string;
    stderr: string;
  }
  function cli(args: string[], state: string, extra: Record<string, string> = {}): Promise<Run> {
    const env = {
      ...extra,
      PATH: process.env.PATH ?? '',
      HOME: state,
      XDG_STATE_HOME: join(state, 'xdg'),
      DOCS_AGENT_BASE_URL: assistant.url,
      DOCS_ASSISTANT_KEY: ASSISTANT_KEY,
      DOCS_ASSISTANT_DOMAIN: DOMAIN,
    };
    const child = spawn(NODE24, [join(ROOT, 'dist/cli/index.js'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    return new Promise((resolve) =>
      child.on('close', (code) => {
        clearTimeout(killer);
        resolve({ code, stdout, stderr });
      }),
    );
  }

  test('ask --thread continues with the kept key, and a forgotten thread goes on in a new one, said once', async () => {
    const state = scratchDir('docs-agent-cli-state-');
    const first = await cli(['ask', 'How do I deploy the site?'], state);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Thread: thread_1 (continue with --thread thread_1)');
    const threads = join(state, 'xdg', 'docs-agent', 'threads');
    const [file, ...more] = readdirSync(threads);
    expect(more).toEqual([]);
    expect(statSync(join(threads, file ?? '')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(threads, file ?? ''), 'utf8')).toContain(assistant.threadKeys()[0]);

    const second = await cli(['ask', '--thread', 'thread_1', 'And where does the token go?'], state);
    expect(second.code).toBe(0);
    expect(sent(1)).toMatchObject({ threadId: 'thread_1', threadKey: assistant.threadKeys()[0] });
    expect(sent(1).messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent(1).messages[0]?.id).toBe(sent(0).messages[0]?.id);
    expect([sent(1).id, sent(1).fp, sent(1).trigger]).toEqual([sent(0).id, sent(0).fp, 'submit-message']);
    expect(second.stdout).toContain('Thread: thread_1');

    assistant.fault({ kind: 'forget-threads' });
    const third = await cli(['ask', '--thread', 'thread_1', 'And a custom domain?'], state);
    expect(third.code).toBe(0);
    expect(third.stderr.match(/no longer knows thread thread_1/g)).toHaveLength(1);
    expect(third.stderr).not.toMatch(/does not know this documentation site|HTTP 404/);
    expect(sent(3).threadId).toBeUndefined();
    expect(sent(3).messages).toHaveLength(5);
    expect(third.stdout).toContain('Thread: thread_2');
    expect(readdirSync(threads)).toHaveLength(2);
    expectNoThreadKey(first.stdout, first.stderr, second.stdout, second.stderr, third.stdout, third.stderr);
  });

  test('document and search-tool sources are printed; a length finish exits 1', async () => {
    const state = scratchDir('docs-agent-cli-state-');
    assistant.fault({ kind: 'sources-as', sourcesAs: 'document' });
    assistant.fault({ kind: 'sources-as', sourcesAs: 'search-tool' });
    assistant.fault({ kind: 'finish', finishReason: 'length' });
    const documents = await cli(['ask', 'How do I deploy the site?'], state);
    expect(documents.stdout).toContain('- Deploying (deploy.md)');
    const searched = await cli(['ask', 'How do I deploy the site?'], state);
    expect(searched.stdout).toContain('- Deploying: https://docs.example.com/deploy');
    const cut = await cli(['ask', '--json', 'How do I deploy the site?'], state);
    expect(cut.code).toBe(1);
    expect(JSON.parse(cut.stdout)).toMatchObject({ status: 'failed', message: expect.stringMatching(/output limit/) });
  });
});
