/**
 * `npm run demo` plays each of its scenarios end to end offline: the README's command as written,
 * a real webhook payload of one's own, ask mode, the life of a pull request. One run per path of
 * scripts/demo.ts, not per outcome: what the action does in each outcome is the action's tests'
 * (action.contract, run.test). Each test runs the demo as a child process, as `npm run demo` does
 * (`node scripts/demo.ts` under the Node 24 that runs jest, the one npm scripts get), and reads
 * what it prints; one runs `npm run demo` itself.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { scratchDir } from './support/scratch.ts';
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
  return printed(
    spawn(process.execPath, [join(ROOT, 'scripts/demo.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
}

/** What a child printed, once it ended (killed if it outlives RUN_MS). */
function printed(child: ChildProcessByStdio<null, Readable, Readable>): Promise<Printed> {
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
  const file = join(scratchDir('demo-event-'), 'event.json');
  writeFileSync(file, JSON.stringify(payload));
  return file;
}

const COMMENT_ID = webhookPayload('issue_comment', 'created').comment.id as number;
/** Fast: a two-second job, the action's waits a hundred times shorter. */
const QUICK = ['--job-seconds', '2', '--speed', '100'];
/** A run takes 3 s alone and 15 s on a loaded machine: a ceiling far from both. */
const RUN_MS = 60_000;

/** The npm that runs jest (`npm test`), or the one on the PATH (npx's own script is not npm). */
const NPM = process.env.npm_execpath?.endsWith('npm-cli.js') ? process.env.npm_execpath : 'npm';

// Each test runs its own demo, with its own emulators on ports of their own, and mostly waits on
// it: they run at once.
describe('npm run demo', () => {
  test.concurrent(
    'as the README writes it: the default scenario runs the action on workflow_dispatch, with a job and a pull request',
    async () => {
      const command = NPM.endsWith('.js') ? [process.execPath, NPM] : [NPM];
      const run = await printed(
        spawn(command[0] ?? 'npm', [...command.slice(1), 'run', 'demo'], {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      );
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Run: Docs Agent (uses: ./) on workflow_dispatch');
      expect(run.outputs).toMatchObject({ status: 'completed', 'pr-link': expect.stringMatching(/^https:\/\//) });
      expect(run.stdout).toContain('POST /v2/agent/demo-project/job');
    },
    RUN_MS,
  );

  test.concurrent(
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
        '--permission',
        '--fault',
      ])
        expect(help.stdout).toContain(word);
    },
    RUN_MS,
  );

  test.concurrent(
    'a real payload of one’s own repository: the fake GitHub takes its ids, --outcome, --permission and --input reach the run',
    async () => {
      const file = eventFile('/docs document the --verbose flag', (payload) => {
        payload.repository.name = 'docs';
        payload.repository.owner.login = 'acme';
        payload.repository.full_name = 'acme/docs';
      });
      // Only an admin may start a job here (--input), and the requester is one only if --permission
      // reaches the fake GitHub (its default for a user is read: the run would be skipped).
      const run = await demo(
        '--event',
        file,
        '--outcome',
        'failed',
        '--permission',
        'admin',
        '--input',
        'required-permission=admin',
        ...QUICK,
      );
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 1, stderr: '' });
      expect(run.stdout).toContain('fake GitHub API for acme/docs');
      expect(run.stdout).toContain('end failed');
      expect(run.outputs).toMatchObject({ status: 'failed', 'job-id': expect.stringMatching(/^job_/) });
      expect(run.stdout).toContain('on issue_comment by Codertocat (admin): "/docs document the --verbose flag"');
      // The payload's own comment id, unknown to the fake before the run: claimed (👀), then 😕.
      expect(run.stdout).toContain(
        `Reactions on the request: /repos/acme/docs/issues/comments/${COMMENT_ID}/reactions: eyes by github-actions[bot], confused by github-actions[bot]`,
      );
      expect(run.stdout).not.toMatch(/Could not claim|HTTP 404/);
      expect(run.stdout).toMatch(/new comment \d+ on #1[\s\S]*edited \d+ on #1/);
      expect(run.stdout).toContain('│ @Codertocat');
      expect(run.stdout).toContain('POST /v2/agent/demo-project/job');
    },
    RUN_MS,
  );

  test.concurrent(
    'ask: its first question goes to the assistant emulator, a --fault cuts the answer and the demo stops there',
    async () => {
      const run = await demo('ask', '--fault', 'cut', '--speed', '100');
      expect(run.code).toBe(1);
      expect(run.outputs.status).toBe('failed');
      expect(run.stdout).toContain(
        'on issue_comment by Codertocat (write): "/docs ask How do I deploy the site with an access token?"',
      );
      // The second question is not asked once the first run failed.
      expect(run.stdout.match(/^Run: /gm)).toHaveLength(1);
      expect(run.stdout).toContain(
        'Requests the service received (1):\n  POST /discovery/v2/assistant/acme/message threadId=(new)',
      );
    },
    RUN_MS,
  );

  test.concurrent(
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

  test.concurrent(
    'release: three pull requests merged, a release that contains two makes their docs ready, the third stays a draft',
    async () => {
      const run = await demo('release', '--speed', '100');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /v1\.0\.0 published[\s\S]*Docs pull request #1: ready for review \nDocs pull request #2: ready for review \nDocs pull request #3: draft docs-agent: awaiting release\n/,
      );
      expect(run.stdout).toContain('Requests the service received during the release run: 0');
    },
    RUN_MS,
  );

  test.concurrent(
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
