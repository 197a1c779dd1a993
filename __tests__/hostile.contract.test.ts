/**
 * Hostile input against a whole step, in this process and, where only a process shows it, the
 * shipped dist/ under Node 24: a service, gateway or proxy that echoes
 * the key, answers with runner commands, oversized or never-ending bodies and forged job fields.
 * What the runner would act on is checked with a port of its command parser, not with string
 * searches, and every place the text can reach is checked for the key: the log, the outputs, the
 * summary and the issue comment.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { Emulator, FaultRule } from '../emulator/index.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import { scratchDir } from './support/scratch.ts';
import { API_KEY, GITHUB_TOKEN, type RunOptions, type RunResult } from './support/runner.ts';
import { parseRunnerCommands } from './support/runner-commands.ts';
import { shownText } from './support/render.ts';
import { startPlainServer } from './support/plain-server.ts';
import {
  errorLine,
  runAgainst,
  runInProcessAgainst,
  useServices,
  commentEvent as seededComment,
} from './support/services.ts';
import { render } from './support/render.ts';

let emulator: Emulator;
let github: FakeGitHub;

useServices((started) => ({ emulator, github } = started));
// Jobs done at their first read: what the gate makes of outside text does not depend on how long
// a job ran, and 150 ms of waiting per run adds up over this file's runs.
beforeEach(() => emulator.configure({ durationMs: 0 }));

/** A step in this process (support/in-process.ts): what the gate does to outside text does not depend on the process. */
function run(inputs: Record<string, string> = {}, options: RunOptions = {}): Promise<RunResult> {
  return runInProcessAgainst({ emulator, github }, { ...options, inputs: { prompt: 'Document the flag', ...inputs } });
}

/** The shipped dist/ in a child process, for what only it shows: the runner's files, the process's end, a proxy. */
function runShipped(inputs: Record<string, string> = {}, options: RunOptions = {}): Promise<RunResult> {
  return runAgainst({ emulator, github }, { ...options, inputs: { prompt: 'Document the flag', ...inputs } });
}

/** A real issue_comment.created payload whose comment exists on the fake GitHub. */
const commentEvent = (body?: string) => seededComment(github, body);

const SECRETS = [API_KEY, GITHUB_TOKEN];

/** Every run-visible text with the comment bodies: no secret, whole or as a fragment of 8 or more. */
function expectNoSecret(result: RunResult): void {
  const printed = result.everything
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .concat(github.comments().map((c) => c.body))
    .join('\n')
    // Undo the escapes a renderer would undo, so an escaped key still counts.
    .replace(/\\(.)/g, '$1')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)));
  for (const secret of SECRETS) {
    for (let i = 0; i + 8 <= secret.length; i++) expect(printed).not.toContain(secret.slice(i, i + 8));
  }
}

/**
 * The runner acts only on what the action meant: masks of its own secrets, groups, debug lines and
 * plain annotations. An injected command shows up as a legacy command, an unknown kind, an
 * annotation with properties, or a mask of something else.
 */
function expectInert(result: RunResult): void {
  const unexpected = parseRunnerCommands(result.stdout).filter(
    (c) =>
      c.form === 'legacy' ||
      !['add-mask', 'debug', 'error', 'warning', 'notice', 'group', 'endgroup'].includes(c.command) ||
      Object.keys(c.properties).length > 0 ||
      (c.command === 'add-mask' && !SECRETS.includes(c.data)),
  );
  expect(unexpected).toEqual([]);
  for (const value of Object.values(result.outputs)) expect(value).not.toMatch(/[\r\n]/);
  expect(result.outputs.status ?? '').toMatch(
    /^(completed|failed|archived|active|skipped|dry-run|error|cancelled|unknown)$/,
  );
}

/** A scripted answer, in place of the emulator's own (nothing is created on the emulator). */
const answer = (route: FaultRule['route'], status: number, body: unknown, times = 1): FaultRule => ({
  route,
  times,
  fault: { kind: 'status', status, body: typeof body === 'string' ? body : JSON.stringify(body) },
});

const COMMANDS = [
  '::add-mask::abc',
  '::error title=pwned::owned',
  '::stop-commands::t0k3n',
  '::set-output name=pr-link::https://evil.example',
  '##[set-output name=pr-link;]https://evil.example',
  '##[add-path]/tmp/evil',
];

describe('the key never reaches public text', () => {
  /** A create refused with `rule`'s echo: the run fails, the comment says so, and no secret or command is anywhere. */
  async function expectRefusalClean(rule: FaultRule, runStep = run): Promise<void> {
    emulator.inject(rule);
    const event = commentEvent();
    const result = await runStep({}, { event });
    expect(result.code).toBe(1);
    expect(errorLine(result)).toMatch(/HTTP 40\d/);
    expect(github.comments().some((c) => c.body.includes('could not be run'))).toBe(true);
    expectNoSecret(result);
    expectInert(result);
  }

  test('from a JSON error body, in the shipped dist/: not in the log, the runner files or the comment', () =>
    expectRefusalClean(
      answer('create', 400, { error: `Invalid header Authorization: Bearer ${API_KEY}` }),
      runShipped,
    ));

  test.each([
    [
      'an HTML title',
      {
        route: 'create',
        fault: {
          kind: 'status',
          status: 401,
          contentType: 'text/html',
          body: `<html><head><title>Denied for Bearer ${API_KEY}</title></head></html>`,
        },
      } satisfies FaultRule,
    ],
    ['an echo cut near 200 characters', answer('create', 400, { error: `${'x'.repeat(185)} Bearer ${API_KEY}` })],
    ['a markdown-escaped echo', answer('create', 400, { error: `Bearer ${API_KEY.replace(/_/g, '\\_')}` })],
    ['an echo of the GitHub token', answer('create', 400, { error: `token ${GITHUB_TOKEN} refused` })],
    ...[8, 10, 11].map((cut): [string, FaultRule] => [
      `an echo split by a line break ${cut} characters in`,
      answer('create', 400, { error: `Bad header: Bearer ${API_KEY.slice(0, cut)}\n${API_KEY.slice(cut)}` }),
    ]),
  ])('from %s', (_name, rule) => expectRefusalClean(rule));

  test("from a failed job's message to the user", async () => {
    emulator.configure({ durationMs: 50, outcome: 'failed', finalMessage: `Auth header was Bearer ${API_KEY}` });
    const result = await run({}, { event: commentEvent() });
    expect(result.code).toBe(1);
    expect(errorLine(result)).toContain('Auth header was Bearer svc_***');
    expectNoSecret(result);
  });

  test('nor the service host in an issue comment, though the log may say it', async () => {
    const result = await run(
      { 'base-url': 'http://127.0.0.1:9', 'timeout-minutes': '0.05' },
      { event: commentEvent() },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Could not connect to 127.0.0.1:9');
    const [comment] = github.comments().filter((c) => c.user.type === 'Bot');
    expect(comment?.body).toContain('Could not connect to the service');
    expect(comment?.body).not.toMatch(/127\\?\.0|:9\b/);
  });

  test.each([
    ['a password', 'https://user:hunter2secret@api.example.com', '(https://***@api.example.com)'],
    ['a password and a space in the host', 'https://user:hunter2secret@api example.com', ''],
    ['a password and a bad port', 'https://user:hunter2secret@api.example.com:99999', "(host 'api.example.com:99999')"],
    ['a password and no scheme', 'user:hunter2secret@api.example.com', "(host 'api.example.com')"],
    ['a password with a slash', 'https://user:hunter2/secret@api.example.com', "(host 'api.example.com')"],
    ['a password and another scheme', 'ftp://user:hunter2secret@api.example.com', '(ftp://***@api.example.com)'],
    ['a token in the query', 'https://api.example.com/?token=hunter2secret', "(host 'api.example.com')"],
    ['a token alone', 'hunter2secret_svc', ''],
  ])('a base-url with %s is refused without printing it', async (_name, address, host) => {
    const result = await run({ 'base-url': address });
    expect(result.code).toBe(1);
    expect(errorLine(result)).toMatch(/^::error::Invalid 'base-url'/);
    if (host) expect(errorLine(result)).toContain(host);
    expect(result.everything.replace(/^::add-mask::.*$/gm, '')).not.toContain('hunter2');
    expect(emulator.requests).toHaveLength(0);
  });
});

describe('an echoed key is redacted whatever rewriting follows', () => {
  /** The key in pieces of seven characters, each shorter than a fragment, joined by `glue`. */
  const inPieces = (glue: string): string => (API_KEY.match(/.{1,7}/g) ?? []).join(glue);
  /** base64 of what a gateway may echo, and its characters that encode the key's bytes alone. */
  const header = `x-api-key:${API_KEY}`;
  const base64 = Buffer.from(header).toString('base64');
  const keyInBase64 = base64.slice(Math.ceil('x-api-key:'.length / 3) * 4, Math.floor(header.length / 3) * 4);

  test.each([
    ['in pieces joined by a comment hidden by a zero-width space', inPieces('<!\u200b---->'), API_KEY],
    ['in pieces joined by tag characters', inPieces('\u{E0041}\u{E0042}'), API_KEY],
    ['in pieces joined by emphasis markers', inPieces('**'), API_KEY],
    ['in base64', base64, keyInBase64],
  ])('%s: not in the comment, the summary, the outputs or the log', async (name, echo, secret) => {
    emulator.configure({ durationMs: 50, outcome: 'failed', finalMessage: `The gateway saw ${echo} and refused it.` });
    // One of them through the shipped dist/ and the runner's files; the others in this process.
    const result = await (name === 'in base64' ? runShipped : run)({}, { event: commentEvent() });
    expect(result.code).toBe(1);
    expect(result.outputs.message).toContain('The gateway saw');
    // What people read: the comment and the summary as GitHub renders them, the outputs and the log as written.
    const read = [
      ...github.comments().map((c) => shownText(c.body)),
      shownText(result.summary),
      ...Object.values(result.outputs),
      result.stdout.replace(/^::add-mask::.*$/gm, ''),
    ].map((text) => text.replace(/[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu, ''));
    for (let i = 0; i + 8 <= secret.length; i++) {
      for (const text of read) expect(text).not.toContain(secret.slice(i, i + 8));
    }
    expectNoSecret(result);
  });
});

describe('no text from outside becomes a runner command', () => {
  test.each(COMMANDS)('a job id holding %j is refused, not printed', async (command) => {
    emulator.inject(answer('create', 201, { id: `job_1\n${command}`, status: 'active' }));
    const result = await run();
    expect(result.code).toBe(1);
    expect(errorLine(result)).toContain('answered with a malformed job id');
    expectInert(result);
  });

  test.each(COMMANDS)('a status holding %j is a warning, never an output', async (command) => {
    emulator.inject(
      answer('create', 201, { id: 'job_h', status: 'active' }),
      answer('get', 200, { id: 'job_h', status: `done\n${command}` }, 2),
      // Many times: the v1 session read counts as a 'get' too, and may take one of these answers.
      answer('get', 200, { id: 'job_h', status: 'completed', prLink: null }, 20),
    );
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/::warning::The service reported an unknown job status/);
    expect(result.outputs.status).toBe('completed');
    expectInert(result);
  });

  test.each(COMMANDS)('an error body holding %j is printed inert', async (command) => {
    emulator.inject(
      answer('get', 429, { error: `slow down\n${command}` }),
      answer('get', 503, `${command}\nupstream`),
      {
        route: 'get',
        fault: { kind: 'status', status: 502, contentType: 'text/html', body: `<title>${command}</title>` },
      },
    );
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.outputs['pr-link']).toMatch(/^https:\/\/github\.com\/acme\/docs\/pull\/\d+$/);
    expectInert(result);
  });

  test('issue text printed by a dry run is inert', async () => {
    const event = commentEvent(`/docs document it\n${COMMANDS.join('\n')}`);
    event.payload.issue.title = `Title ${COMMANDS[4]}`;
    event.payload.issue.body = COMMANDS.join('\n');
    const result = await run({ 'dry-run': 'true', prompt: '' }, { event });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Dry run: would send POST');
    expectInert(result);
  });
});

describe("GitHub's error bodies are outside text too", () => {
  let gateway: Awaited<ReturnType<typeof startPlainServer>>;
  const body = [
    'upstream down',
    '::error title=pwned::owned',
    `##[set-output name=pr-link;]https://evil.example ${API_KEY.replace(/_/g, '\\_')} ${GITHUB_TOKEN}`,
    '::add-mask::abc',
  ].join('\n');

  beforeAll(async () => {
    // A gateway in front of GitHub's API that answers every call 502 with a hostile plain-text body.
    gateway = await startPlainServer(502, body);
  });
  afterAll(() => gateway.close());

  test('a retried GitHub call logs the body on its one line, inert and without a secret', async () => {
    // Another GitHub API than the file's: a child run (@actions/github reads the address once).
    const result = await runShipped({}, { event: commentEvent(), env: { GITHUB_API_URL: gateway.url } });
    expect(result.code).toBe(1);
    expect(result.outputs.status).toBe('error');
    const retries = result.stdout.split('\n').filter((line) => line.includes('trying again'));
    expect(retries.length).toBeGreaterThan(0);
    // Every piece of the body stays inside the line that quotes it.
    for (const line of result.stdout.split('\n').filter((l) => /pwned|set-output|add-mask::abc/.test(l))) {
      expect(line).toMatch(/^GitHub GET .*upstream down.*; trying again\.$/);
    }
    expect(errorLine(result)).toContain('GitHub answered HTTP 502');
    expectNoSecret(result);
    expectInert(result);
  });
});

describe('what the service returns is checked before it is used', () => {
  test.each([
    ['a user name before the host', 'https://github.com@evil.example/acme/docs/pull/1'],
    ['another host', 'https://evil.example/acme/docs/pull/1'],
    ['plain http', 'http://github.com/acme/docs/pull/1'],
    ['a script', 'javascript:alert(document.cookie)'],
    ['another port', 'https://github.com:8443/acme/docs/pull/1'],
    ['white space around it', ' https://github.com/acme/docs/pull/1 '],
    ['a line break after it', 'https://github.com/acme/docs/pull/1\n::error::x'],
    ['the api-key in its query', `https://github.com/acme/docs/pull/7?t=${API_KEY}`],
    ['part of the api-key in its fragment', `https://github.com/acme/docs/pull/7#${API_KEY.slice(2, 14)}`],
    ['the GitHub token in its path', `https://github.com/acme/docs/pull/7/${GITHUB_TOKEN}`],
    ['a command substitution after the number', 'https://github.com/acme/docs/pull/1$(touch$IFS/tmp/PWNED)'],
    ['backticks in the repository name', 'https://github.com/acme/do`id`cs/pull/1'],
    ['a runner command in its fragment', 'https://github.com/acme/docs/pull/1#x##[error]boom'],
    ['a shell separator in the owner', 'https://github.com/acme;id/docs/pull/1'],
    ['a path after the number', 'https://github.com/acme/docs/pull/1/../../evil'],
    ['a number instead of text', 7],
    ['an object instead of text', { url: 'https://github.com/acme/docs/pull/1' }],
  ])('a pull request link with %s is a warning, not a link', async (_name, link: unknown) => {
    emulator.inject(
      answer('create', 201, { id: 'job_l', status: 'active' }),
      answer('get', 200, { id: 'job_l', status: 'completed', prLink: link }, 20),
    );
    const result = await run({}, { event: commentEvent() });
    expect(result.code).toBe(0);
    expect(result.outputs['pr-link']).toBe('');
    expect(result.stdout).toMatch(/::warning::Job job_l completed, but the pull request link it reported/);
    const shown = render(github.comments().find((c) => c.user.type === 'Bot')?.body ?? '');
    expect(shown.text.split('\n')[0]).toMatch(
      /^⚠️ Done, but without a pull request link this action can vouch for\. Job job_l completed, but the pull request link it reported /,
    );
    // The rejected link is shown as text, never as a link: only the workflow run is linked.
    expect(shown.links).toEqual(['https://github.com/Codertocat/Hello-World/actions/runs/1658821493']);
    expect(result.outputs['pr-number']).toBeUndefined();
    expect(github.comments().some((c) => c.body.includes('pull request is ready'))).toBe(false);
    expectNoSecret(result);
    expectInert(result);
  });

  test('a pull request link that would run a command in a later step never becomes an output', async () => {
    const marker = join(scratchDir('docs-agent-pwned-'), 'PWNED');
    const hostile = `https://github.com/acme/docs/pull/1$(touch$IFS${marker})`;
    emulator.inject(
      answer('create', 201, { id: 'job_x', status: 'active' }),
      answer('get', 200, { id: 'job_x', status: 'completed', prLink: hostile }, 20),
    );
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.outputs['pr-link']).toBe('');
    expect(result.outputs['pr-number']).toBeUndefined();
    expect(Object.values(result.outputs).join('\n')).not.toMatch(/\$\(|touch/);
    expect(result.stdout).toMatch(
      /^::warning::Job job_x completed, but the pull request link it reported has a pull request number that is not a number, so it was not used: /m,
    );
    // The step the README used to show, as the runner runs it: the expression is replaced by the
    // output's text, then bash runs the line.
    const line = 'echo "Pull request: ${{ steps.docs.outputs.pr-link }}"'.replace(
      '${{ steps.docs.outputs.pr-link }}',
      result.outputs['pr-link'] ?? '',
    );
    expect(spawnSync('bash', ['-c', line], { encoding: 'utf8' }).stdout).toBe('Pull request: \n');
    expect(existsSync(marker)).toBe(false);
    expectInert(result);
  });

  test.each([`x${API_KEY}`, `job_${API_KEY.slice(4, 16)}`, `job-${GITHUB_TOKEN}`])(
    'a job id holding a secret (%s) is refused, never an output or a comment',
    async (id) => {
      emulator.inject(answer('create', 201, { id, status: 'active' }));
      const result = await run({}, { event: commentEvent() });
      expect(result.code).toBe(1);
      expect(errorLine(result)).toContain(
        'answered with a malformed job id (it holds a secret of this run; not shown)',
      );
      expect(result.outputs['job-id']).toBeUndefined();
      expectNoSecret(result);
      expectInert(result);
    },
  );

  test.each(['completed\n', 'completed ', 'Completed', 'failed\r'])(
    'a malformed status %j is a warning, never taken for a known one',
    async (status) => {
      emulator.inject(
        answer('create', 201, { id: 'job_m', status: 'active' }),
        answer('get', 200, { id: 'job_m', status, prLink: null }),
        // Many times: the v1 session read counts as a 'get' too, and may take one of these answers.
        answer('get', 200, { id: 'job_m', status: 'completed', prLink: 'https://github.com/acme/docs/pull/3' }, 20),
      );
      const result = await run();
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/::warning::The service reported an unknown job status/);
      expect(result.outputs.status).toBe('completed');
      expect(result.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/3');
      expectInert(result);
    },
  );

  test('a GitHub Enterprise link is taken on that server', async () => {
    emulator.inject(
      answer('create', 201, { id: 'job_g', status: 'active' }),
      answer('get', 200, { id: 'job_g', status: 'completed', prLink: 'https://ghe.example.com/acme/docs/pull/4' }),
    );
    const result = await run({}, { env: { GITHUB_SERVER_URL: 'https://ghe.example.com' } });
    expect(result.outputs['pr-link']).toBe('https://ghe.example.com/acme/docs/pull/4');
  });

  test("a read that answers with another job's id is an error", async () => {
    emulator.inject(
      answer('create', 201, { id: 'job_mine', status: 'active' }),
      answer('get', 200, { id: 'job_theirs', status: 'completed', prLink: 'https://github.com/acme/docs/pull/9' }),
    );
    const result = await run();
    expect(result.code).toBe(1);
    expect(errorLine(result)).toContain("answered with another job's id (job_theirs)");
    expect(result.outputs['pr-link']).toBe('');
  });
});

describe('nothing stalls the deadline or the exit', () => {
  test.each([
    ['a 2 MB HTML error page', '<title'.repeat(350_000)],
    ['a 2 MB page of unclosed titles', `<html><title>${'<title a='.repeat(220_000)}`],
  ])('%s is read in part and described in one line', async (_name, body) => {
    emulator.inject({ route: 'create', fault: { kind: 'status', status: 502, contentType: 'text/html', body } });
    const result = await run();
    expect(result.code).toBe(1);
    expect(errorLine(result).length).toBeLessThan(600);
  });

  test('a success body over the cap is refused as unknown, not buffered', async () => {
    emulator.inject(answer('create', 201, { id: 'job_big', status: 'active', padding: 'x'.repeat(5 * 1024 * 1024) }));
    const result = await run();
    expect(result.code).toBe(1);
    expect(errorLine(result)).toMatch(/unknown whether the service acted on it .*answered with a body over 4 MiB/);
  });

  test('a service that accepts and never answers: the process ends by itself after the final error', async () => {
    emulator.configure({ outcome: 'never' });
    emulator.inject({ route: 'get', times: 100, fault: { kind: 'delay', ms: 600_000 } });
    const result = await runShipped({ 'timeout-minutes': '0.02' }, { killAfterMs: 20_000 });
    expect(result.signal).toBeNull();
    expect(result.code).toBe(1);
    expect(errorLine(result)).toMatch(/Stopped waiting|got no answer/);
  });
});

describe('a refusal before anything was sent is said as such', () => {
  let proxy: Server;
  let proxyUrl: string;

  beforeAll(async () => {
    // A proxy that refuses every CONNECT, as one that wants credentials does.
    proxy = createServer((socket) => {
      socket.once('data', () =>
        socket.end(
          'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\nContent-Length: 0\r\n\r\n',
        ),
      );
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = proxy.address();
    proxyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

  test('a proxy refusing CONNECT means nothing was sent, not "a job may exist"', async () => {
    // A proxy: the shipped dist/ (its deferred undici) in a child process.
    const result = await runShipped(
      { 'base-url': 'https://service.test', 'timeout-minutes': '0.05' },
      { env: { https_proxy: proxyUrl, HTTPS_PROXY: proxyUrl } },
    );
    expect(result.code).toBe(1);
    expect(errorLine(result)).toContain('The proxy did not connect to service.test (HTTP 407); nothing was sent');
    expect(errorLine(result)).not.toMatch(/unknown whether/);
  });
});
