/**
 * `npm run demo` tries one's own scenario offline: a real webhook payload of one's own, each
 * outcome of the agent's job, ask mode. Each test runs the demo as a child process, as `npm run
 * demo` does (the Node 24 that runs jest is the one npm scripts get), and reads what it prints.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, webhookPayload } from './support/runner.ts';

interface Printed {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

/** The outputs block the demo prints after each run, by name (the last run's when there are several). */
function outputsOf(stdout: string): Record<string, string> {
  const blocks = stdout.split('\nOutputs:\n').slice(1);
  const last = blocks.at(-1) ?? '';
  const outputs: Record<string, string> = {};
  for (const line of last.split('\n')) {
    const match = /^ {2}([a-z-]+): (.*)$/.exec(line);
    if (!match) {
      if (!line.startsWith('    ')) break;
      continue;
    }
    outputs[match[1] ?? ''] = match[2] ?? '';
  }
  return outputs;
}

function demo(...args: string[]): Promise<Printed> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/demo.ts'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), RUN_MS - 5_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr, outputs: outputsOf(stdout) });
    }),
  );
}

/** A real issue_comment.created payload, edited to ask, written where the demo can read it. */
function eventFile(body: string, edit: (payload: Record<string, any>) => void = () => {}): string {
  const payload = webhookPayload('issue_comment', 'created');
  payload.comment.body = body;
  edit(payload);
  const file = join(mkdtempSync(join(tmpdir(), 'demo-event-')), 'event.json');
  writeFileSync(file, JSON.stringify(payload));
  return file;
}

const COMMENT_ID = webhookPayload('issue_comment', 'created').comment.id as number;
/** Fast: a two-second job, the action's waits a hundred times shorter. */
const QUICK = ['--job-seconds', '2', '--speed', '100'];
/** A run takes 3 s alone and 15 s on a loaded machine: a ceiling far from both. */
const RUN_MS = 60_000;

describe('npm run demo', () => {
  test(
    '--help lists the outcomes, the event of one’s own, ask mode and the inputs',
    async () => {
      const help = await demo('--help');
      expect(help.code).toBe(0);
      for (const word of [
        '--outcome',
        'completed',
        'no-change',
        'failed',
        'archived',
        'slow',
        '--event',
        'ask',
        '--input',
      ])
        expect(help.stdout).toContain(word);
    },
    RUN_MS,
  );

  test(
    'a real payload: the fake GitHub takes its ids, the run claims its comment and reports there',
    async () => {
      const file = eventFile('/docs document the --verbose flag');
      const run = await demo('--event', file, ...QUICK);
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      expect(run.outputs).toMatchObject({ status: 'completed', 'pr-link': expect.stringMatching(/^https:\/\//) });
      expect(run.stdout).toContain('on issue_comment by Codertocat (write): "/docs document the --verbose flag"');
      // The payload's own comment id, unknown to the fake before the run: claimed (👀), then 🚀.
      expect(run.stdout).toContain(
        `Reactions on the request: /repos/Codertocat/Hello-World/issues/comments/${COMMENT_ID}/reactions: eyes by github-actions[bot], rocket by github-actions[bot]`,
      );
      expect(run.stdout).not.toMatch(/Could not claim|HTTP 404/);
      expect(run.stdout).toMatch(/new comment \d+ on #1[\s\S]*edited \d+ on #1/);
      expect(run.stdout).toContain('│ @Codertocat');
      expect(run.stdout).toContain('POST /v2/agent/demo-project/job');
    },
    RUN_MS,
  );

  // One outcome shows that --outcome reaches the emulator and the run ends as it would on GitHub;
  // what the action does with each outcome is the action's tests' (action.contract, run.test).
  test.each([['failed', 1, { status: 'failed' }]] as const)(
    '--outcome %s ends the run as it would on GitHub',
    async (outcome, code, outputs) => {
      const run = await demo('--event', eventFile('/docs document the --verbose flag'), '--outcome', outcome, ...QUICK);
      expect(run.code).toBe(code);
      expect(run.outputs).toMatchObject(outputs);
      expect(run.stdout).toContain(`end ${outcome}`);
    },
    RUN_MS,
  );

  test(
    'a payload of one’s own repository, and a requester without the permission',
    async () => {
      const file = eventFile('/docs document the --verbose flag', (payload) => {
        payload.repository.name = 'docs';
        payload.repository.owner.login = 'acme';
        payload.repository.full_name = 'acme/docs';
      });
      const run = await demo('--event', file, '--permission', 'read', ...QUICK);
      expect(run.stdout).toContain('fake GitHub API for acme/docs');
      expect(run.code).toBe(0);
      expect(run.outputs.status).toBe('skipped');
      expect(run.stdout).not.toContain('POST /v2/agent');
    },
    RUN_MS,
  );

  test(
    'ask: a question in a payload of one’s own is answered by the assistant emulator',
    async () => {
      const run = await demo('ask', '--event', eventFile('/docs ask How do I deploy with an access token?'), ...QUICK);
      expect(run.code).toBe(0);
      expect(run.outputs).toMatchObject({ status: 'answered', 'thread-id': 'thread_1' });
      expect(run.stdout).toContain('POST /discovery/v2/assistant/acme/message threadId=(new)');
    },
    RUN_MS,
  );

  test(
    'a /docs ask comment is a question whatever the scenario, and a fault reaches it',
    async () => {
      const file = eventFile('/docs ask How do I deploy with an access token?');
      const run = await demo('--event', file, '--fault', 'cut', ...QUICK);
      expect(run.code).toBe(1);
      expect(run.outputs.status).toBe('failed');
      expect(run.stdout).toContain('POST /discovery/v2/assistant/acme/message');
    },
    RUN_MS,
  );

  test(
    'pull-request plays the life of one pull request: one job, a follow-up per push, the docs pull request ready at the merge',
    async () => {
      const run = await demo('pull-request', '--speed', '100');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /What the service was asked \(3\)[^\n]*\n {2}POST \S+\/job\n {2}POST \S+\/message\n {2}POST \S+\/message/,
      );
      expect(run.stdout).toMatch(/Merged[\s\S]*Docs pull request #1: open\n/);
      expect(run.stdout).toContain('was merged.');
    },
    RUN_MS,
  );

  test(
    'a wrong option says what is wrong and how to use the demo',
    async () => {
      for (const args of [
        ['--outcome', 'maybe', '--input', 'projectid=x'],
        ['--event', '/nonexistent/event.json'],
      ]) {
        const run = await demo(...args);
        expect({ args, code: run.code }).toEqual({ args, code: 2 });
        expect(run.stderr).toContain('Usage: npm run demo');
        expect(run.stdout).toBe('');
      }
    },
    RUN_MS,
  );
});
