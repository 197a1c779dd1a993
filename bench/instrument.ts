// An instrumented copy of dist/ for the start-up breakdown. ncc bundles every module into a function
// that its runtime evaluates on first `__nccwpck_require__(id)`; the copy wraps that function to time
// each module's evaluation (children included) and, at exit, writes the timings, each module's size
// in the bundle, and what it is (a Node built-in, or its export names) to BENCH_MODULES_FILE. The
// wrapper goes where ncc declares the function, in its scope, so it works for an ES-module bundle
// and for a CommonJS one (where the whole bundle is inside a function). The entry's own code is not
// in the table: in a CommonJS bundle it runs inline, and it ends by calling run(), whose first act
// is `process.on('unhandledRejection', …)`; that first call marks the end of module evaluation.
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, scratchDir } from './child.ts';

const REQUIRE_DECLARATION = 'function __nccwpck_require__(';
const INNER = '__bench_inner_require__';

/** What the instrumented bundle writes at exit. Times are performance.now() in the child. */
export interface ModuleTrace {
  timeOrigin: number;
  bootstrap: number;
  /** The bundle's first line ran: Node has read, parsed and linked it. */
  bundleStart: number;
  /** The first process.on() after bundleStart: src/main.ts's run() has started, every import is evaluated. */
  runStart?: number;
  /** Characters of the bundle outside the module table: ncc's runtime and, in a CommonJS bundle, the entry's code. */
  outsideTableChars: number;
  modules: ModuleRecord[];
}

export interface ModuleRecord {
  id: string;
  parent: string | null;
  start: number;
  end: number;
  /** Characters of the module's function in the minified bundle. */
  chars: number;
  /** 'node:http' for a Node built-in; otherwise undefined. */
  builtin?: string;
  /** Up to 12 export names, to recognise a package. */
  exportNames: string[];
  /** The package, where its code says so (minified export names do not): '@actions/core', 'p-retry'. */
  hint?: string;
}

const PRELUDE = `const __bench = { bundleStart: performance.now(), modules: [], stack: [], seen: new Set(), exports: new Map() };
function __nccwpck_require__(id) {
  if (__bench.seen.has(id)) return ${INNER}(id);
  __bench.seen.add(id);
  const parent = __bench.stack.length ? __bench.stack[__bench.stack.length - 1] : null;
  __bench.stack.push(id);
  const start = performance.now();
  try {
    const exported = ${INNER}(id);
    __bench.exports.set(id, exported);
    return exported;
  } finally {
    const end = performance.now();
    __bench.stack.pop();
    __bench.modules.push({ id: String(id), parent: parent === null ? null : String(parent), start, end });
  }
}
process.on('exit', () => {
  const file = process.env.BENCH_MODULES_FILE;
  if (!file) return;
  const table = __nccwpck_require__.m || {};
  for (const record of __bench.modules) {
    const source = String(table[record.id] ?? '');
    record.chars = source.length;
    const builtin = /(?:import\\.meta\\.url\\)|\\brequire)\\("([^".][^"]*)"\\)\\s*\\}?$/.exec(source);
    if (builtin) record.builtin = 'node:' + builtin[1].replace(/^node:/, '');
    if (/function getInput\\(/.test(source) && /function setFailed\\(/.test(source)) record.hint = '@actions/core';
    else if (/function pRetry\\(/.test(source)) record.hint = 'p-retry';
    const exported = __bench.exports.get(Number(record.id)) ?? __bench.exports.get(record.id);
    let names = [];
    try { names = exported && typeof exported === 'object' || typeof exported === 'function' ? Object.keys(exported) : []; } catch {}
    record.exportNames = names.slice(0, 12);
  }
  const inTable = Object.values(table).reduce((sum, fn) => sum + String(fn).length, 0);
  const trace = { timeOrigin: performance.timeOrigin, bootstrap: performance.nodeTiming.bootstrapComplete, bundleStart: __bench.bundleStart, runStart: __bench.runStart, outsideTableChars: __BENCH_SOURCE_CHARS__ - inTable, modules: __bench.modules };
  process.getBuiltinModule('node:fs').writeFileSync(file, JSON.stringify(trace));
});
process.on = ((on) => function (...args) {
  __bench.runStart ??= performance.now();
  return on.apply(this, args);
})(process.on);
`;

/** Copies dist/ to a temporary directory with the wrapper in; undefined if ncc's runtime looks different. */
export function instrumentedCopy(): { entry: string } | { unavailable: string } {
  const dist = join(ROOT, 'dist');
  const source = readFileSync(join(dist, 'index.js'), 'utf8');
  const at = source.indexOf(REQUIRE_DECLARATION);
  if (at < 0 || source.indexOf(REQUIRE_DECLARATION, at + 1) >= 0) {
    return { unavailable: `dist/index.js has no single '${REQUIRE_DECLARATION}' (ncc's runtime changed?)` };
  }
  const dir = scratchDir();
  for (const name of readdirSync(dist)) {
    if (/\.(c|m)?js$/.test(name) || name === 'package.json') copyFileSync(join(dist, name), join(dir, name));
  }
  const instrumented =
    source.slice(0, at) +
    PRELUDE.replace('__BENCH_SOURCE_CHARS__', String(source.length)) +
    `function ${INNER}(` +
    source.slice(at + REQUIRE_DECLARATION.length);
  writeFileSync(join(dir, 'index.js'), instrumented);
  return { entry: join(dir, 'index.js') };
}
