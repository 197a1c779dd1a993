/**
 * A whole step in the test's own process: the same runner environment as `runAction` (INPUT_
 * variables with action.yml's defaults, the event file, fresh runner files), the entry's own
 * `run` / `runPostStep` with @actions/core as the Runner, and the same RunResult read back from
 * stdout and the runner's files. What a child run of dist/ alone shows (signals, the process's
 * exit, the bundle's chunks, proxies, a second GITHUB_API_URL) is refused here: use `runAction`.
 *
 * It costs a fraction of a child run (no Node start-up, no bundle to load) and its lines count for
 * coverage, so a contract test whose behaviour does not depend on the process runs here.
 */
import * as core from '@actions/core';
import { run, runPostStep } from '../../src/main.ts';
import { coreRunner } from '../../src/step/runner.ts';
import { clearSecrets } from '../../src/text/text-gate.ts';
import {
  readRunResult,
  removeRunnerDirectory,
  runAction,
  runnerEnvironment,
  type RunOptions,
  type RunResult,
} from './runner.ts';

type Write = typeof process.stdout.write;

/**
 * Why a run needs the shipped dist/ in a child process, or undefined: a signal or a kill (onSpawn,
 * killAfterMs), another copy of the bundle (script), the post step's own entry (dist/post.js), or a
 * proxy (the bundle's deferred undici).
 */
export function childOnly(options: RunOptions): string | undefined {
  if (options.onSpawn || options.killAfterMs !== undefined) return 'signals and the process’s end';
  if (options.script) return 'another copy of the bundle';
  if (options.entry === 'post') return 'the post step’s entry';
  if (Object.keys(options.env ?? {}).some((name) => /^https?_proxy$/i.test(name))) return 'a proxy';
  return undefined;
}

/** A run where it is cheapest to show: in this process, unless `childOnly` names a reason for dist/. */
export function runStep(options: RunOptions = {}): Promise<RunResult> {
  return childOnly(options) ? runAction(options) : runInProcess(options);
}

/**
 * The post step's own work (`runPostStep`) in this process: what it does with the state a main
 * step saved. Its entry, dist/post.js, which tells the bundle it is the post step, is shown only by
 * a child run (`runAction` with entry 'post'): keep one such run wherever the entry matters.
 */
export function runPostInProcess(options: Omit<RunOptions, 'entry'> = {}): Promise<RunResult> {
  return runInProcess({ ...options, entry: 'post' }, { post: true });
}

/** The run under way: one process has one environment and one stdout, so runs here never overlap. */
let running = false;

export async function runInProcess(options: RunOptions = {}, allow: { post?: boolean } = {}): Promise<RunResult> {
  const reason = childOnly(allow.post ? { ...options, entry: 'main' } : options);
  if (reason) throw new Error(`runInProcess runs no child; ${reason} needs runAction`);
  if (running) throw new Error('In-process runs cannot overlap (one environment, one stdout): use runAction');
  running = true;
  try {
    return await runHere(options);
  } finally {
    running = false;
  }
}

async function runHere(options: RunOptions): Promise<RunResult> {
  const { env, files } = runnerEnvironment(options);
  const savedEnv = { ...process.env };
  const savedExitCode = process.exitCode;
  const { write: savedStdout } = process.stdout;
  const { write: savedStderr } = process.stderr;
  let stdout = '';
  let stderr = '';
  const capture =
    (append: (text: string) => void): Write =>
    (chunk: unknown, ...rest: unknown[]): boolean => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
      append(text);
      options.echo?.(text);
      const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      done?.();
      return true;
    };

  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, env);
  process.exitCode = undefined;
  // A fresh job summary per run: @actions/core's own keeps its buffer and the first file it wrote.
  const Summary = core.summary.constructor as new () => typeof core.summary;
  const runner = coreRunner({ ...core, summary: new Summary() });
  const started = performance.now();
  let code: number;
  try {
    process.stdout.write = capture((text) => (stdout += text));
    process.stderr.write = capture((text) => (stderr += text));
    await (options.entry === 'post' ? runPostStep(runner) : run(runner));
    code = Number(process.exitCode ?? 0);
    // @actions/github reads GITHUB_API_URL once, when it loads: every run of a file must agree.
    const { getOctokit } = await import('@actions/github');
    const { baseUrl } = getOctokit('token').request.endpoint.DEFAULTS;
    if (baseUrl !== env.GITHUB_API_URL) {
      throw new Error(`@actions/github was loaded for ${baseUrl}, not ${env.GITHUB_API_URL}: use runAction`);
    }
  } finally {
    process.stdout.write = savedStdout;
    process.stderr.write = savedStderr;
    process.exitCode = savedExitCode;
    for (const key of Object.keys(process.env)) delete process.env[key];
    Object.assign(process.env, savedEnv);
    clearSecrets();
  }

  try {
    return readRunResult(files, { code, signal: null, stdout, stderr, started });
  } finally {
    removeRunnerDirectory(env);
  }
}
