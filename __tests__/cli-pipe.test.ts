/**
 * The command line never reports a success it does not have, and words each setting by its own
 * name (issue 34, item 8), through the bundle dist/cli/index.js as users run it: a reader that
 * goes away mid-job (`docs-agent run … | head -n1`) and a key the service refuses.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { OFFLINE_API_KEY, OFFLINE_PROJECT_ID, startOfflineService, type OfflineService } from './support/emulators.ts';
import { NODE24, ROOT } from './support/runner.ts';

const CLI = join(ROOT, 'dist/cli/index.js');
let service: OfflineService;

beforeAll(async () => {
  service = await startOfflineService({ job: { durationMs: 4_000 } });
});
afterEach(() => service.agent.reset());
afterAll(() => service.close());

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    DOCS_AGENT_BASE_URL: service.url,
    DOCS_AGENT_API_KEY: OFFLINE_API_KEY,
    DOCS_AGENT_PROJECT_ID: OFFLINE_PROJECT_ID,
    DOCS_AGENT_DELAY_SCALE: '0.05',
    ...extra,
  };
}

/** A child run whose stdout reader reads `keep` lines and goes away, as `head -n<keep>` does. */
function run(args: string[], extra: Record<string, string> = {}, keep = Infinity) {
  const child = spawn(NODE24, [CLI, ...args], { env: env(extra), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (stdout.split('\n').length > keep) child.stdout.destroy();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    }),
  );
}

test('a reader gone mid-job: not exit 0; stopped as on Ctrl-C, the job named on stderr', async () => {
  const result = await run(['run', 'Document the new --verbose flag'], {}, 1);
  expect(result.stdout).toMatch(/^Job (job_\w+) created\.$/m);
  expect(result.code).not.toBe(0);
  expect(result.code).toBe(130);
  expect(result.stderr).toMatch(/the output was closed before the command ended/);
  const id = /Job (job_\w+) created/.exec(result.stdout)?.[1] ?? 'none';
  expect(result.stderr).toContain(id);
}, 30_000);

test("a refused key is worded by the command line's own setting names", async () => {
  service.agent.inject({
    route: 'create',
    times: 1,
    fault: { kind: 'status', status: 401, body: JSON.stringify({ error: 'Key revoked' }) },
  });
  const result = await run(['run', 'Document the flag']);
  expect(result.code).not.toBe(0);
  expect(result.stderr).toMatch(/refused the API key/);
  expect(result.stderr).toMatch(/--api-key|DOCS_AGENT_API_KEY/);
  expect(result.stdout + result.stderr).not.toMatch(/'api-key' input/);
}, 30_000);
