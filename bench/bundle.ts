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
  /** index.js and the stand-ins of built-ins are read at every start; the other files only when needed (see whenLoaded). */
  eager: boolean;
  /** Loaded only in ask mode: not part of what the agent path can load. */
  askOnly: boolean;
  /** When it is loaded, in words (whenLoaded). */
  loaded: string;
}

/**
 * When dist/'s other files are loaded; a chunk's name is ncc's `<id>.index.js`, a number that
 * changes with the code, so ask mode's chunks are told by what they hold.
 */
function whenLoaded(name: string, askOnly: boolean, content: string): string {
  if (name === 'index.js') return 'at every start';
  if (isBuiltinStandIn(name))
    return 'at every start: the stand-in for a built-in (crypto), which loads it on first use';
  if (name === 'undici.cjs') return 'on demand: first GitHub request, or a proxy for one';
  if (name === 'http-client.cjs') return 'on demand: Octokit, a proxy for the service, ask mode';
  if (name === 'exec.cjs') return "on demand: @actions/core's platform details, which this action never asks for";
  if (name === 'markdown-it.cjs') return 'on demand: the first comment or issue body read';
  if (askOnly) return 'ask mode only: the assistant client and the `ai` stream reader';
  if (content.includes('Stands in for `undici`')) return "on demand: undici's stand-in, with Octokit or ask mode";
  return 'on demand: @actions/github, when a run reports on GitHub';
}

/** dist/lazy-*.cjs: the stand-in of a built-in, built on its own (scripts/bundle.ts) and required at load. */
const isBuiltinStandIn = (name: string): boolean => /^lazy-.+\.cjs$/.test(name);

/** Ask mode's chunks (src/ask/, and the `ai` package with its schemas), which the agent path never loads. */
function isAskChunk(content: string): boolean {
  return content.includes('/discovery/v2/assistant/') || content.includes('uiMessageChunkSchema');
}

export interface BundleResult {
  files: BundleFile[];
  totalBytes: number;
  /** What the agent path can load: everything but ask mode's chunks. */
  agentBytes: number;
  eagerBytes: number;
}

export function measureBundle(dist = join(ROOT, 'dist')): BundleResult {
  const files = readdirSync(dist)
    .filter((name) => /\.(c|m)?js$/.test(name))
    .sort()
    .map((name): BundleFile => {
      const content = readFileSync(join(dist, name));
      const text = content.toString('latin1');
      const askOnly = isAskChunk(text);
      return {
        name,
        bytes: content.length,
        gzipBytes: gzipSync(content, { level: 9 }).length,
        eager: name === 'index.js' || isBuiltinStandIn(name),
        askOnly,
        loaded: whenLoaded(name, askOnly, text),
      };
    });
  const sum = (chosen: BundleFile[]): number => chosen.reduce((total, file) => total + file.bytes, 0);
  return {
    files,
    totalBytes: sum(files),
    agentBytes: sum(files.filter((file) => !file.askOnly)),
    eagerBytes: sum(files.filter((file) => file.eager)),
  };
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
