/**
 * Transcripts of whole runs, one for every kind of run (agent, ask, refusal, follow-up, fork skip,
 * timeout, cancel, hostile echo, post step): every request the service, the assistant and GitHub
 * received (method, path, body), the outputs, the annotations and the job summary, kept as
 * snapshots. A change in behaviour then shows as a diff to review, not only as a failed assertion;
 * a move of code that changes nothing keeps them byte-identical. Ids, times, durations and ports
 * differ from run to run, so they are replaced by stable names in order of appearance.
 *
 * Each run is where it is cheapest to show (support/in-process.ts): a step in this process gives
 * the same transcript as the shipped dist/. The cancel, the kill and the post step's entry are
 * child runs of dist/, and so is the comment answered with a pull request: the bundle's transcript
 * of the common case, against the same snapshot.
 */
import type { Emulator } from '../emulator/index.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import { ASSISTANT_KEY, DOMAIN, startAssistantEmulator, type AssistantEmulator } from './support/emulators.ts';
import { API_KEY, webhookPayload, type RunOptions, type RunResult } from './support/runner.ts';
import { commentEvent, runAgainst, runStepAgainst, useServices } from './support/services.ts';

let emulator: Emulator;
let github: FakeGitHub;
let assistant: AssistantEmulator;
useServices((started) => ({ emulator, github } = started));
beforeAll(async () => {
  assistant = await startAssistantEmulator();
});
afterAll(() => assistant?.close());
beforeEach(() => assistant?.reset());

function run(inputs: Record<string, string>, options: RunOptions = {}): Promise<RunResult> {
  return runStepAgainst({ emulator, github }, { ...options, inputs });
}

/** The same step as the shipped dist/ in a child process, as the runner runs it. */
function shipped(inputs: Record<string, string>, options: RunOptions = {}): Promise<RunResult> {
  return runAgainst({ emulator, github }, { ...options, inputs });
}

/** Replaces what differs between runs with names that keep equal things equal. */
function stable(value: unknown): unknown {
  const names = new Map<string, string>();
  const name = (kind: string, raw: string): string => {
    const key = `${kind}:${raw}`;
    if (!names.has(key))
      names.set(key, `<${kind}${[...names.keys()].filter((k) => k.startsWith(`${kind}:`)).length + 1}>`);
    return names.get(key) ?? raw;
  };
  const text = JSON.stringify(value)
    // A job id in markdown has its underscore escaped (job\\_…, in this JSON text): the same job.
    .replace(/job(?:\\\\)?_[0-9a-f]{24}/g, (id) => name('job', id.replace(/\\/g, '')))
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, '<time>')
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/g, '<time>')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .replace(/sig=[0-9a-f]{32}/g, 'sig=<sig>')
    .replace(/_(Took|Working for) \d+[hms](?: \d+[hms])*/g, '_$1 <duration>')
    .replace(/\b\d+(?:\.\d+)?\s?(?:ms|s|min|minutes?|seconds?)\b/g, '<duration>')
    .replace(/\bthread_\w+/g, (id) => name('thread', id))
    .replace(
      /\b(comments|c)(\/?)(\d{6,})\b/g,
      (_, kind: string, slash: string, id: string) => `${kind}${slash}${name('comment', id)}`,
    );
  return JSON.parse(text);
}

function transcript(result: RunResult): unknown {
  const parse = (body: string): unknown => {
    try {
      return JSON.parse(body);
    } catch {
      return body || undefined;
    }
  };
  return stable({
    exit: result.code,
    outputs: result.outputs,
    // What the runner shows of the log: its annotations, in order.
    annotations: result.stdout.split('\n').filter((line) => /^::(error|warning|notice)\b/.test(line)),
    summary: result.summary,
    service: polls(emulator.requests.map((r) => ({ call: `${r.method} ${r.path}`, body: parse(r.body) }))),
    assistant: assistant.requests.map((r) => ({ call: `POST ${r.path}`, body: r.body })),
    github: liveEditsOnce(github.calls).map((c) => ({
      call: `${c.method} ${c.path}${c.query ? `?${c.query}` : ''}`,
      body: c.body,
    })),
  });
}

/**
 * How often the live plan is edited while the job works, and an answer while it streams, depends
 * on the clock too: of the writes that show the comment still working (⏳, "Writing the answer…"),
 * the first stays and later edits are left out.
 */
function liveEditsOnce(calls: FakeGitHub['calls']): FakeGitHub['calls'] {
  let working = false;
  return calls.filter((call) => {
    const text = (call.body as { body?: unknown } | undefined)?.body;
    const stillWorking =
      /^(?:<!--[^\n]*-->\n)?⏳/u.test(String(text)) || String(text).includes('_Writing the answer…_');
    if (typeof text !== 'string' || !stillWorking) return true;
    const first = !working;
    working = true;
    return first || call.method !== 'PATCH';
  });
}

/**
 * How many times a job is read depends on the clock, and so does whether the agent's plan (v1) is
 * read between two reads of the job: a run of reads is one entry per path, in a fixed order.
 */
function polls(calls: { call: string; body: unknown }[]): { call: string; body?: unknown }[] {
  const out: { call: string; body?: unknown }[] = [];
  let reads = new Set<string>();
  const flush = (): void => {
    for (const call of [...reads].sort().reverse()) out.push({ call: `${call} (one or more times)` });
    reads = new Set();
  };
  for (const call of calls) {
    if (call.call.startsWith('GET ')) {
      reads.add(call.call);
      continue;
    }
    flush();
    out.push(call);
  }
  flush();
  return out;
}

/**
 * The run waits for its job: its working comment is on the issue, and the job was read after that,
 * so the step has recorded the job and the comment (it does so before it starts to wait).
 */
async function waiting(): Promise<void> {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
  while (!github.comments(1).some((c) => c.user.type === 'Bot' && c.body.includes('⏳'))) await tick();
  const before = emulator.requests.length;
  while (!emulator.requests.slice(before).some((r) => r.method === 'GET')) await tick();
}

/**
 * A `/docs` comment's run, sent `signal` once it waits for a job that never ends. The first read
 * of the job is held back, so the signal always lands before its answer (and the plan it would
 * carry): on a slow machine the run would otherwise sometimes have read the plan first.
 */
function stoppedWhileWaiting(signal: NodeJS.Signals): Promise<RunResult> {
  emulator.configure({ outcome: 'never' });
  emulator.inject({ route: 'get', fault: { kind: 'delay', ms: 60_000 } });
  const event = commentEvent(github, '/docs document the flag');
  return run({}, { event, onSpawn: (child) => void waiting().then(() => child.kill(signal)) });
}

describe('transcripts', () => {
  test('a step with a prompt', async () => {
    expect(transcript(await run({ prompt: 'Document the --verbose flag' }))).toMatchSnapshot();
  });

  test('a comment that asks, answered with a pull request', async () => {
    expect(
      transcript(await shipped({}, { event: commentEvent(github, '/docs document the --verbose flag') })),
    ).toMatchSnapshot();
  });

  test('a follow-up on the same issue', async () => {
    await run({}, { event: commentEvent(github, '/docs document the --verbose flag') });
    emulator.requests.length = 0;
    github.calls.length = 0;
    expect(transcript(await run({}, { event: commentEvent(github, '/docs and the -q flag') }))).toMatchSnapshot();
  });

  test('a commenter without the permission', async () => {
    github.setPermission('Codertocat', 'read');
    expect(transcript(await run({}, { event: commentEvent(github, '/docs document everything') }))).toMatchSnapshot();
  });

  test('a create that may have reached the service', async () => {
    emulator.inject({ route: 'create', afterProcessing: true, fault: { kind: 'status', status: 502 } });
    expect(transcript(await run({}, { event: commentEvent(github, '/docs document the flag') }))).toMatchSnapshot();
  });

  test('job-id picked up by a dispatched run with issue-number', async () => {
    emulator.configure({ durationMs: 0 });
    const first = await run({ prompt: 'Document the flag', wait: 'false' });
    emulator.requests.length = 0;
    const event = { name: 'workflow_dispatch', payload: webhookPayload('workflow_dispatch') };
    expect(
      transcript(await run({ 'job-id': first.outputs['job-id'] ?? '', 'issue-number': '1' }, { event })),
    ).toMatchSnapshot();
  });

  test('a question answered from the docs', async () => {
    const result = await runStepAgainst(
      { emulator, github },
      {
        inputs: { domain: DOMAIN, 'assistant-key': ASSISTANT_KEY, 'base-url': assistant.url },
        event: commentEvent(github, '/docs ask How do I deploy the site with an access token?'),
      },
    );
    expect(transcript(result)).toMatchSnapshot();
  });

  test('a merged pull request from a fork, without the secret', async () => {
    const payload = webhookPayload('pull_request', 'closed');
    payload.pull_request.merged = true;
    payload.pull_request.head.repo = { ...payload.pull_request.head.repo, full_name: 'someone/Hello-World' };
    const event = { name: 'pull_request', payload };
    expect(
      transcript(await run({ 'api-key': '', 'document-merged-pull-requests': 'true' }, { event })),
    ).toMatchSnapshot();
  });

  test('a job that outlives timeout-minutes', async () => {
    // The job's plan is where a job that never ends stays from the start (durationMs 0), and the run
    // has seconds, not a fraction of one: a loaded machine's start-up then still leaves it time to
    // read that plan before it stops waiting.
    emulator.configure({ outcome: 'never', durationMs: 0 });
    const event = commentEvent(github, '/docs document the flag');
    expect(transcript(await run({ 'timeout-minutes': '0.05' }, { event }))).toMatchSnapshot();
  });

  test('a run cancelled while it waits, and its post step', async () => {
    const main = await stoppedWhileWaiting('SIGINT');
    const post = await run({}, { entry: 'post', state: main.state });
    expect({ main: transcript(main), post: { exit: post.code, outputs: post.outputs } }).toMatchSnapshot();
  });

  test('the post step of a run killed while it waits', async () => {
    const main = await stoppedWhileWaiting('SIGKILL');
    emulator.requests.length = 0;
    github.calls.length = 0;
    expect(transcript(await run({}, { entry: 'post', state: main.state }))).toMatchSnapshot();
  });

  test('an agent that echoes the key, mentions and HTML', async () => {
    emulator.configure({
      outcome: 'failed',
      finalMessage: `Failed for @octocat <img src=x onerror=alert(1)> Bearer ${API_KEY}\n::error::owned ##[set-output name=x]y`,
    });
    expect(transcript(await run({}, { event: commentEvent(github, '/docs document the flag') }))).toMatchSnapshot();
  });
});
