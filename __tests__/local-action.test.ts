/**
 * `npm run local-action`, as CONTRIBUTING.md and .env.example tell a contributor to run it: the
 * action's source against the service emulator, with a .env made from .env.example, main and post
 * step. Run through npm, so the package.json script, the .env.example and the script are all checked.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type Emulator } from './support/emulators.ts';
import { ROOT } from './support/runner.ts';

let emulator: Emulator;
let dir: string;
beforeAll(async () => {
  emulator = await startEmulator({ job: { durationMs: 300, outcome: 'pr' } });
  dir = mkdtempSync(join(tmpdir(), 'local-action-'));
});
afterAll(async () => {
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * `npm run --silent local-action -- <args>`, or with `direct` the script's own `node` line without
 * npm's start-up (~0.5 s of CPU), where the run through npm was shown already.
 */
function localAction(args: string[], direct = false): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = direct
    ? spawn(process.execPath, [join(ROOT, 'scripts/local-action.ts'), ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn('npm', ['run', '--silent', 'local-action', '--', ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), 50_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    }),
  );
}

test('runs the main and the post step of the source against the emulator with .env.example', async () => {
  // .env.example as a contributor copies it, pointed at this emulator's port.
  const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
  expect(example).toContain('INPUT_BASE-URL=http://127.0.0.1:8787');
  const envFile = join(dir, '.env');
  writeFileSync(envFile, example.replace('INPUT_BASE-URL=http://127.0.0.1:8787', `INPUT_BASE-URL=${emulator.url}`));

  const run = await localAction([envFile, '--post']);

  expect({ code: run.code, stderr: run.stderr.replace(/^npm warn .*\n/gm, '') }).toEqual({ code: 0, stderr: '' });
  const creates = emulator.requests.filter((request) => request.method === 'POST');
  expect(creates.map((request) => request.path)).toEqual(['/v2/agent/proj_local/job']);
  expect(JSON.parse(creates[0]?.body ?? '{}')).toMatchObject({ prompt: 'Document the new --verbose flag' });
  expect(run.stdout).toContain('output status: completed');
  expect(run.stdout).toMatch(/output pr-link: https:\/\/\S+\/pull\/\d+/);
  expect(run.stdout).toContain('post step ended with exit code 0');
  // As the runner shows the log: neither the mask command nor the key itself.
  expect(run.stdout).not.toContain('svc_local_admin_key');
});

test('without the .env it says how to make one', async () => {
  const run = await localAction([join(dir, 'missing.env')], true);
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('copy .env.example to .env');
});
