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
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invocation } from '../src/cli/invocation.ts';
import {
  OFFLINE_API_KEY,
  startOfflineService,
  ASSISTANT_KEY,
  DOMAIN,
  type OfflineService,
} from './support/emulators.ts';
import { VERSION } from '../src/cli/version.ts';
import { API_KEY, ROOT, actionYaml } from './support/runner.ts';
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
    DOCS_AGENT_API_KEY: OFFLINE_API_KEY,
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

  test('a create answered 502 after the service made the job: status unknown, and where to look for it', async () => {
    service.agent.inject({ route: 'create', afterProcessing: true, fault: { kind: 'status', status: 502 } });
    const io = fakeIo(env());
    expect(await runCli(['run', 'x', '--json'], io, new AbortController().signal)).toBe(4);
    expect(JSON.parse(io.out())).toMatchObject({ status: 'unknown', 'job-id': '' });
    expect(io.err()).toContain(
      'A job may exist: look for it (docs-agent jobs lists the recent ones) before you try again.',
    );
    service.agent.reset();
  });

  test('a follow-up answered 502 after the service took it: status unknown, never a word of a second job', async () => {
    const created = fakeIo(env());
    expect(await runCli(['run', 'x', '--no-wait', '--json'], created, new AbortController().signal)).toBe(0);
    const id = (JSON.parse(created.out()) as Record<string, string>)['job-id'] ?? '';
    service.agent.inject({ route: 'message', afterProcessing: true, fault: { kind: 'status', status: 502 } });
    const io = fakeIo(env());
    expect(await runCli(['follow-up', id, 'more', '--json'], io, new AbortController().signal)).toBe(4);
    expect(JSON.parse(io.out())).toMatchObject({ status: 'unknown' });
    expect(io.err()).toContain(`It was not repeated, so that job ${id} is not told twice.`);
    expect(io.err()).toContain('The service may have taken the follow-up: look at the job before you try again.');
    expect(io.err()).not.toMatch(/second job|A job may exist/);
    service.agent.reset();
  });

  test('a cancel while the create waits to be tried again (429): nothing reached the service, status cancelled', async () => {
    service.agent.inject({ route: 'create', fault: { kind: 'status', status: 429, headers: { 'Retry-After': '30' } } });
    const io = fakeIo(env());
    const controller = new AbortController();
    const ran = runCli(['run', 'x', '--json'], io, controller.signal);
    // Once the 429 came back (the wait is logged): the emulator records a request as it arrives.
    while (!io.err().includes('trying again in')) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await ran).toBe(130);
    expect(JSON.parse(io.out())).toMatchObject({ status: 'interrupted' });
    expect(io.err()).toContain('Interrupted before the request was sent: nothing reached the service.');
    expect(service.agent.jobsCreated()).toBe(0);
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

  // In this process: the fingerprint reaches the request the same way from the bin (ask-threads
  // runs dist/cli/ for what issue 32 asks of it).
  test('DOCS_ASSISTANT_FP sets the fingerprint; a wrong one is an input error before any request', async () => {
    const before = service.assistant.requests.length;
    const io = fakeIo({ ...env(), DOCS_ASSISTANT_FP: 'team-laptop-7' });
    expect(await runCli(['ask', 'How do I deploy the site?'], io, new AbortController().signal)).toBe(0);
    expect(service.assistant.requests.at(-1)?.body.fp).toBe('team-laptop-7');
    const wrong = fakeIo({ ...env(), DOCS_ASSISTANT_FP: 'two words' });
    expect(await runCli(['ask', 'How do I deploy the site?'], wrong, new AbortController().signal)).toBe(2);
    expect(wrong.err()).toContain("Invalid DOCS_ASSISTANT_FP 'two words'");
    expect(service.assistant.requests).toHaveLength(before + 1);
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

  test('the offline service takes only its own key and its own project', async () => {
    const get = (key: string, project: string) =>
      fetch(`${service.url}/v1/agent/${project}/jobs`, { headers: { authorization: `Bearer ${key}` } });
    expect((await get('svc_any_other_admin_key', 'demo')).status).toBe(401);
    expect((await get(OFFLINE_API_KEY, 'someone-else')).status).toBe(404);
    expect((await get(OFFLINE_API_KEY, 'demo')).status).toBe(200);
    const io = fakeIo({ ...env(), DOCS_AGENT_PROJECT_ID: 'someone-else' });
    expect(await runCli(['jobs'], io, new AbortController().signal)).toBe(4);
    expect(io.err().trim().split('\n')).toHaveLength(1);
    expect(io.err()).toContain('answered 404 to its list of jobs');
  });

  test('jobs lists the newest first with title, state, pull request and age, paged up to --limit', async () => {
    service.agent.reset();
    service.agent.configure({ durationMs: 0 });
    const ids: string[] = [];
    for (const prompt of ['First change.', 'Second change.', 'Third change.']) {
      const io = fakeIo(env());
      expect(await runCli(['run', prompt, '--no-wait', '--json'], io, new AbortController().signal)).toBe(0);
      ids.push((JSON.parse(io.out()) as Record<string, string>)['job-id'] ?? '');
    }
    const listed = fakeIo(env());
    expect(await runCli(['jobs', '--limit', '2'], listed, new AbortController().signal)).toBe(0);
    const lines = listed.out().trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`^${ids[2]} · completed · \\d+s ago · Third change · https://github\\.com/acme/docs/pull/\\d+$`),
    );
    expect(lines[1]).toContain(ids[1]);
    const json = fakeIo(env());
    expect(await runCli(['jobs', '--json'], json, new AbortController().signal)).toBe(0);
    const object = JSON.parse(json.out()) as { status: string; jobs: { 'job-id': string; title: string }[] };
    expect(object.status).toBe('listed');
    expect(object.jobs.map((job) => job['job-id'])).toEqual([...ids].reverse());
    const takes = service.agent.requests
      .filter((r) => r.path.includes('/jobs?'))
      .map((r) => new URL(r.path, 'http://x').searchParams.get('take'));
    expect(takes).toEqual(['2', '20']);
    service.agent.reset();
  });

  test('jobs reads pages of at most 100 until a short page', async () => {
    const io = fakeIo(env());
    const before = service.agent.requests.length;
    expect(await runCli(['jobs', '--limit', '250'], io, new AbortController().signal)).toBe(0);
    const pages = service.agent.requests.slice(before).map((r) => new URL(r.path, 'http://x').searchParams);
    expect(pages.map((q) => [q.get('skip'), q.get('take')])).toEqual([['0', '100']]);
    expect(io.out()).toBe('No jobs in project demo.\n');
  });
});

describe('--version and --json on every exit', () => {
  const run = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const io = fakeIo(env);
    const code = await runCli(args, io, new AbortController().signal);
    return { code, out: io.out(), err: io.err() };
  };

  test('--version prints package.json version', async () => {
    const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { version: string };
    expect(VERSION).toBe(pkg.version);
    expect(await run(['--version'])).toEqual({ code: 0, out: `docs-agent ${VERSION}\n`, err: '' });
    expect(JSON.parse((await run(['--version', '--json'])).out)).toEqual({ status: 'done', version: VERSION });
    expect(JSON.parse((await run(['--json'])).out)).toMatchObject({
      status: 'done',
      usage: expect.stringContaining('Usage: docs-agent'),
    });
  });

  test.each([
    [['run', '--bogus', '--json'], "Unknown option '--bogus'"],
    [['frobnicate', '--json'], "unknown command 'frobnicate'"],
    [['run', '', '--json'], 'The prompt is empty'],
    [['jobs', '--limit', '0', '--json'], "Invalid --limit '0'"],
    [['ask', 'q', '--json'], 'DOCS_ASSISTANT_KEY'],
  ])('%j prints its object with exit 2 and a message', async (args, words) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    const object = JSON.parse(result.out) as { status: string; message: string };
    expect(object.status).toBe('error');
    expect(object.message).toContain(words);
  });

  test('a service that cannot be reached gives status error with its message', async () => {
    const env = { DOCS_AGENT_API_KEY: API_KEY, DOCS_AGENT_PROJECT_ID: 'p', DOCS_AGENT_BASE_URL: 'http://127.0.0.1:9' };
    for (const args of [
      ['run', 'x', '--json', '--timeout', '1s'],
      ['jobs', '--json', '--timeout', '1s'],
    ]) {
      const result = await run(args, { ...env, DOCS_AGENT_DELAY_SCALE: '0' });
      expect(result.code).toBe(4);
      const object = JSON.parse(result.out) as { status: string; message: string };
      expect(object.status).toMatch(/^(error|unknown)$/);
      expect(object.message).not.toBe('');
    }
  });
});

describe('the command a hint names', () => {
  const script = `${ROOT}dist/cli/index.js`;
  test('is the npm exec line when npm exec started it, whatever is on the PATH', () => {
    const env = { npm_command: 'exec', npm_config_package: 'github:acme/docs-agent-action#abc', PATH: '/usr/bin' };
    expect(invocation(env, script)).toBe('npm exec --yes --package=github:acme/docs-agent-action#abc -- docs-agent');
  });
  test('is node and the script when docs-agent on the PATH is not this file', () => {
    expect(invocation({ PATH: '/usr/bin:/bin' }, script)).toBe(`node ${script}`);
    expect(invocation({ PATH: '' }, '/tmp/with space/index.js')).toBe(`node '/tmp/with space/index.js'`);
  });
  test('is docs-agent when that name on the PATH is this very file, as a global install links it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-agent-bin-'));
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'index.js'), '');
    symlinkSync(join(dir, 'index.js'), join(dir, 'bin', 'docs-agent'));
    expect(invocation({ PATH: `/nowhere:${join(dir, 'bin')}` }, join(dir, 'index.js'))).toBe('docs-agent');
    rmSync(dir, { recursive: true, force: true });
  });
});
