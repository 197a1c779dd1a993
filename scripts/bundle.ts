// `npm run bundle`: builds dist/ from src/index.ts with ncc's API: dist/index.js, the chunks of the
// two `import()`s (Octokit when a run talks to GitHub, ask mode), licenses.txt, and undici.cjs.
// It is CommonJS, which ncc's command line cannot emit for an ES-module package: Node then needs no
// ES module loader for dist/index.js, and the bundle takes its built-ins with plain require().
//
// One module is deferred, undici: @actions/core imports @actions/http-client at load (for OIDC
// tokens, which this action never asks for), and http-client imports undici at load. Reading and
// evaluating it is most of what a conventional action spends before its first request
// (BENCHMARKS.md). No `import()` of ours can defer a library's static import, and neither ncc nor
// esbuild drop it (the packages do not declare themselves free of side effects). So tsconfig.json's
// `paths` sends the bare name `undici` to src/defer-undici.cjs, which requires dist/undici.cjs, the
// package built on its own, on the first use of any of its names: Octokit's requests and a proxy.
// Built into index.js instead, its 435 KiB would still be read and parsed at every start, which
// `npm run bench` measured as too much. The bench measures the bundle without the deferral beside
// dist/ in every run: drop it when the difference stops mattering.
//
// markdown-it is deferred the same way (src/defer-markdown-it.cjs, dist/markdown-it.cjs): only a run
// that reads a comment or an issue body parses markdown, and evaluating it with its entity tables
// costs about 30 ms and 5 MiB.
//
// The output is deterministic: CI rebuilds dist/ and fails when it differs from the committed one.
// `--out DIR` builds elsewhere (the bench builds its copies so).
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const outAt = process.argv.indexOf('--out');
const DIST = outAt === -1 ? join(ROOT, 'dist') : resolve(process.argv[outAt + 1] ?? '');
/** The deferred packages, each built on its own into dist/ and required by its src/defer-*.cjs on first use. */
const DEFERRED: Record<string, string> = {
  './undici.cjs': 'node_modules/undici/index.js',
  // The ES module build: ncc writes it as CommonJS with `default` and `__esModule`, as the deferral reads it.
  './markdown-it.cjs': 'node_modules/markdown-it/dist/markdown-it.mjs',
};

type Ncc = (
  entry: string,
  options: Record<string, unknown>,
) => Promise<{ code: string; assets: Record<string, { source: string | Buffer }> }>;
const ncc = createRequire(import.meta.url)('@vercel/ncc') as Ncc;
// ncc's cache does not notice a change of tsconfig.json's `paths`: every build starts afresh.
const options = { esm: false, minify: true, license: 'licenses.txt', quiet: true, cache: false };

const externals = Object.fromEntries(Object.keys(DEFERRED).map((file) => [file, file]));
const main = await ncc(join(ROOT, 'src/index.ts'), { ...options, externals });
const deferred: [string, Awaited<ReturnType<Ncc>>][] = [];
for (const [file, entry] of Object.entries(DEFERRED)) deferred.push([file, await ncc(join(ROOT, entry), options)]);
// ncc leaves files it did not write: a chunk that a change removed would stay behind.
rmSync(DIST, { recursive: true, force: true });
mkdirSync(DIST, { recursive: true });
writeFileSync(join(DIST, 'index.js'), main.code);
for (const [file, build] of deferred) writeFileSync(join(DIST, file), build.code);
for (const [name, asset] of Object.entries(main.assets)) writeFileSync(join(DIST, name), asset.source);
// The main build leaves the deferred packages out, so their licenses come from their own builds.
const licenses = [main, ...deferred.map(([, build]) => build)].map((build) =>
  String(build.assets['licenses.txt']?.source ?? '').trim(),
);
writeFileSync(join(DIST, 'licenses.txt'), `${licenses.join('\n\n')}\n`);
// The post step's entry (action.yml `runs.post`): a few lines that load dist/index.js as the post step.
copyFileSync(join(ROOT, 'src/post.cjs'), join(DIST, 'post.js'));
// The root package.json says "module"; the runner runs dist/index.js and its chunks as CommonJS.
writeFileSync(join(DIST, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);

// The command line (package.json `bin`, docs/cli.md), built on its own into dist/cli/ so that the
// action's dist/index.js does not grow: dist/cli/index.js, the chunk of the `emulator` command
// (emulator/offline.ts, loaded only by it) and the assistant emulator's fixture pages beside it,
// where that chunk reads them. package.json `files` ships dist/cli/ alone.
const CLI = join(DIST, 'cli');
const cli = await ncc(join(ROOT, 'src/cli/main.ts'), options);
mkdirSync(join(CLI, 'fixtures'), { recursive: true });
writeFileSync(join(CLI, 'index.js'), `#!/usr/bin/env node\n${cli.code.replace(/^#!.*\n/, '')}`, { mode: 0o755 });
// Its chunks and licenses only: ncc also relocates the fixture pages, under names it mangles.
for (const [name, asset] of Object.entries(cli.assets)) {
  if (name.endsWith('.js') || name === 'licenses.txt') writeFileSync(join(CLI, name), asset.source);
}
// CommonJS, as dist/ is; its own package.json, because the package ships dist/cli/ without dist/package.json.
writeFileSync(join(CLI, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
for (const page of readdirSync(join(ROOT, 'emulator/assistant/fixtures'))) {
  copyFileSync(join(ROOT, 'emulator/assistant/fixtures', page), join(CLI, 'fixtures', page));
}
