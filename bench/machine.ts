// The machine a benchmark ran on: figures mean little without it.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { arch, availableParallelism, cpus, loadavg, release, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { NODE24, ROOT } from './child.ts';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  /** The Node that runs the action (the runner's node24). */
  node: string;
  date: string;
  /** The commit dist/ was measured at, and whether the tree had changes. */
  commit: string;
  distBuilt: string;
  /** 1, 5 and 15 minute load averages when the benchmark started: other work widens the spreads. */
  loadAtStart: number[];
}

export function describeMachine(): Machine {
  const node = execFileSync(NODE24, ['--version'], { encoding: 'utf8' }).trim();
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGiB: totalmem() / 1024 ** 3,
    os: `${type()} ${release()} (${arch()})`,
    node,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    commit: gitCommit(),
    distBuilt: statSync(join(ROOT, 'dist/index.js'))
      .mtime.toISOString()
      .replace(/\.\d+Z$/, 'Z'),
    loadAtStart: loadavg(),
  };
}

function gitCommit(): string {
  try {
    const git = (...args: string[]): string =>
      execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const hash = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--', 'src', 'dist', 'package.json', 'package-lock.json') !== '';
    return dirty ? `${hash} with uncommitted changes to src/, dist/ or the package files` : hash;
  } catch {
    return 'unknown (not a git checkout)';
  }
}
