// Issue 32's units: the shapes a source arrives in, the finish reasons that cut an answer, where a
// thread id arrives, the bounds of the conversation sent again, and the command line's key store.
import { jest } from '@jest/globals';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAnswer } from '../src/service/assistant-stream.ts';
import {
  boundHistory,
  MAX_HISTORY_CHARS,
  MAX_TURN_CHARS,
  MAX_TURNS,
  textMessage,
} from '../src/service/assistant-history.ts';
import { chatId, message } from '../src/ask/comment.ts';
import { renderAnswerComment } from '../src/ask/render.ts';
import { stateDirectory, ThreadStore } from '../src/cli/thread-store.ts';
import { clearSecrets, forLog } from '../src/text/text-gate.ts';
import { seen } from './support/render.ts';
import { scratchDir } from './support/scratch.ts';

function sse(...chunks: Record<string, unknown>[]): ReadableStream<Uint8Array> {
  return new Response(chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join(''))
    .body as ReadableStream<Uint8Array>;
}
const read = (...chunks: Record<string, unknown>[]) => readAnswer(sse(...chunks), () => undefined);
const FINISH = { type: 'finish', finishReason: 'stop' };

describe('every source shape', () => {
  test('source-url: the address and its title, once per address', async () => {
    const answer = await read(
      { type: 'source-url', sourceId: 'a', url: 'https://docs.example.com/deploy', title: 'Deploying' },
      { type: 'source-url', sourceId: 'b', url: 'https://docs.example.com/deploy' },
      FINISH,
    );
    expect(answer.sources).toEqual([{ url: 'https://docs.example.com/deploy', title: 'Deploying' }]);
  });

  test('source-document: its title and file name, and no address made up', async () => {
    const doc = { type: 'source-document', sourceId: 'd', mediaType: 'text/markdown', title: 'Deploying' };
    const answer = await read(
      { ...doc, filename: 'deploy.md' },
      { ...doc, sourceId: 'e', filename: 'deploy.md' },
      FINISH,
    );
    expect(answer.sources).toEqual([{ title: 'Deploying', filename: 'deploy.md' }]);
    const comment = seen(
      renderAnswerComment({ marker: '', answer: 'Run it.', sources: answer.sources, state: 'complete' }),
    );
    expect(comment).toContain('Deploying (deploy.md)');
    expect(comment).not.toMatch(/https?:/);
  });

  test("the search tool's results: each page, de-duplicated with the other shapes; another tool's output is not a source", async () => {
    const answer = await read(
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'search', input: { query: 'deploy' } },
      {
        type: 'tool-output-available',
        toolCallId: 'c1',
        output: {
          results: [
            { title: 'Deploying', url: 'https://docs.example.com/deploy', content: '…' },
            { title: 'Tokens', link: 'https://docs.example.com/tokens' },
            { title: 'A page without an address', path: 'guides/offline' },
            { url: 'javascript:alert(1)' },
          ],
        },
      },
      { type: 'tool-input-available', toolCallId: 'c2', toolName: 'weather', input: {} },
      {
        type: 'tool-output-available',
        toolCallId: 'c2',
        output: [{ url: 'https://weather.example.com/', title: 'W' }],
      },
      { type: 'source-url', sourceId: 's', url: 'https://docs.example.com/deploy', title: 'Deploying again' },
      FINISH,
    );
    expect(answer.sources).toEqual([
      { url: 'https://docs.example.com/deploy', title: 'Deploying' },
      { url: 'https://docs.example.com/tokens', title: 'Tokens' },
      { title: 'A page without an address', filename: 'guides/offline' },
    ]);
  });

  test('a tool output of a thousand results lists at most 20 sources', async () => {
    const results = Array.from({ length: 1_000 }, (_, i) => ({
      url: `https://docs.example.com/p${i}`,
      title: `P${i}`,
    }));
    const answer = await read({ type: 'tool-output-available', toolCallId: 'x', output: results }, FINISH);
    expect(answer.sources).toHaveLength(20);
  });
});

describe('honest endings', () => {
  test.each([
    ['length', /output limit/],
    ['content-filter', /content filter/],
    ['error', /ended the answer with an error/],
  ])('finishReason %s marks the answer incomplete', async (finishReason, reason) => {
    const answer = await read({ type: 'text-delta', id: 't', delta: 'Run acme dep' }, { type: 'finish', finishReason });
    expect(answer.finished).toBe(true);
    expect(answer.stoppedBy).toMatch(reason);
  });

  test.each(['stop', 'tool-calls', undefined])('finishReason %s is a whole answer', async (finishReason) => {
    const answer = await read({ type: 'text-delta', id: 't', delta: 'Done.' }, { type: 'finish', finishReason });
    expect(answer.stoppedBy).toBeUndefined();
  });

  test("the start chunk's metadata names the thread", async () => {
    const answer = await read({ type: 'start', messageMetadata: { threadId: 'thread_7' } }, FINISH);
    expect(answer.threadId).toBe('thread_7');
  });
});

describe('the conversation sent again is bounded', () => {
  const turn = (n: number, size = 10): ReturnType<typeof textMessage>[] => [
    textMessage(`q${n}`, 'user', `question ${n} `.padEnd(size, 'q')),
    textMessage(`a${n}`, 'assistant', `answer ${n} `.padEnd(size, 'a')),
  ];

  test(`at most ${MAX_TURNS} turns, the newest, oldest first`, () => {
    const kept = boundHistory(Array.from({ length: 9 }, (_, n) => turn(n)));
    expect(kept.map((m) => m.id)).toEqual(['q4', 'a4', 'q5', 'a5', 'q6', 'a6', 'q7', 'a7', 'q8', 'a8']);
  });

  test(`each message cut to ${MAX_TURN_CHARS} characters, all of them within ${MAX_HISTORY_CHARS}`, () => {
    const kept = boundHistory(Array.from({ length: 4 }, (_, n) => turn(n, 50_000)));
    expect(kept.every((m) => (m.parts[0]?.text.length ?? 0) <= MAX_TURN_CHARS)).toBe(true);
    const total = kept.reduce((sum, m) => sum + (m.parts[0]?.text.length ?? 0), 0);
    expect(total).toBeLessThanOrEqual(MAX_HISTORY_CHARS);
    expect(kept.map((m) => m.id)).toEqual(['q2', 'a2', 'q3', 'a3']);
  });

  test('message and chat ids are stable for the same question, unique across issues and repositories', () => {
    const here = { repository: 'o/r', issueNumber: 1 };
    expect(message(here, 'c5', 'user', 'a').id).toBe(message(here, 'c5', 'user', 'b').id);
    expect(message(here, 'c5', 'user', 'a').id).not.toBe(message(here, 'c5', 'assistant', 'a').id);
    expect(message(here, 'i', 'user', 'a').id).not.toBe(message({ ...here, issueNumber: 2 }, 'i', 'user', 'a').id);
    expect(chatId(here, 'i')).not.toBe(chatId({ ...here, repository: 'o/s' }, 'i'));
  });
});

describe('the command line keeps thread keys', () => {
  const scope = { baseUrl: 'https://api.example.com', domain: 'acme' };
  const key = 'tk_0123456789abcdef0123';
  afterEach(() => clearSecrets());

  test('in $XDG_STATE_HOME (absolute only), else ~/.local/state', () => {
    expect(stateDirectory({ XDG_STATE_HOME: '/x/state', HOME: '/home/u' })).toBe('/x/state/docs-agent');
    expect(stateDirectory({ XDG_STATE_HOME: 'relative', HOME: '/home/u' })).toBe('/home/u/.local/state/docs-agent');
    expect(stateDirectory({ HOME: '/home/u' })).toBe('/home/u/.local/state/docs-agent');
  });

  test('one file per thread, mode 0600 in a 0700 directory, keyed by service, site and thread; nothing printed', () => {
    const dir = join(scratchDir('docs-agent-state-'), 'docs-agent');
    const stdout = jest.spyOn(process.stdout, 'write');
    const store = new ThreadStore(dir, scope);
    const turn = [textMessage('q', 'user', 'How?'), textMessage('a', 'assistant', 'Like this.')];
    store.save('thread_1', { chatId: 'c1', threadKey: key, turns: [turn] });
    store.save('thread_2', { chatId: 'c2', turns: [] });
    new ThreadStore(dir, { ...scope, domain: 'other' }).save('thread_1', { chatId: 'c3', turns: [] });
    expect(stdout).not.toHaveBeenCalled();
    stdout.mockRestore();

    const files = readdirSync(join(dir, 'threads'));
    expect(files).toHaveLength(3);
    expect(files.join(' ')).not.toContain('thread_');
    for (const file of files) expect(statSync(join(dir, 'threads', file)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'threads')).mode & 0o777).toBe(0o700);
    expect(store.load('thread_1')).toEqual({ chatId: 'c1', threadKey: key, turns: [turn] });
    expect(new ThreadStore(dir, { ...scope, domain: 'other' }).load('thread_1')).toEqual({ chatId: 'c3', turns: [] });
    expect(store.load('thread_3')).toBeUndefined();
    // A key read back is a secret of the run from then on.
    expect(forLog(`key ${key}`, 100)).not.toContain(key.slice(3, 15));
  });

  test('a file that is not ours, or too large, is not read', () => {
    const dir = join(scratchDir('docs-agent-state-'), 'docs-agent');
    const store = new ThreadStore(dir, scope);
    store.save('thread_1', { chatId: 'c1', turns: [] });
    writeFileSync(store.fileOf('thread_1'), '{"threadKey": 1}');
    expect(store.load('thread_1')).toBeUndefined();
    writeFileSync(store.fileOf('thread_1'), JSON.stringify({ chatId: 'c', turns: [], pad: 'x'.repeat(300_000) }));
    expect(store.load('thread_1')).toBeUndefined();
  });

  test('the fingerprint: DOCS_ASSISTANT_FP, else one made once per machine and kept 0600', () => {
    const dir = join(scratchDir('docs-agent-state-'), 'docs-agent');
    const store = new ThreadStore(dir, scope);
    expect(store.fingerprint({ DOCS_ASSISTANT_FP: 'ci-runner-7' })).toBe('ci-runner-7');
    const made = store.fingerprint({});
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(new ThreadStore(dir, { ...scope, domain: 'x' }).fingerprint({})).toBe(made);
    expect(readFileSync(join(dir, 'fingerprint'), 'utf8').trim()).toBe(made);
    expect(statSync(join(dir, 'fingerprint')).mode & 0o777).toBe(0o600);
  });
});
