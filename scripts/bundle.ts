// `npm run bundle`: builds dist/ from src/index.ts with ncc's API: dist/index.js, the chunks of the
// `import()`s (Octokit when a run talks to GitHub, ask mode), undici.cjs, markdown-it.cjs, the
// stand-ins of four built-ins (https.cjs, tls.cjs, child_process.cjs, crypto.cjs), post.js and
// licenses.txt.
// It is CommonJS, which ncc's command line cannot emit for an ES-module package:
// Node then needs no ES module loader for dist/index.js, and the bundle takes its built-ins with
// plain require().
//
// Issue 20's bar: dist/ spends at most half of a conventional action's start-up above a bare
// `node:http` request, and no more memory. `npm run bench` builds the simple bundle (src/ in one ncc
// build, nothing deferred) beside dist/ in every run; it misses the bar by far (BENCHMARKS.md), for
// two packages, each built on its own and required on its first use:
// - undici: @actions/core imports @actions/http-client at load (for OIDC tokens, never asked for),
//   our transport imports it for HttpClient, and http-client imports undici at load for a ProxyAgent
//   only Octokit uses. Evaluating undici (and http2, tls, … that it loads) is most of the
//   conventional action's start-up. No `import()` of ours can defer a library's static import, and
//   webpack keeps it (the packages do not declare themselves free of side effects; @actions/core
//   exports only its whole index). So tsconfig.json's `paths` sends the bare name `undici` to
//   src/defer-undici.cjs, the one stand-in, which requires dist/undici.cjs on the first use of any
//   of its names. Built into index.js instead, undici is not evaluated at start but its 435 KiB are
//   still compiled, which the bench measured at about 50 ms: past the bar.
// - markdown-it: src/text/markdown-it.cjs requires it on the first comment read, a require() inside
//   a function (no stand-in: only this build's `externals` differ). Built into index.js, its 112 KiB
//   were parsed at every start, whether the run read a comment or not: the bench measured about
//   12 ms of CPU, which took dist/ past the bar (80.6 ms against 73.6, November 2026).
// And four of Node's built-ins, each through a stand-in this script writes beside the bundle
// (`writeDeferredBuiltins`), which requires it on the first use of any of its names: node:https and
// node:tls (http-client and tunnel load them at start, and so does our transport, for addresses
// that a run to an http:// service or without a proxy never has), node:child_process
// (@actions/exec, which @actions/core loads at start for a platform report the action never asks
// for), and node:crypto (@actions/core's file commands and our marker signatures load it at start;
// nearly every run uses it, but after its first request: this moves its cost, about 9 ms, past the
// create rather than saving it). Loading them kept dist/ past the bar (77.3 ms of CPU above the
// floor against 67.0, November 2026).
// Tests and `npm run local-action` run src/ as it is: they do not read `paths` or `externals` and
// load the real packages. Drop a package's own build when the bench's simple bundle meets the bar.
//
// The output is deterministic: CI rebuilds dist/ and fails when it differs from the committed one.
// `--out DIR` builds elsewhere (the bench builds its copies so).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const USAGE = `Usage: npm run bundle [-- [--out DIR] [--single]]

Builds dist/ from src/: the action's dist/index.js with its chunks, post.js and licenses.txt, and
the command line in dist/cli/. CI rebuilds it and fails when it differs from the committed dist/.
  --out DIR   build into DIR instead of dist/
  --single    src/ in one build, nothing deferred (the bench's simple bundle)
  --help      show this text; builds nothing`;
const known = new Set(['--out', '--single', '--help', '-h']);
const unknown = process.argv.slice(2).filter((arg, i, args) => !known.has(arg) && args[i - 1] !== '--out');
if (unknown.length || process.argv.includes('--help') || process.argv.includes('-h')) {
  if (unknown.length) console.error(`Unknown option ${unknown.join(' ')}\n`);
  (unknown.length ? console.error : console.log)(USAGE);
  process.exit(unknown.length ? 2 : 0);
}

const ROOT = join(import.meta.dirname, '..');
const outAt = process.argv.indexOf('--out');
const DIST = outAt === -1 ? join(ROOT, 'dist') : resolve(process.argv[outAt + 1] ?? '');
/** undici, built on its own: src/defer-undici.cjs requires it on the first use of any of its names. */
const UNDICI = './undici.cjs';
/** markdown-it, built on its own: src/text/markdown-it.cjs requires it on the first comment read. */
const MARKDOWN_IT = './markdown-it.cjs';
/** Built-ins required on their first use, through the stand-in `writeDeferredBuiltins` writes: `./https.cjs`, …. */
const DEFERRED_BUILTINS = ['https', 'tls', 'child_process', 'crypto'];
/** Each deferred built-in, by both its names, sent to its stand-in. */
const builtinExternals = Object.fromEntries(
  DEFERRED_BUILTINS.flatMap((name) => [name, `node:${name}`].map((request) => [request, `./${name}.cjs`])),
);
/** What index.js requires from beside it rather than holds; nothing with `--single` (the bench's simple bundle). */
const externals = process.argv.includes('--single')
  ? {}
  : { [UNDICI]: UNDICI, 'markdown-it': MARKDOWN_IT, ...builtinExternals };

/** What of webpack's modules the licenses need: a concatenated module holds others. */
type Module = {
  modules?: Module[];
  resourceResolveData?: { descriptionFileRoot?: string; descriptionFileData?: Package };
};
type Package = { name?: string; license?: string };
type Ncc = (
  entry: string,
  options: Record<string, unknown>,
) => Promise<{
  code: string;
  assets: Record<string, { source: string | Buffer }>;
  stats: { compilation: { modules: Set<Module> } };
}>;
const require = createRequire(import.meta.url);
const ncc = require('@vercel/ncc') as Ncc;
const options = { esm: false, minify: true, quiet: true, cache: false };
// ncc's cache does not notice a change of tsconfig.json's `paths`: every build starts afresh.
const main = await ncc(join(ROOT, 'src/index.ts'), { ...options, externals });
const undici = await ncc(join(ROOT, 'node_modules/undici/index.js'), options);
const markdownIt = await ncc(require.resolve('markdown-it'), options);
// ncc leaves files it did not write: a chunk that a change removed would stay behind.
rmSync(DIST, { recursive: true, force: true });
mkdirSync(DIST, { recursive: true });
writeFileSync(join(DIST, 'index.js'), main.code);
writeFileSync(join(DIST, UNDICI), undici.code);
writeFileSync(join(DIST, MARKDOWN_IT), markdownIt.code);
for (const [name, asset] of Object.entries(main.assets)) writeFileSync(join(DIST, name), asset.source);
if (!process.argv.includes('--single')) writeDeferredBuiltins(DIST, main);
writeFileSync(
  join(DIST, 'licenses.txt'),
  licenses([main, undici, markdownIt].flatMap((build) => [...build.stats.compilation.modules])),
);
// The post step's entry (action.yml `runs.post`): a few lines that load dist/index.js as the post step.
copyFileSync(join(ROOT, 'src/post.cjs'), join(DIST, 'post.js'));
// The root package.json says "module"; the runner runs dist/index.js and its chunks as CommonJS.
writeFileSync(join(DIST, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);

// The command line (package.json `bin`, docs/cli.md), built on its own into dist/cli/ so that the
// action's dist/index.js does not grow: dist/cli/index.js (`docs-agent`), and in dist/cli/emulator/
// the offline service (`docs-agent-emulator`, emulator/offline-cli.ts) with the assistant
// emulator's fixture pages beside it, where it reads them. Two builds, so that nothing of src/
// imports the emulator. package.json `files` ships dist/cli/ alone.
const CLI = join(DIST, 'cli');
const EMULATOR = join(CLI, 'emulator');
const cli = await ncc(join(ROOT, 'src/cli/main.ts'), {
  ...options,
  externals: { [UNDICI]: UNDICI, ...builtinExternals },
});
const emulator = await ncc(join(ROOT, 'emulator/offline-cli.ts'), { ...options, externals: { [UNDICI]: UNDICI } });
mkdirSync(join(EMULATOR, 'fixtures'), { recursive: true });
for (const [dir, build] of [
  [CLI, cli],
  [EMULATOR, emulator],
] as const) {
  writeFileSync(join(dir, 'index.js'), `#!/usr/bin/env node\n${build.code.replace(/^#!.*\n/, '')}`, { mode: 0o755 });
  // Its chunks only: ncc also relocates the fixture pages, under names it mangles.
  for (const [name, asset] of Object.entries(build.assets)) {
    if (name.endsWith('.js')) writeFileSync(join(dir, name), asset.source);
  }
}
// The same deferred undici as the action's (a proxy's first request loads it): dist/cli/ ships alone.
// The command line reads no comment, so it has no markdown-it.
writeFileSync(join(CLI, UNDICI), undici.code);
writeDeferredBuiltins(CLI, cli);
writeFileSync(
  join(CLI, 'licenses.txt'),
  licenses([cli, emulator, undici].flatMap((build) => [...build.stats.compilation.modules])),
);
// CommonJS, as dist/ is; its own package.json, because the package ships dist/cli/ without dist/package.json.
writeFileSync(join(CLI, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
for (const page of readdirSync(join(ROOT, 'emulator/assistant/fixtures'))) {
  copyFileSync(join(ROOT, 'emulator/assistant/fixtures', page), join(EMULATOR, 'fixtures', page));
}

/**
 * The stand-in of each deferred built-in that `build` requires: it requires the built-in on the
 * first use of any of its names. A Proxy rather than a list of names, as src/defer-undici.cjs is;
 * webpack reads a name of an external at each use (`https.request`), never when the module loads.
 */
function writeDeferredBuiltins(
  dir: string,
  build: { code: string; assets: Record<string, { source: string | Buffer }> },
): void {
  const code = [build.code, ...Object.values(build.assets).map((asset) => String(asset.source))].join('\n');
  for (const name of DEFERRED_BUILTINS.filter((name) => code.includes(`require("./${name}.cjs")`))) {
    const standIn = [
      `// node:${name}, required on the first use of any of its names (scripts/bundle.ts says why).`,
      `'use strict';`,
      '',
      'let builtin;',
      `module.exports = new Proxy({}, { get: (_, name) => (builtin ??= require('node:${name}'))[name] });`,
      '',
    ];
    writeFileSync(join(dir, `${name}.cjs`), standIn.join('\n'));
  }
}

/**
 * licenses.txt: each bundled package's name, licence and licence file, by name. Not ncc's `license`
 * option: with chunks, it writes one list per chunk to the same file and the last one wins, which
 * left out every package of index.js (@actions/core, tunnel, p-retry, …).
 */
function licenses(modules: Module[]): string {
  const packages = new Map<string, string>();
  const visit = (module: Module): void => {
    module.modules?.forEach(visit);
    const { descriptionFileRoot: dir, descriptionFileData: json } = module.resourceResolveData ?? {};
    if (!dir?.includes('node_modules') || !json?.name || packages.has(json.name)) return;
    const file = readdirSync(dir).find((name) => /^(licen[cs]e|copying)/i.test(name));
    const text = file ? readFileSync(join(dir, file), 'utf8').trim() : '';
    packages.set(json.name, `${json.name}\n${json.license ?? 'UNKNOWN'}\n${text}`);
  };
  modules.forEach(visit);
  return `${[...packages]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, entry]) => entry)
    .join('\n\n')}\n`;
}
