// Running the action, or a baseline script, as the runner does (__tests__/support/runner.ts), on one
// clock, and the statistics and tables every figure is reported with.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { NODE24, removeRunnerDirectory, runnerEnvironment, type RunOptions } from '../__tests__/support/runner.ts';

type Options = Pick<RunOptions, 'event' | 'inputs' | 'env'>;
const INPUTS = { prompt: 'Document it', 'project-id': 'bench', 'api-key': 'svc_bench_key' };

/** Wall-clock ms with sub-ms resolution, comparable across processes: the emulators' clock too. */
export const now = (): number => performance.timeOrigin + performance.now();

/** The runner's environment for a run creating a job on `baseUrl`; no DOCS_AGENT_DELAY_SCALE unless `delayScale`. */
export function actionEnv(baseUrl: string, options: Options & { delayScale?: number } = {}): Record<string, string> {
  return runnerEnvironment({
    event: options.event,
    inputs: { ...INPUTS, 'base-url': baseUrl, ...options.inputs },
    env: { RUNNER_DEBUG: '', DOCS_AGENT_DELAY_SCALE: String(options.delayScale ?? ''), ...options.env },
  }).env;
}

/** Runs `script` under Node 24; a run that does not exit with 0 crashes the benchmark. */
export function runNode(
  script: string,
  env: Record<string, string>,
  options: { nodeArgs?: string[]; killAfterMs?: number } = {},
): Promise<{ spawnAt: number; exitAt: number; outputs: string }> {
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
      const outputs = readFileSync(env.GITHUB_OUTPUT ?? '', 'utf8');
      removeRunnerDirectory(env);
      if (code === 0) resolve({ spawnAt, exitAt, outputs });
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

/** Each run's figures as min / median / max. */
export const spreads = <K extends string>(runs: Record<K, number>[], keys: readonly K[]): Record<K, Spread> =>
  Object.fromEntries(keys.map((key) => [key, spread(runs.map((run) => run[key]))])) as Record<K, Spread>;

/** "min / median / max". */
export const formatSpread = (s: Spread, decimals = 1): string =>
  [s.min, s.median, s.max].map((v) => v.toFixed(decimals)).join(' / ');

export const f = (value: number, decimals = 1): string => value.toFixed(decimals);
export const yes = (met: boolean): string => (met ? 'met' : '**missed**');
export const table = (header: string[], rows: string[][]): string =>
  [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
