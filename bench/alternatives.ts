// Other builds of the same src/, measured beside dist/ when `npm run bench -- --alternatives` asks:
// the dist/ of a git revision ("before"; by default where this branch left main), and the bundlers issue 13 names as the
// alternatives to ncc. Each build gets the same stand-ins (src/lazy-*.cjs) and the files they load from dist/, so
// the bundler is the only difference. Built into a scratch directory; nothing in dist/ changes.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT, scratchDir, type Candidate } from './child.ts';

/** tsconfig.json's `paths`: each deferred module and its stand-in (src/lazy-*.cjs). */
function aliases(): Record<string, string> {
  const { config } = ts.parseConfigFileTextToJson(
    'tsconfig.json',
    readFileSync(join(ROOT, 'tsconfig.json'), 'utf8'),
  ) as { config: { compilerOptions: { paths?: Record<string, string[]> } } };
  return Object.fromEntries(
    Object.entries(config.compilerOptions.paths ?? {}).map(([name, [target]]) => [name, target ?? '']),
  );
}
/** The files of dist/ that the stand-ins load (dist/undici.cjs and the like): every build shares them. */
const LOADED_FILES = (): string[] => readdirSync(join(ROOT, 'dist')).filter((name) => name.endsWith('.cjs'));

export async function buildAlternatives(rev?: string): Promise<{ baseline?: Candidate; others: Candidate[] }> {
  const dir = scratchDir();
  const others: Candidate[] = [];
  const baseline = gitDist(rev, join(dir, 'before'));
  const esbuild = await import('esbuild').catch(() => undefined);
  if (esbuild) {
    others.push(await esbuildBuild(esbuild, join(dir, 'esbuild-esm'), 'esm'));
    others.push(await esbuildBuild(esbuild, join(dir, 'esbuild-cjs'), 'cjs'));
  } else {
    console.error('esbuild is not installed: its builds are left out.');
  }
  return { ...(baseline ? { baseline } : {}), others };
}

function gitDist(given: string | undefined, out: string): Candidate | undefined {
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: ROOT, encoding: 'buffer' }).toString('utf8');
  // main itself is "before" only until this branch is merged; the branch's starting point is the
  // fair comparison for a change under review.
  const rev = given ?? 'the merge base with main';
  try {
    const base = given ?? git('merge-base', 'HEAD', 'main').trim();
    const hash = git('rev-parse', '--short', base).trim();
    mkdirSync(out, { recursive: true });
    for (const name of git('ls-tree', '--name-only', `${base}:dist`).trim().split('\n')) {
      writeFileSync(join(out, name), execFileSync('git', ['show', `${base}:dist/${name}`], { cwd: ROOT }));
    }
    return { name: `before: dist/ of ${rev} (${hash})`, script: join(out, 'index.js') };
  } catch (error) {
    console.error(`No baseline: cannot read dist/ at ${rev} (${(error as Error).message.split('\n')[0]}).`);
    return undefined;
  }
}

type Esbuild = typeof import('esbuild');

/**
 * Sends each deferred module to its stand-in, as tsconfig.json's `paths` does for ncc: the exact
 * name only (esbuild's `alias` would also take `@actions/http-client/lib/proxy`), built-ins included.
 */
function standIns(): import('esbuild').Plugin {
  const map = aliases();
  const filter = new RegExp(
    `^(${Object.keys(map)
      .map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
      .join('|')})$`,
  );
  return {
    name: 'stand-ins',
    setup(build) {
      build.onResolve({ filter }, (args) => ({ path: join(ROOT, map[args.path] ?? '') }));
    },
  };
}

async function esbuildBuild(esbuild: Esbuild, out: string, format: 'esm' | 'cjs'): Promise<Candidate> {
  const common = {
    bundle: true,
    platform: 'node' as const,
    target: 'node20',
    minify: true,
    external: LOADED_FILES().map((name) => `./${name}`),
    plugins: [standIns()],
    absWorkingDir: ROOT,
    logLevel: 'error' as const,
  };
  if (format === 'esm') {
    // ESM output has no require(); the stand-ins need one for the files they load.
    await esbuild.build({
      ...common,
      entryPoints: ['src/index.ts'],
      format: 'esm',
      splitting: true,
      outdir: out,
      banner: { js: "import{createRequire as __cr}from'module';const require=__cr(import.meta.url);" },
    });
    return finish(out, 'esbuild, ES module with code splitting', 'module');
  }
  await esbuild.build({
    ...common,
    // src/index.ts has no top-level await, so the whole bundle can be CommonJS.
    entryPoints: ['src/index.ts'],
    format: 'cjs',
    outfile: join(out, 'index.js'),
  });
  return finish(out, 'esbuild, CommonJS (no code splitting in this format)', 'commonjs');
}

function finish(out: string, name: string, type: 'module' | 'commonjs'): Candidate {
  writeFileSync(join(out, 'package.json'), JSON.stringify({ type }));
  for (const name of LOADED_FILES()) copyFileSync(join(ROOT, 'dist', name), join(out, name));
  return { name, script: join(out, 'index.js') };
}
