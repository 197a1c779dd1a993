// Running the action, or a baseline script, as the runner does (__tests__/support/runner.ts: a child
// process under Node 24 with INPUT_ variables and the runner's files), on one clock, and the
// statistics every figure is reported with.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { NODE24, ROOT, runnerEnvironment, type RunOptions } from '../__tests__/support/runner.ts';

export { ROOT };
const dirs: string[] = [];
type Inputs = Record<string, string>;
const INPUTS = { prompt: 'Document it', 'project-id': 'bench', 'api-key': 'svc_bench_key' };

/** Wall-clock ms with sub-ms resolution, comparable across processes: the emulators' clock too. */
export const now = (): number => performance.timeOrigin + performance.now();

/**
 * The runner's environment for a run that creates a job on `baseUrl` (with `inputs` besides); a
 * workflow_dispatch event unless another is given. No DOCS_AGENT_DELAY_SCALE unless `delayScale`.
 */
export function actionEnv(
  baseUrl: string,
  options: { delayScale?: number; event?: RunOptions['event']; inputs?: Inputs; env?: Inputs } = {},
): Record<string, string> {
  const { env } = runnerEnvironment({
    ...(options.event ? { event: options.event } : {}),
    inputs: { ...INPUTS, 'base-url': baseUrl, ...options.inputs },
    env: { RUNNER_DEBUG: '', DOCS_AGENT_DELAY_SCALE: String(options.delayScale ?? ''), ...options.env },
  });
  if (env.RUNNER_TEMP) dirs.push(env.RUNNER_TEMP);
  return env;
}

export const cleanup = (): void => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));

/** Runs `script` under Node 24; a run that does not exit with `expected` crashes the benchmark. */
export function runNode(
  script: string,
  env: Record<string, string>,
  options: { nodeArgs?: string[]; expected?: number; killAfterMs?: number } = {},
): Promise<{ spawnAt: number; exitAt: number }> {
  return new Promise((resolve, reject) => {
    const spawnAt = now();
    const child = spawn(NODE24, [...(options.nodeArgs ?? []), script], { env, cwd: env.GITHUB_WORKSPACE });
    let [exitAt, output] = [NaN, ''];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 60_000);
    child.once('error', reject);
    child.once('exit', () => (exitAt = now()));
    child.once('close', (code) => {
      clearTimeout(killer);
      if (code === (options.expected ?? 0)) resolve({ spawnAt, exitAt });
      else reject(new Error(`${script} exited with ${code}:\n${output.trim().split('\n').slice(-15).join('\n')}`));
    });
  });
}

/** Every kind once per round, in alternating order, so that drift in the machine's speed hits all alike. */
export async function interleave<T>(rounds: number, kinds: readonly (() => Promise<T>)[]): Promise<T[][]> {
  const values = kinds.map((): T[] => []);
  for (let round = 0; round < rounds; round++) {
    for (const i of kinds.map((_, i) => (round % 2 ? kinds.length - 1 - i : i))) values[i]!.push(await kinds[i]!());
  }
  return values;
}

export type Spread = Record<'min' | 'median' | 'max', number>;

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { min: sorted[0] ?? NaN, median, max: sorted[sorted.length - 1] ?? NaN };
}

/** "min / median / max". */
export const formatSpread = (s: Spread, decimals = 1): string =>
  [s.min, s.median, s.max].map((v) => v.toFixed(decimals)).join(' / ');
