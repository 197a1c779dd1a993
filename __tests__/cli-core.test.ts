/**
 * The command line's logic in-process (src/cli/), at the cheapest layer: which form the output
 * takes, the settings' checks and their words, the terminal gate, and one run of each command
 * against the offline service. The bundle as a child process is in cli.test.ts and
 * cli-terminal.test.ts.
 */
import { runCli } from '../src/cli/cli.ts';
import { chooseMode, type Io } from '../src/cli/display.ts';
import { clearSecrets } from '../src/text/text-gate.ts';
import { forTerminalLine, forTerminalText } from '../src/text/terminal.ts';
import { startOfflineService, type OfflineService } from '../emulator/offline.ts';
import { ASSISTANT_KEY, DOMAIN } from '../emulator/assistant/index.ts';
import { API_KEY, actionYaml } from './support/runner.ts';
import { scratchDir } from './support/scratch.ts';

function fakeIo(env: NodeJS.ProcessEnv = {}, isTTY = false): Io & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text), isTTY, columns: 100 },
    stderr: { write: (text: string) => (err += text) },
    env,
    out: () => out,
    err: () => err,
  };
}

afterEach(() => clearSecrets());

describe('the form of the output', () => {
  test.each([
    [true, {}, false, 'live'],
    [true, { CI: 'true' }, false, 'plain'],
    [true, { CI: 'false' }, false, 'live'],
    [true, { TERM: 'dumb' }, false, 'plain'],
    [false, {}, false, 'plain'],
    [true, {}, true, 'json'],
  ] as const)('a TTY %s with %j and --json %s is %s', (isTTY, env, json, mode) => {
    expect(chooseMode(fakeIo(env, isTTY), json)).toBe(mode);
  });
});

describe('settings', () => {
  const run = async (args: string[], env: NodeJS.ProcessEnv) => {
    const io = fakeIo(env);
    const code = await runCli(args, io, new AbortController().signal);
    return { code, err: io.err(), out: io.out() };
  };

  test('the admin and assistant keys are never taken for each other, and neither is printed', async () => {
    const agent = await run(['run', 'x'], {
      DOCS_AGENT_API_KEY: ASSISTANT_KEY,
      DOCS_AGENT_PROJECT_ID: 'p',
      DOCS_AGENT_BASE_URL: 'https://api.example.com',
    });
    expect(agent.code).toBe(2);
    expect(agent.err).toContain('DOCS_AGENT_API_KEY (--api-key) holds the public assistant key');
    const ask = await run(['ask', 'q', '--assistant-key', API_KEY], {
      DOCS_ASSISTANT_DOMAIN: 'acme',
      DOCS_AGENT_BASE_URL: 'https://api.example.com',
    });
    expect(ask.code).toBe(2);
    expect(ask.err).toContain('DOCS_ASSISTANT_KEY (--assistant-key) holds the admin key');
    expect(agent.err + ask.err).not.toMatch(/Tq7Lx2Vb9|test_admin/);
  });

  test('every mistake is named at once, a password in the address never', async () => {
    const result = await run(['follow-up', 'bad id!', '', '--timeout', '7d', '--wait', '--no-wait'], {
      DOCS_AGENT_API_KEY: 'key',
      DOCS_AGENT_BASE_URL: 'https://user:hunter2secret@api.example.com',
    });
    expect(result.code).toBe(2);
    expect(result.err).toContain('7 settings need fixing');
    for (const words of [
      'Give --wait or --no-wait, not both.',
      "Invalid --timeout '7d'",
      "Invalid job id 'bad id!'",
      'The follow-up is empty.',
      "DOCS_AGENT_API_KEY (--api-key) is not an admin key: admin keys start with 'svc_'.",
      'DOCS_AGENT_PROJECT_ID (--project-id) is required',
      'remove the user name and password from the address (https://***@api.example.com)',
    ]) {
      expect(result.err).toContain(words);
    }
    expect(result.err).not.toContain('hunter2');
  });

  test('--help and the exit codes; an unknown command or flag is an input error', async () => {
    const help = await run(['--help'], {});
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^ {2}3 {4}timed out/m);
    expect((await run(['deploy'], {})).code).toBe(2);
    const flag = await run(['run', 'x', '--colour'], {});
    expect({ code: flag.code, said: flag.err.includes("Unknown option '--colour'") }).toEqual({ code: 2, said: true });
  });
});

describe('the terminal gate', () => {
  test('removes escape sequences whole (CSI, OSC, 8-bit), controls and BiDi, and redacts', async () => {
    await runCli(['--help'], fakeIo({ DOCS_AGENT_API_KEY: API_KEY }), new AbortController().signal);
    const hostile = `a\u001b[31mb\u001b]0;title\u0007c\u001b]8;;https://x\u001b\\d\u009b2Je\u001bcf\u202eg\u0008h ${API_KEY}`;
    expect(forTerminalLine(hostile)).toBe('abcdefgh svc_***');
    expect(forTerminalText(`one\u001b[1A\n  two ::warning::x`, 100)).toBe('one\n  two :\u200b:warning:\u200b:x');
  });
});

describe('the commands against the offline service', () => {
  let service: OfflineService;
  beforeAll(async () => {
    service = await startOfflineService({ job: { durationMs: 200 } });
  });
  afterAll(() => service.close());
  // Threads the command keeps go to a scratch state directory, never the user's.
  const state = scratchDir('docs-agent-cli-core-');
  const env = (): NodeJS.ProcessEnv => ({
    XDG_STATE_HOME: state,
    DOCS_AGENT_BASE_URL: service.url,
    DOCS_AGENT_API_KEY: API_KEY,
    DOCS_AGENT_PROJECT_ID: 'demo',
    DOCS_ASSISTANT_KEY: ASSISTANT_KEY,
    DOCS_ASSISTANT_DOMAIN: DOMAIN,
    DOCS_AGENT_DELAY_SCALE: '0.01',
  });

  test('run on a terminal draws a live line, and ends with the outcome', async () => {
    const io = fakeIo(env(), true);
    expect(await runCli(['run', 'Document the flag'], io, new AbortController().signal)).toBe(0);
    // eslint-disable-next-line no-control-regex -- the live line is drawn with escape sequences
    expect(io.out()).toMatch(/\r\u001b\[2K[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \d+s /);
    expect(io.out()).toMatch(/^Pull request: https:\/\/github\.com\/acme\/docs\/pull\/\d+$/m);
    expect(io.out()).toMatch(/\d+s active · job job_\w+/);
  });

  test('a cancel while waiting ends with 130 and the way to pick the job up', async () => {
    service.agent.configure({ outcome: 'never' });
    const io = fakeIo(env());
    const controller = new AbortController();
    const ran = runCli(['run', 'x'], io, controller.signal);
    while (!io.out().includes('created')) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    expect(await ran).toBe(130);
    expect(io.err()).toMatch(
      /Interrupted: job job_\w+ goes on on the service\. Pick it up with: docs-agent status job_\w+ --wait/,
    );
    service.agent.reset();
  });

  test('ask on a terminal prints the answer as it arrives', async () => {
    const io = fakeIo(env(), true);
    expect(await runCli(['ask', 'How do I turn the search box off?'], io, new AbortController().signal)).toBe(0);
    expect(io.out()).toContain('search.enabled');
    expect(io.out()).toMatch(/Thread: thread_\d+ \(continue with --thread thread_\d+\)/);
  });

  test('an archived job ends with 1, as a failed one does (cli.test.ts runs that one as a child)', async () => {
    service.agent.configure({ outcome: 'archived' });
    const io = fakeIo(env());
    expect(await runCli(['run', 'x'], io, new AbortController().signal)).toBe(1);
    expect(io.out()).toMatch(/^Job \S+ archived\.$/m);
    service.agent.reset();
  });

  test('ask --json has the action outputs of ask mode; --thread continues', async () => {
    const first = fakeIo(env());
    expect(await runCli(['ask', 'How do I install it?', '--json'], first, new AbortController().signal)).toBe(0);
    const thread = String((JSON.parse(first.out()) as Record<string, unknown>)['thread-id']);
    const io = fakeIo(env());
    const ask = ['ask', 'How do I turn the search box off?', '--thread', thread, '--json'];
    expect(await runCli(ask, io, new AbortController().signal)).toBe(0);
    const outputs = JSON.parse(io.out()) as Record<string, unknown>;
    expect(Object.keys(outputs).sort()).toEqual(['answer', 'sources', 'status', 'thread-id']);
    expect(Object.keys(outputs).every((name) => name in (actionYaml.outputs ?? {}))).toBe(true);
    expect(outputs).toMatchObject({ status: 'answered', 'thread-id': thread });
    expect(String(outputs.answer)).toContain('search.enabled');
    expect(service.assistant.requests.at(-1)?.body).toMatchObject({ threadId: thread, threadKey: expect.any(String) });
    // A thread this machine does not keep starts a new conversation, said in one line.
    const unknown = fakeIo(env());
    const again = ['ask', 'How do I turn the search box off?', '--thread', 'thread_7', '--json'];
    expect(await runCli(again, unknown, new AbortController().signal)).toBe(0);
    expect(unknown.err()).toMatch(/^Thread thread_7 is not kept on this machine: this starts a new conversation\.\n/);
    expect(service.assistant.requests.at(-1)?.body.threadId).toBeUndefined();
  });

  test('ask ends with 1 when the answer is cut short, and says so', async () => {
    service.assistant.fault({ kind: 'error-chunk' });
    const io = fakeIo(env());
    expect(await runCli(['ask', 'How do I turn the search box off?'], io, new AbortController().signal)).toBe(1);
    expect(io.err()).toContain('The answer is incomplete: the assistant reported an error');
    service.assistant.reset();
  });

  test('--no-wait prints the job at once, never polling; follow-up and status --wait in --json; an unreachable service is exit 4 with status error', async () => {
    const io = fakeIo(env());
    const before = service.agent.requests.length;
    expect(await runCli(['run', 'x', '--no-wait', '--json'], io, new AbortController().signal)).toBe(0);
    const id = (JSON.parse(io.out()) as Record<string, string>)['job-id'] ?? '';
    expect(JSON.parse(io.out())).toMatchObject({ status: 'active', 'job-id': id });
    expect(
      service.agent.requests.slice(before).filter((r) => r.method === 'GET' && r.path.includes('/v2/')),
    ).toHaveLength(0);
    const followUp = fakeIo(env());
    expect(await runCli(['follow-up', id, 'more', '--no-wait'], followUp, new AbortController().signal)).toBe(0);
    expect(followUp.out()).toContain(`Follow it with: docs-agent status ${id} --wait`);
    const status = fakeIo(env());
    expect(await runCli(['status', id, '--wait', '--json'], status, new AbortController().signal)).toBe(0);
    expect(JSON.parse(status.out())).toMatchObject({ 'job-id': id, status: 'completed' });
    const down = fakeIo({ ...env(), DOCS_AGENT_BASE_URL: 'http://127.0.0.1:9' });
    expect(await runCli(['status', id, '--json'], down, new AbortController().signal)).toBe(4);
    expect(JSON.parse(down.out())).toMatchObject({ 'job-id': id, status: 'error' });
  });

  test('emulator serves the offline service until its cancel, printing the settings to use', async () => {
    const io = fakeIo();
    const controller = new AbortController();
    const serving = runCli(['emulator'], io, controller.signal);
    while (!io.out().includes('Ctrl-C')) await new Promise((resolve) => setTimeout(resolve, 5));
    const url = /export DOCS_AGENT_BASE_URL=(\S+)/.exec(io.out())?.[1] ?? '';
    const answer = await fetch(`${url}/v2/agent/demo/job/job_1`, { headers: { authorization: 'Bearer svc_x' } });
    expect(answer.status).toBe(404);
    controller.abort();
    expect(await serving).toBe(0);
  });
});
