// `npm run bundle`: builds dist/ with ncc's API (the CLI cannot emit CommonJS for an ES-module
// package, nor map a built-in to a file). dist/index.js is CommonJS: Node then needs no ES module
// loader for it (a few ms at every start), and the bundle takes its built-ins with plain require().
//   dist/index.js (+ its on-demand chunks)  src/, where tsconfig.json's `paths` puts stand-ins
//                                           (src/lazy-*.cjs) for undici, tunnel, @actions/exec,
//                                           @actions/http-client and markdown-it; the files they load are
//                                           left external;
//   dist/undici.cjs, dist/http-client.cjs,  those packages, each built on its own and required on first
//   dist/exec.cjs, dist/markdown-it.cjs     use of a name (tunnel is inside dist/http-client.cjs);
//   dist/lazy-crypto.cjs                    the stand-in for the built-in `crypto`: ncc treats built-ins
//                                           as externals before `paths` applies, so the stand-in of a
//                                           built-in is built on its own and the bundle's `crypto`
//                                           points to it.
// So a run that sends no request through a proxy and no request through Octokit never evaluates
// undici, http-client or tunnel, nor reads their code. The licenses of all builds go into
// dist/licenses.txt. The output is deterministic: CI rebuilds dist/ and fails when it differs from
// the committed one.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { basename, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = join(import.meta.dirname, '..');
// `--out DIR` builds elsewhere: bench/ compares such a fresh build with the committed dist/.
const outAt = process.argv.indexOf('--out');
const DIST = outAt === -1 ? join(ROOT, 'dist') : resolve(process.argv[outAt + 1] ?? '');
// `--source-map` builds a copy for `npm run coverage`, whose contract tests run it (scripts/coverage.ts):
// a .map beside each file of the src/ build, and no source-map-register. Only with `--out`: the
// committed dist/ has no maps. The copy is not minified: ncc's maps are webpack's
// cheap-module-source-map, line to line without columns, and minified code has few lines.
const SOURCE_MAP = process.argv.includes('--source-map');
if (SOURCE_MAP && outAt === -1) throw new Error('--source-map needs --out: dist/ is committed without maps');

interface NccOutput {
  code: string;
  map?: string;
  assets: Record<string, { source: string | Buffer }>;
}
type Ncc = (
  entry: string,
  options: {
    esm: boolean;
    minify: boolean;
    license: string;
    externals: Record<string, string>;
    quiet: boolean;
    sourceMap?: boolean;
    sourceMapRegister?: boolean;
  },
) => Promise<NccOutput>;
const ncc = createRequire(import.meta.url)('@vercel/ncc') as Ncc;

/** Packages built on their own: the stand-in of each requires the file, which the bundle leaves external. */
const SEPARATE: Record<string, string> = {
  'undici.cjs': 'node_modules/undici/index.js',
  'http-client.cjs': 'node_modules/@actions/http-client/lib/index.js',
  'exec.cjs': 'node_modules/@actions/exec/lib/exec.js',
  // The ES module build: ncc writes it as CommonJS with `default` and `__esModule`, as the stand-in defers.
  'markdown-it.cjs': 'node_modules/markdown-it/dist/markdown-it.mjs',
};

/** Stand-ins of built-ins (tsconfig.json's `paths` for a name like `crypto`), each built into dist/ under its own name. */
function builtinStandIns(): Record<string, string> {
  const { config } = ts.parseConfigFileTextToJson(
    'tsconfig.json',
    readFileSync(join(ROOT, 'tsconfig.json'), 'utf8'),
  ) as {
    config: { compilerOptions: { paths?: Record<string, string[]> } };
  };
  return Object.fromEntries(
    Object.entries(config.compilerOptions.paths ?? {})
      .filter(([name]) => isBuiltin(name))
      .map(([name, [target]]) => [name, target ?? '']),
  );
}

const licenses: string[] = [];

/** One CommonJS build of `entry`; writes its code (as `file`) and its chunks into DIST. */
async function build(entry: string, file: string, externals: Record<string, string>, sourceMap = false): Promise<void> {
  const { code, map, assets } = await ncc(join(ROOT, entry), {
    esm: false,
    minify: !sourceMap,
    license: 'licenses.txt',
    externals,
    quiet: true,
    ...(sourceMap ? { sourceMap: true, sourceMapRegister: false } : {}),
  });
  const write = (name: string, content: string | Buffer): void => {
    if (existsSync(join(DIST, name))) throw new Error(`Two builds write dist/${name}`);
    writeFileSync(join(DIST, name), content);
  };
  write(file, code);
  if (map) write(`${file}.map`, rebased(map));
  for (const [name, asset] of Object.entries(assets)) {
    if (name === 'licenses.txt') licenses.push(String(asset.source).trim());
    else if (name.endsWith('.map')) {
      if (name !== `${file}.map`) write(name, rebased(String(asset.source)));
    } else write(name, asset.source);
  }
}

/** ncc names each source as if the build were in dist/ ('../src/main.ts'): rebased on where the maps are. */
function rebased(map: string): string {
  const parsed = JSON.parse(map) as { sources: string[] };
  parsed.sources = parsed.sources.map((source) => relative(DIST, resolve(ROOT, 'dist', source)));
  return JSON.stringify(parsed);
}

// ncc leaves files it did not write: a chunk that a change removed would stay behind.
rmSync(DIST, { recursive: true, force: true });
mkdirSync(DIST, { recursive: true });
const separate = Object.fromEntries(Object.keys(SEPARATE).map((file) => [`./${file}`, `./${file}`]));
const builtins = builtinStandIns();
await build(
  'src/index.ts',
  'index.js',
  {
    ...separate,
    ...Object.fromEntries(Object.entries(builtins).map(([name, target]) => [name, `./${basename(target)}`])),
  },
  SOURCE_MAP,
);
for (const [file, entry] of Object.entries(SEPARATE)) await build(entry, file, separate);
for (const target of Object.values(builtins)) await build(target, basename(target), {});
// The root package.json says "module"; the runner runs dist/index.js and its chunks as CommonJS.
writeFileSync(join(DIST, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
writeFileSync(join(DIST, 'licenses.txt'), `${dedupeLicenses(licenses).join('\n\n')}\n`);

/** The builds share packages (the stand-ins' helper, http-client's proxy module): each license once, sorted. */
function dedupeLicenses(texts: string[]): string[] {
  const byPackage = new Map<string, string>();
  for (const text of texts) {
    // ncc's license file: blocks of "name\nlicense\ntext", separated by blank lines before a name line.
    for (const block of text.split(/\n\n(?=\S+\n[^\n]+\n)/)) {
      const name = block.split('\n', 1)[0] ?? '';
      if (!byPackage.has(name)) byPackage.set(name, block.trim());
    }
  }
  return [...byPackage.keys()].sort().map((name) => byPackage.get(name) ?? '');
}
