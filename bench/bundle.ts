// Bundle: the size of the JavaScript the action ships in dist/, which the runner downloads with the
// action and Node parses at every start.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './child.ts';

export interface BundleFile {
  name: string;
  bytes: number;
  gzipBytes: number;
  /** index.js runs at every start; the other files only when needed (see WHEN_LOADED). */
  eager: boolean;
}

/** When dist/'s other files are loaded; a chunk's name is ncc's `<id>.index.js`. */
export function whenLoaded(name: string): string {
  if (name === 'index.js') return 'at every start';
  if (name === 'undici.cjs') return 'on demand: first GitHub request, or a proxy for one';
  return 'on demand: @actions/github, when a run reports on GitHub';
}

export interface BundleResult {
  files: BundleFile[];
  totalBytes: number;
  eagerBytes: number;
}

export function measureBundle(dist = join(ROOT, 'dist')): BundleResult {
  const files = readdirSync(dist)
    .filter((name) => /\.(c|m)?js$/.test(name))
    .sort()
    .map((name): BundleFile => {
      const content = readFileSync(join(dist, name));
      return {
        name,
        bytes: content.length,
        gzipBytes: gzipSync(content, { level: 9 }).length,
        eager: name === 'index.js',
      };
    });
  const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0);
  const eagerBytes = files.filter((file) => file.eager).reduce((sum, file) => sum + file.bytes, 0);
  return { files, totalBytes, eagerBytes };
}

/**
 * Whether dist/ is what a fresh build of the working tree makes (scripts/bundle.ts into a scratch
 * folder, compared file by file): figures of a stale dist/ describe other code. Undefined when it
 * is fresh, else what differs.
 */
export function staleDist(): string | undefined {
  const scratch = mkdtempSync(join(tmpdir(), 'docs-agent-bench-dist-'));
  try {
    execFileSync(process.execPath, [join(ROOT, 'scripts/bundle.ts'), '--out', scratch], { cwd: ROOT, stdio: 'ignore' });
    const dist = join(ROOT, 'dist');
    const names = [...new Set([...readdirSync(dist), ...readdirSync(scratch)])].sort();
    const differing = names.filter((name) => {
      const [a, b] = [join(dist, name), join(scratch, name)].map((path) =>
        existsSync(path) ? readFileSync(path) : undefined,
      );
      return !a || !b || !a.equals(b);
    });
    return differing.length
      ? `dist/ is not what a fresh build makes (${differing.join(', ')}): run \`npm run bundle\` first.`
      : undefined;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
