// `npm run bundle`: builds dist/ with ncc, in two parts.
//   dist/index.js (+ its on-demand chunks)  src/, where tsconfig.json's `paths` puts stand-ins
//                                           (src/lazy-*.cjs) for undici, tunnel and @actions/exec,
//                                           and ./undici.cjs, which the undici one loads, left external;
//   dist/undici.cjs                         node_modules/undici on its own, required on first use.
// So a run that sends no request through a proxy and no request through Octokit never evaluates
// undici. The licenses of both builds go into dist/licenses.txt. The output is deterministic:
// CI rebuilds dist/ and fails when it differs from the committed one.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
// `--out DIR` builds elsewhere: bench/ compares such a fresh build with the committed dist/.
const outAt = process.argv.indexOf('--out');
const DIST = outAt === -1 ? join(ROOT, 'dist') : resolve(process.argv[outAt + 1] ?? '');
// `--source-map` builds a copy for `npm run coverage`, whose contract tests run it (scripts/coverage.ts):
// a .map beside each file of the src/ build, and no source-map-register. Only with `--out`: the
// committed dist/ has no maps. The copy is not minified (dist/'s chunks are not either): ncc's maps
// are webpack's cheap-module-source-map, line to line without columns, and minified code has few lines.
const SOURCE_MAP = process.argv.includes('--source-map');
if (SOURCE_MAP && DIST === join(ROOT, 'dist')) {
  throw new Error('--source-map needs --out: dist/ is committed without maps');
}
const NCC = join(ROOT, 'node_modules/@vercel/ncc/dist/ncc/cli.js');

function ncc(entry: string, out: string, ...extra: string[]): void {
  execFileSync(
    process.execPath,
    [NCC, 'build', entry, '--out', out, ...(SOURCE_MAP ? [] : ['--minify']), '--license', 'licenses.txt', ...extra],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}

// ncc leaves files it did not write: a chunk that a change removed would stay behind.
rmSync(DIST, { recursive: true, force: true });
ncc(
  'src/index.ts',
  DIST,
  '--external',
  './undici.cjs',
  ...(SOURCE_MAP ? ['--source-map', '--no-source-map-register'] : []),
);
// ncc writes each source as if the build were in dist/ ('../src/main.ts'): rebase them on where the
// maps are, so that a coverage tool finds src/ from any --out.
if (SOURCE_MAP) {
  for (const name of readdirSync(DIST).filter((file) => file.endsWith('.map'))) {
    const path = join(DIST, name);
    const map = JSON.parse(readFileSync(path, 'utf8')) as { sources: string[] };
    map.sources = map.sources.map((source) => relative(DIST, resolve(ROOT, 'dist', source)));
    writeFileSync(path, JSON.stringify(map));
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'docs-agent-bundle-'));
try {
  ncc('node_modules/undici/index.js', scratch);
  copyFileSync(join(scratch, 'index.js'), join(DIST, 'undici.cjs'));
  const licenses = join(DIST, 'licenses.txt');
  writeFileSync(
    licenses,
    readFileSync(licenses, 'utf8').trimEnd() + '\n\n' + readFileSync(join(scratch, 'licenses.txt'), 'utf8'),
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
