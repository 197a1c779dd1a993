// Start-up against the conventional action: startupSection's text at the end says what is measured.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { startEmulator } from '../emulator/index.ts';
import { NODE24, ROOT } from '../__tests__/support/runner.ts';
import { actionEnv, f, formatSpread as fs, interleave, now, runNode, spreads, table, yes } from './child.ts';

type Build = Record<'name' | 'what' | 'script', string>;
type Program = Awaited<ReturnType<typeof measureStartup>>[number];

/**
 * The four programs (floor: nothing sends the request sooner; simple: src/ without the stand-in), the bundles
 * built into `scratch` as their projects build them: dist/ from the working tree, as CI checks the committed one.
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
    program('dist', 'dist/ (bundle.ts: undici, markdown-it, built-ins on first use)', join(scratch, 'dist/index.js')),
  ];
}

export async function measureStartup(rounds: number, programs: Build[], scratch: string) {
  const emulator = await startEmulator({ now, rateLimitPerHour: 1e9, job: { durationMs: 0 } });
  try {
    const probe = join(scratch, 'probe.json');
    // `ms`: spawn to the request's arrival (wall); `cpuMs`: CPU time until its connection opened (bench/probe.cjs).
    const once = async (script: string): Promise<Record<'ms' | 'cpuMs' | 'mib', number>> => {
      const seen = emulator.requests.length;
      const env = actionEnv(emulator.url, { delayScale: 0.01, env: { BENCH_PROBE_FILE: probe } });
      const run = await runNode(script, env, { nodeArgs: ['--require', join(ROOT, 'bench/probe.cjs')] });
      const first = emulator.requests[seen];
      if (first?.method !== 'POST') throw new Error(`${script}: its first request was not the create`);
      const { cpuMs, kib } = JSON.parse(readFileSync(probe, 'utf8')) as { cpuMs: number; kib: number };
      return { ms: first.at - run.spawnAt, cpuMs, mib: kib / 1024 };
    };
    const kinds = programs.map((program) => () => once(program.script));
    await interleave(2, kinds); // warm-up: the file cache, the emulator's first connections
    const values = await interleave(rounds, kinds);
    return programs.map((program, i) => ({ ...program, ...spreads(values[i]!, ['ms', 'cpuMs', 'mib'] as const) }));
  } finally {
    await emulator.close();
  }
}

/** The table, and dist/ and the bundle in one build (simple) above the floor against half the conventional's. */
export function startupSection(rounds: number, programs: Program[]): string[] {
  const [floor, conventional, simple, dist] = programs;
  if (!floor || !conventional || !simple || !dist) throw new Error('start-up: four programs expected');
  const above = (p: Program, key: 'ms' | 'cpuMs' = 'cpuMs'): number => p[key].median - floor[key].median;
  const over = (p: Program): string => `${f(above(p, 'ms'))}, ${f(above(p))}`;
  const [allowed, light] = [above(conventional) / 2, (p: Program) => p.mib.median <= conventional.mib.median];
  const simpleMet = above(simple) <= allowed && light(simple);
  const simpleWord = simpleMet ? 'meet the target too: make it one build' : 'miss the target: the separate builds stay';
  return [
    '## Start-up against a conventional action',
    '',
    `${rounds} interleaved rounds. Wall: spawn to the create request reaching the emulator. CPU: CPU time of the process (all threads)`,
    'until it opened the connection of that request, which the other work of a shared machine barely moves: the target is judged on it.',
    'Peak memory of the whole run.',
    '',
    table(
      ['Program', 'Wall ms', 'CPU ms', 'Above the floor: wall, CPU ms', 'Peak MiB'],
      programs.map((p) => [`${p.name}: ${p.what}`, fs(p.ms), fs(p.cpuMs), over(p), fs(p.mib)]),
    ),
    '',
    `Target: dist/ at most half of the conventional action's start-up above the floor (CPU), ${f(above(dist))} ≤ ${f(allowed)} ms: ${yes(above(dist) <= allowed)}; ` +
      `no more memory: ${yes(light(dist))}. In one build (no stand-in, undici and markdown-it inside: scripts/bundle.ts ` +
      `says why), the bundle is ${f(above(simple))} ms above the floor and would ${simpleWord}.`,
    '',
  ];
}
