import { jest } from '@jest/globals';
import type { AskClient, OpenedAnswer } from '../src/service/assistant.ts';
import type { AskSettings } from '../src/ask/inputs.ts';
import { decideAskRun, type AskDecision } from '../src/ask/decide.ts';
import { fingerprint } from '../src/ask/request.ts';
import { answerQuestion, type AskDependencies } from '../src/ask/run.ts';
import { InputProblems } from '../src/step/inputs.ts';
import { TIMINGS } from '../src/step/timings.ts';
import { ServiceError } from '../src/base/errors.ts';
import type { GitHubEvent } from '../src/github/event.ts';
import { FakeClock, memoryLogger } from './support/fake-clock.ts';

const SETTINGS: AskSettings = {
  mode: 'ask',
  triggerPhrase: '/docs',
  askWord: 'ask',
  askLabel: '',
  askConfigured: true,
  pullRequests: 'off' as const,
  prompt: 'How do I deploy?',
  domain: 'acme',
  assistantKey: 'svc_dsc_k',
  baseUrl: 'https://api.example.com',
  githubToken: '',
  timeoutMs: 60_000,
  askPermission: 'read',
  allowedBots: [],
  issueNumber: undefined,
  retrievalPageSize: 5,
};
const EVENT: GitHubEvent = { name: 'workflow_dispatch', payload: {}, repository: { owner: 'o', repo: 'r' } };

/** The question ask mode decides for `settings` (its prompt) on EVENT. */
function asked(settings: AskSettings = SETTINGS): Extract<AskDecision, { kind: 'ask' }> {
  const decision = decideAskRun(EVENT, settings, settings, () => settings, new InputProblems());
  if (decision.kind !== 'ask') throw new Error(decision.notice);
  return decision;
}

function stream(): OpenedAnswer {
  return {
    stream: new Response(
      'data: {"type":"text-delta","id":"a","delta":"Run acme deploy."}\n\ndata: {"type":"finish","threadId":"t1"}\n\n',
    ).body as ReadableStream<Uint8Array>,
  };
}

function deps(open: AskClient['open'], clock = new FakeClock()): AskDependencies {
  return {
    client: { open } as unknown as AskClient,
    clock,
    log: memoryLogger(),
    octokit: () => Promise.reject(new Error('no GitHub in these tests')),
    signal: new AbortController().signal,
    timings: TIMINGS.ask,
    runId: '1',
  };
}

const rateLimited = (retryAfterMs?: number) =>
  new ServiceError('POST /m answered HTTP 429', 'http', { status: 429, retryAfterMs });

describe('answerQuestion', () => {
  // The waits, the deadline and the cancel are the shared retry's (retry.test.ts); here, that a
  // question uses it with the policy of a request that changes something.
  test('asks again after a 429 or a 503 with Retry-After, as the service asks', async () => {
    const clock = new FakeClock();
    const open = jest
      .fn<AskClient['open']>()
      .mockRejectedValueOnce(rateLimited(7_000))
      .mockRejectedValueOnce(
        new ServiceError('POST /m answered HTTP 503', 'http', { status: 503, retryAfterMs: 9_000 }),
      )
      .mockResolvedValueOnce(stream());
    const result = await answerQuestion(asked(), EVENT, deps(open, clock));
    expect(result.status).toBe('answered');
    expect(clock.sleeps).toEqual([7_000, 9_000]);
    expect(open).toHaveBeenCalledTimes(3);
  });

  test('gives up at timeout-minutes and says how often it asked', async () => {
    const open = jest.fn<AskClient['open']>().mockRejectedValue(rateLimited());
    const result = await answerQuestion(asked({ ...SETTINGS, timeoutMs: 20_000 }), EVENT, deps(open));
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      "No answer: POST /m answered HTTP 429; gave up after 3 attempts within 'timeout-minutes'",
    );
    expect(open).toHaveBeenCalledTimes(3);
  });

  test('does not retry a refused key', async () => {
    const open = jest
      .fn<AskClient['open']>()
      .mockRejectedValue(new ServiceError("The assistant refused 'assistant-key' (HTTP 401)", 'http', { status: 401 }));
    const result = await answerQuestion(asked(), EVENT, deps(open));
    expect(result).toMatchObject({ status: 'failed' });
    expect(result.message).toContain("'assistant-key'");
    expect(open).toHaveBeenCalledTimes(1);
  });

  test('sends the question, the page size and an anonymous fingerprint for a step', async () => {
    const open = jest.fn<AskClient['open']>().mockResolvedValue(stream());
    const result = await answerQuestion(asked(), EVENT, deps(open));
    expect(result.answer?.threadId).toBe('t1');
    expect(open.mock.calls[0]?.[0]).toEqual({
      id: expect.stringMatching(/^chat_[0-9a-f]{24}$/),
      trigger: 'submit-message',
      fp: 'anonymous',
      messages: [
        {
          id: expect.stringMatching(/^msg_[0-9a-f]{24}$/),
          role: 'user',
          parts: [{ type: 'text', text: 'How do I deploy?' }],
        },
      ],
      retrievalPageSize: 5,
    });
  });
});

describe('fingerprint', () => {
  test('is stable, per repository, and does not contain the login', () => {
    const mona = { login: 'Mona', id: 42 };
    expect(fingerprint('o/r', mona)).toBe(fingerprint('O/R', { login: 'renamed', id: 42 } as never));
    expect(fingerprint('o/r', mona)).not.toBe(fingerprint('o/other', mona));
    expect(fingerprint('o/r', mona)).toMatch(/^[0-9a-f]{32}$/);
    expect(fingerprint('o/r', mona)).not.toContain('Mona');
  });
});
