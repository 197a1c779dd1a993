// Start-up against the conventional action: from spawn to the create request reaching the emulator,
// and the peak memory of the whole run, for four programs side by side (interleaved rounds):
//   floor         bench/floor.cjs, a bare node:http request: nothing sends it sooner;
//   conventional  bench/conventional.js bundled with ncc: @actions/core and @actions/github at the top;
//   simple        src/ (and emulator/ for the CLI) in one ncc build (`--single`), without the stand-in;
//   dist          dist/ as scripts/bundle.ts builds it: undici and markdown-it on their own, on first use.
// Target (issue 20): half the conventional's CPU above the floor, no more memory (bench/report.ts); wall beside.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { startEmulator } from '../emulator/index.ts';
import { NODE24 } from '../__tests__/support/runner.ts';
import { actionEnv, interleave, now, ROOT, runNode, spread, type Spread } from './child.ts';

export type Build = Record<'name' | 'what' | 'script', string>;
/** `ms`: spawn to the request's arrival (wall); `cpuMs`: CPU time until its connection opened (bench/probe.cjs). */
export type Program = Omit<Build, 'script'> & Record<'ms' | 'cpuMs' | 'mib', Spread>;

/**
 * The four programs; the bundles are built into `scratch` by ncc as their projects build them:
 * dist/ by scripts/bundle.ts from the working tree (CI checks the committed dist/ against such a
 * build), src/ the same way from a copy whose tsconfig.json has no `paths`, and the conventional
 * action by ncc's command line (minified, as dist/ is). Each sees this repository's node_modules.
 */
export function buildPrograms(scratch: string): Build[] {
  const project = (name: string, files: Record<string, string>, tsconfig?: object): string => {
    const dir = join(scratch, name);
    for (const [to, from] of Object.entries(files)) cpSync(join(ROOT, from), join(dir, to), { recursive: true });
    if (tsconfig) writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    return dir;
  };
  const run = (dir: string, ...args: string[]): void => void execFileSync(NODE24, args, { cwd: dir, stdio: 'ignore' });
  run(ROOT, 'scripts/bundle.ts', '--out', join(scratch, 'dist'));
  const tsconfig = readFileSync(join(ROOT, 'tsconfig.json'), 'utf8');
  const { config } = ts.parseConfigFileTextToJson('tsconfig.json', tsconfig) as { config: { compilerOptions: object } };
  const { paths: _, ...compilerOptions } = config.compilerOptions as { paths?: unknown };
  const files = Object.fromEntries(['src', 'emulator', 'scripts/bundle.ts', 'package.json'].map((f) => [f, f]));
  const simple = project('simple', files, { compilerOptions, include: ['src'] });
  run(simple, 'scripts/bundle.ts', '--out', 'out', '--single');
  const conventional = project('conventional', { 'index.js': 'bench/conventional.js', 'package.json': 'package.json' });
  run(conventional, 'node_modules/@vercel/ncc/dist/ncc/cli.js', 'build', 'index.js', '-o', 'out', '-m', '-q');
  const program = (name: string, what: string, script: string): Build => ({ name, what, script });
  return [
    program('floor', 'a bare node:http request (bench/floor.cjs)', join(ROOT, 'bench/floor.cjs')),
    program('conventional', 'ncc bundle of @actions/core and @actions/github', join(conventional, 'out/index.js')),
    program('simple', 'src/ in one ncc build, nothing deferred', join(simple, 'out/index.js')),
    program('dist', 'dist/ (scripts/bundle.ts: undici, markdown-it on first use)', join(scratch, 'dist/index.js')),
  ];
}

export async function measureStartup(rounds: number, programs: Build[], scratch: string): Promise<Program[]> {
  const emulator = await startEmulator({ now, rateLimitPerHour: 1e9, job: { durationMs: 0 } });
  try {
    const probe = join(scratch, 'probe.json');
    const once = async (script: string): Promise<{ ms: number; cpuMs: number; kib: number }> => {
      const seen = emulator.requests.length;
      const env = actionEnv(emulator.url, { delayScale: 0.01, env: { BENCH_PROBE_FILE: probe } });
      const run = await runNode(script, env, { nodeArgs: ['--require', join(ROOT, 'bench/probe.cjs')] });
      const first = emulator.requests[seen];
      if (first?.method !== 'POST') throw new Error(`${script}: its first request was not the create`);
      const { cpuMs, kib } = JSON.parse(readFileSync(probe, 'utf8')) as { cpuMs: number; kib: number };
      return { ms: first.at - run.spawnAt, cpuMs, kib };
    };
    const kinds = programs.map((program) => () => once(program.script));
    await interleave(2, kinds); // warm-up: the file cache, the emulator's first connections
    const values = await interleave(rounds, kinds);
    return programs.map((program, i) => ({
      name: program.name,
      what: program.what,
      ms: spread(values[i]!.map((v) => v.ms)),
      cpuMs: spread(values[i]!.map((v) => v.cpuMs)),
      mib: spread(values[i]!.map((v) => v.kib / 1024)),
    }));
  } finally {
    await emulator.close();
  }
}
