import { jest } from '@jest/globals';
import type { AskSettings } from '../src/ask/inputs.ts';
import { askMode } from '../src/ask/mode.ts';
import { askIn, isAskRun } from '../src/ask/route.ts';
import { InputProblems } from '../src/step/inputs.ts';
import { readRouting, type Routing } from '../src/step/mode.ts';
import { decideAsk } from '../src/ask/trigger.ts';
import { readAnswer } from '../src/service/assistant-stream.ts';
import type { GitHubEvent } from '../src/github/event.ts';
import { clearSecrets } from '../src/text/text-gate.ts';

const ROUTING: Routing = {
  mode: 'agent',
  triggerPhrase: '/docs',
  askWord: 'ask',
  askLabel: 'question',
  askConfigured: true,
  pullRequests: 'off' as const,
};

function withInputs(inputs: Record<string, string>, run: () => void): void {
  const names = Object.keys(inputs).map((name) => `INPUT_${name.toUpperCase()}`);
  for (const [name, value] of Object.entries(inputs)) process.env[`INPUT_${name.toUpperCase()}`] = value;
  // core.setSecret writes its mask command to stdout, which is the runner's, not the test's.
  const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    run();
  } finally {
    write.mockRestore();
    for (const name of names) delete process.env[name];
    clearSecrets();
  }
}

/**
 * The ask settings of a run that asks ("How?" on a dispatch), read as ask mode reads them, or every
 * input error at once. `problems`: the errors of the routing inputs, read before.
 */
function readAskSettings(routing: Routing, problems = new InputProblems()): AskSettings {
  const event: GitHubEvent = { name: 'workflow_dispatch', payload: {}, repository: { owner: 'o', repo: 'r' } };
  process.env.INPUT_PROMPT = 'How?';
  try {
    const decision = askMode.decide(event, routing, problems);
    if (decision.kind !== 'ask') throw new Error(decision.notice);
    decision.problems.throwIfAny();
    return decision.settings;
  } finally {
    delete process.env.INPUT_PROMPT;
  }
}

const VALID = { domain: 'acme', 'assistant-key': 'svc_dsc_abc123', 'base-url': 'https://api.example.com' };

describe('ask inputs', () => {
  test('reads a valid set with the defaults', () => {
    withInputs(VALID, () => {
      const settings = readAskSettings(ROUTING);
      expect(settings).toMatchObject({ domain: 'acme', askPermission: 'read', retrievalPageSize: 5 });
    });
  });

  test('refuses the admin key in assistant-key without quoting it', () => {
    withInputs({ ...VALID, 'assistant-key': 'svc_admin_secret_value' }, () => {
      expect(() => readAskSettings(ROUTING)).toThrow(/'assistant-key' holds the admin key/);
      expect(() => readAskSettings(ROUTING)).not.toThrow(/svc_admin_secret_value/);
    });
  });

  test('names every missing or wrong input at once', () => {
    withInputs({ 'base-url': 'https://api.example.com', 'ask-permission': 'owner', 'retrieval-page-size': '0' }, () => {
      let message = '';
      try {
        readAskSettings(ROUTING);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^4 inputs need fixing/);
      for (const name of ['domain', 'assistant-key', 'ask-permission', 'retrieval-page-size']) {
        expect(message).toContain(`'${name}'`);
      }
    });
  });

  test('a wrong routing input is named with the ask inputs, in one error', () => {
    withInputs({ ...VALID, mode: 'ask', 'ask-word': 'ask me', domain: '' }, () => {
      const problems = new InputProblems();
      const routing = readRouting(problems);
      expect(routing).toMatchObject({ mode: 'ask', askWord: 'ask' });
      expect(() => readAskSettings(routing, problems)).toThrow(
        /^2 inputs need fixing:\n- Invalid 'ask-word'.*\n- Input 'domain' is required/,
      );
    });
  });

  test('refuses an unknown mode and an ask-word of two words', () => {
    withInputs({ mode: 'chat' }, () => expect(() => readRouting()).toThrow(/'mode' 'chat'/));
    withInputs({ 'ask-word': 'ask me' }, () => expect(() => readRouting()).toThrow(/'ask-word'/));
  });
});

function commentEvent(body: string, action = 'created'): GitHubEvent {
  return {
    name: 'issue_comment',
    payload: {
      action,
      comment: { id: 7, body, user: { login: 'mona' } },
      issue: { number: 3, title: 'Deploying' },
    },
    repository: { owner: 'o', repo: 'r' },
  };
}

describe('ask routing', () => {
  test.each([
    ['/docs ask how do I deploy?', true],
    ['Hi\n/DOCS Ask how?', true],
    ['/docs document the flag', false],
    ['/docs asking is not the word', false],
    ['> /docs ask quoted', false],
  ])('%j asks: %s', (body, asks) => {
    expect(isAskRun(commentEvent(body), ROUTING)).toBe(asks);
  });

  test('an edited comment asks nothing', () => {
    expect(isAskRun(commentEvent('/docs ask how?', 'edited'), ROUTING)).toBe(false);
  });

  test('the ask-label on an issue asks its title and body', () => {
    const event: GitHubEvent = {
      name: 'issues',
      payload: {
        action: 'labeled',
        label: { name: 'Question' },
        sender: { login: 'mona' },
        issue: { number: 3, title: 'Deploy?', body: 'How?' },
      },
      repository: { owner: 'o', repo: 'r' },
    };
    expect(isAskRun(event, ROUTING)).toBe(true);
    const trigger = decideAsk(event, ROUTING, { prompt: '', issueNumber: undefined });
    expect(trigger).toMatchObject({ kind: 'ask', question: 'Deploy?\n\nHow?' });
  });

  test('"ask new" starts a new thread and the title becomes context', () => {
    const trigger = decideAsk(commentEvent('/docs ask new How?'), ROUTING, { prompt: '', issueNumber: undefined });
    expect(trigger).toMatchObject({ kind: 'ask', question: 'How?', newThread: true, contextTitle: 'Deploying' });
  });

  test('mode ask answers a prompt on any event', () => {
    const event: GitHubEvent = { name: 'push', payload: {}, repository: { owner: 'o', repo: 'r' } };
    expect(isAskRun(event, { ...ROUTING, mode: 'ask' })).toBe(true);
    expect(decideAsk(event, ROUTING, { prompt: 'How?', issueNumber: undefined })).toEqual({
      kind: 'ask',
      question: 'How?',
      newThread: false,
    });
  });
});

describe('where ask mode is set up', () => {
  const names = ['mode', 'domain', 'assistant-key', 'ask-label', 'ask-word'];
  const routingWith = (inputs: Record<string, string>): Routing => {
    let routing: Routing | undefined;
    // As the runner passes them: every input, action.yml's defaults for those the workflow leaves out.
    const defaults = { mode: 'agent', domain: '', 'assistant-key': '', 'ask-label': '', 'ask-word': 'ask' };
    withInputs({ ...defaults, ...inputs }, () => (routing = readRouting()));
    return routing!;
  };

  test.each([
    ['nothing of ask mode', false, {}],
    ['mode: ask', true, { mode: 'ask' }],
    ['a domain', true, { domain: 'acme' }],
    ['an assistant key', true, { 'assistant-key': 'svc_dsc_abc' }],
    ['an ask-label', true, { 'ask-label': 'question' }],
    ['only another ask-word', false, { 'ask-word': 'question' }],
  ] as const)('%s: set up %s', (_name, configured, inputs) => {
    const routing = routingWith(inputs);
    expect(routing.askConfigured).toBe(configured);
    expect(isAskRun(commentEvent(`/docs ${routing.askWord} how?`), routing)).toBe(configured);
  });

  test('an empty ask-word routes no question, and with mode ask the phrase alone asks', () => {
    const agent = routingWith({ 'ask-word': '', domain: 'acme' });
    expect(agent.askWord).toBe('');
    expect(isAskRun(commentEvent('/docs ask how?'), agent)).toBe(false);
    expect(askIn('/docs ask how?', agent)).toBeUndefined();
    const ask = routingWith({ 'ask-word': '', mode: 'ask' });
    expect(askIn('/docs how do I deploy?', ask)).toEqual({ question: 'how do I deploy?', newThread: false });
    expect(askIn('/docs new how?', ask)).toEqual({ question: 'how?', newThread: true });
  });

  test('an ask-word the runner does not pass at all is the default', () => {
    for (const name of names) delete process.env[`INPUT_${name.toUpperCase()}`];
    expect(readRouting()).toMatchObject({ askWord: 'ask', askConfigured: false });
  });
});

function sse(...frames: string[]): ReadableStream<Uint8Array> {
  return new Response(frames.join('')).body as ReadableStream<Uint8Array>;
}

describe('readAnswer', () => {
  test('folds text parts, sources and the thread id, whatever the framing', async () => {
    const answer = await readAnswer(
      sse(
        ': keep-alive\n\n',
        'data: {"type":"start"}\r\n\r\n',
        'data: {"type":"text-start","id":"a"}\n\n',
        'data: {"type":"text-delta","id":"a","delta":"Hel"}\n\n',
        'data: {"type":"some-new-chunk","x":1}\n\n',
        'data: {"type":"text-delta","id":"a","delta":"lo"}\n\n',
        'data: {"type":"source-url","sourceId":"s","url":"https://docs.example.com/a","title":"A"}\n\n',
        'data: {"type":"source-url","sourceId":"t","url":"https://docs.example.com/a"}\n\n',
        'data: {"type":"finish","threadId":"th_1"}\n\n',
        'data: [DONE]\n\n',
      ),
      () => undefined,
    );
    expect(answer).toEqual({
      text: 'Hello',
      sources: [{ url: 'https://docs.example.com/a', title: 'A' }],
      threadId: 'th_1',
      finished: true,
    });
  });

  test.each([
    ['message metadata', 'data: {"type":"finish","messageMetadata":{"threadId":"th_2"}}\n\n'],
    ['a data chunk', 'data: {"type":"data-thread","data":{"threadId":"th_2"}}\n\ndata: {"type":"finish"}\n\n'],
  ])('finds the thread id in %s', async (_name, frames) => {
    expect((await readAnswer(sse(frames), () => undefined)).threadId).toBe('th_2');
  });

  test('keeps the text before an error chunk and says why it stopped', async () => {
    const answer = await readAnswer(
      sse(
        'data: {"type":"text-delta","id":"a","delta":"Part"}\n\n',
        'data: {"type":"error","errorText":"boom"}\n\n',
        'data: {"type":"text-delta","id":"a","delta":" never"}\n\n',
      ),
      () => undefined,
    );
    expect(answer.text).toBe('Part');
    expect(answer.finished).toBe(false);
    expect(answer.stoppedBy).toContain('boom');
  });

  test('a stream that ends without finish is incomplete', async () => {
    const answer = await readAnswer(sse('data: {"type":"text-delta","id":"a","delta":"Part"}\n\n'), () => undefined);
    expect(answer.stoppedBy).toMatch(/ended before/);
  });
});
