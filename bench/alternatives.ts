// Other builds of the same src/, measured beside dist/ when `npm run bench -- --alternatives` asks:
// the dist/ of a git revision ("before"; by default where this branch left main), and the bundlers issue 13 names as the
// alternatives to ncc. Each build gets the same stand-ins (src/lazy-*.cjs) and dist/undici.cjs, so
// the bundler is the only difference. Built into a scratch directory; nothing in dist/ changes.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, scratchDir, type Candidate } from './child.ts';

const ALIASES = {
  undici: './src/lazy-undici.cjs',
  tunnel: './src/lazy-tunnel.cjs',
  '@actions/exec': './src/lazy-exec.cjs',
};
/** A CommonJS entry: no top-level await, so the whole bundle can be CommonJS. */
const CJS_ENTRY = (main: string): string => `'use strict';\nvoid require(${JSON.stringify(main)}).run();\n`;

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

async function esbuildBuild(esbuild: Esbuild, out: string, format: 'esm' | 'cjs'): Promise<Candidate> {
  const common = {
    bundle: true,
    platform: 'node' as const,
    target: 'node20',
    minify: true,
    external: ['./undici.cjs'],
    alias: ALIASES,
    absWorkingDir: ROOT,
    logLevel: 'error' as const,
  };
  if (format === 'esm') {
    // ESM output has no require(); the stand-ins need one for dist/undici.cjs.
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
    stdin: { contents: CJS_ENTRY('./main.ts'), resolveDir: join(ROOT, 'src'), loader: 'js' },
    format: 'cjs',
    outfile: join(out, 'index.js'),
  });
  return finish(out, 'esbuild, CommonJS (no code splitting in this format)', 'commonjs');
}

function finish(out: string, name: string, type: 'module' | 'commonjs'): Candidate {
  writeFileSync(join(out, 'package.json'), JSON.stringify({ type }));
  copyFileSync(join(ROOT, 'dist/undici.cjs'), join(out, 'undici.cjs'));
  return { name, script: join(out, 'index.js') };
}
