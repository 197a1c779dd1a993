// Bundle: the size of the JavaScript the action ships in dist/, which the runner downloads with the
// action and Node parses at every start.
import { readdirSync, readFileSync, statSync } from 'node:fs';
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
  /** Set when a source file is newer than dist/index.js: the figures may not be today's code. */
  staleWarning?: string;
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
  const result: BundleResult = { files, totalBytes, eagerBytes };
  if (dist !== join(ROOT, 'dist')) return result;
  const newest = newestSource(join(ROOT, 'src'));
  const built = statSync(join(dist, 'index.js')).mtimeMs;
  if (newest && newest.mtimeMs > built) {
    result.staleWarning = `${newest.path} is newer than dist/index.js: run \`npm run bundle\` first to measure the current code.`;
  }
  return result;
}

function newestSource(dir: string): { path: string; mtimeMs: number } | undefined {
  let newest: { path: string; mtimeMs: number } | undefined;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(ts|cjs)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const mtimeMs = statSync(path).mtimeMs;
    if (!newest || mtimeMs > newest.mtimeMs) newest = { path: path.slice(ROOT.length), mtimeMs };
  }
  return newest;
}
