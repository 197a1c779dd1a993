// Starting the action (or a baseline script) the way the GitHub runner does: a child process under
// Node 24 with INPUT_ variables and the runner's file commands, from __tests__/support/runner.ts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE24, ROOT, runnerEnvironment } from '../__tests__/support/runner.ts';
import { preciseNow } from './stats.ts';

export { NODE24, ROOT };
export const DIST_ENTRY = join(ROOT, 'dist/index.js');

export interface Floor {
  name: string;
  script: string;
}

/**
 * Bare Node 24 processes that send the action's first request and exit. The first is the floor the
 * targets are judged against (issue 13): the physical floor, nothing cheaper sends the request. The
 * others show how much the way the request is made costs: an ordinary `import` of node:http, which
 * peaks at about 60 MB as issue 6's floor did, fetch(), and loading node:https as an https service
 * needs.
 */
export const FLOORS: readonly Floor[] = [
  { name: "minimal floor: process.getBuiltinModule('node:http')", script: join(ROOT, 'bench/floor-minimal.js') },
  { name: "floor: `import { request } from 'node:http'`", script: join(ROOT, 'bench/floor.js') },
  { name: 'floor with fetch()', script: join(ROOT, 'bench/floor-fetch.js') },
  { name: 'minimal floor that also loads node:https', script: join(ROOT, 'bench/floor-https.js') },
];
export const MINIMAL_FLOOR = FLOORS[0]!;

/** Another build of the action measured beside dist/ (bench/alternatives.ts): an entry and a label. */
export interface Candidate {
  name: string;
  script: string;
}
/** An empty ES module: what Node costs before any code runs. */
export const EMPTY_SCRIPT = join(ROOT, 'bench/empty.js');
export const API_KEY = 'svc_bench_key';
export const PROJECT_ID = 'bench-project';

const workspaces: string[] = [];

/**
 * The environment the runner gives a node24 action (__tests__/support/runner.ts), with a workflow_dispatch
 * event (which reports nowhere on GitHub) unless another is given. Debug logging is off, as in most
 * real runs.
 * `delayScale` undefined leaves DOCS_AGENT_DELAY_SCALE empty: the real schedule.
 */
export function actionEnv(
  baseUrl: string,
  delayScale?: number,
  extra: Record<string, string> = {},
  event?: { name: string; payload: unknown },
): Record<string, string> {
  const { env } = runnerEnvironment({
    ...(event ? { event } : {}),
    inputs: {
      prompt: 'Document the new --verbose flag',
      'project-id': PROJECT_ID,
      'api-key': API_KEY,
      'base-url': baseUrl,
    },
    env: { RUNNER_DEBUG: '', DOCS_AGENT_DELAY_SCALE: delayScale === undefined ? '' : String(delayScale), ...extra },
  });
  if (env.RUNNER_TEMP) workspaces.push(env.RUNNER_TEMP);
  return env;
}

/** A temporary directory that cleanup() removes. */
export function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'docs-agent-bench-'));
  workspaces.push(dir);
  return dir;
}

/** A scratch file in a directory that cleanup() removes. */
export function scratchFile(name: string): string {
  return join(scratchDir(), name);
}

export function cleanup(): void {
  for (const dir of workspaces.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface ChildRun {
  /** preciseNow() just before spawn() and at the child's 'exit' event. */
  spawnAt: number;
  exitAt: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface ChildOptions {
  env: Record<string, string>;
  /** Node options placed before the script, e.g. ['--import', url]. */
  nodeArgs?: string[];
  /** A command that wraps node, e.g. ['/usr/bin/time', '-f', '%M', '-o', file]. */
  wrapper?: string[];
  killAfterMs?: number;
}

export function runNode(script: string, options: ChildOptions): Promise<ChildRun> {
  const argv = [...(options.wrapper ?? []), NODE24, ...(options.nodeArgs ?? []), script];
  const cwd = options.env.GITHUB_WORKSPACE ?? tmpdir();
  return new Promise((resolve, reject) => {
    const spawnAt = preciseNow();
    const child = spawn(argv[0]!, argv.slice(1), { env: options.env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let exitAt = NaN;
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 60_000);
    child.once('error', (error) => {
      clearTimeout(killer);
      reject(error);
    });
    child.once('exit', () => (exitAt = preciseNow()));
    child.once('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ spawnAt, exitAt, code, signal, stdout, stderr });
    });
  });
}

/**
 * Runs every kind once per round, forwards in even rounds and backwards in odd ones, so that drift
 * in the machine's speed and the order of runs hit every kind alike. Returns the values by kind.
 */
export async function interleave(rounds: number, kinds: readonly (() => Promise<number>)[]): Promise<number[][]> {
  const values = kinds.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    const order = kinds.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) values[i]!.push(await kinds[i]!());
  }
  return values;
}

/** A run that did not end as expected is a crash of the benchmark, not a slow figure. */
export function expectExit(run: ChildRun, what: string, code = 0): ChildRun {
  if (run.code !== code) {
    const output = `${run.stdout}\n${run.stderr}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`${what} exited with ${run.code ?? run.signal}, expected ${code}:\n${output}`);
  }
  return run;
}
