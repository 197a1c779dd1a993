// `npm run bundle`: builds dist/ with ncc, in two parts.
//   dist/index.js (+ its on-demand chunks)  src/, where tsconfig.json's `paths` puts stand-ins
//                                           (src/lazy-*.cjs) for undici, tunnel and @actions/exec,
//                                           and ./undici.cjs, which the undici one loads, left external;
//   dist/undici.cjs                         node_modules/undici on its own, required on first use.
// So a run that sends no request through a proxy and no request through Octokit never evaluates
// undici. The licenses of both builds go into dist/licenses.txt. The output is deterministic:
// CI rebuilds dist/ and fails when it differs from the committed one.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
// `--out DIR` builds elsewhere: bench/ compares such a fresh build with the committed dist/.
const outAt = process.argv.indexOf('--out');
const DIST = outAt === -1 ? join(ROOT, 'dist') : resolve(process.argv[outAt + 1] ?? '');
const NCC = join(ROOT, 'node_modules/@vercel/ncc/dist/ncc/cli.js');

function ncc(entry: string, out: string, ...extra: string[]): void {
  execFileSync(
    process.execPath,
    [NCC, 'build', entry, '--out', out, '--minify', '--license', 'licenses.txt', ...extra],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}

// ncc leaves files it did not write: a chunk that a change removed would stay behind.
rmSync(DIST, { recursive: true, force: true });
ncc('src/index.ts', DIST, '--external', './undici.cjs');

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
