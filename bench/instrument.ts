// An instrumented copy of dist/ for the start-up breakdown. ncc bundles every module into a function
// that its runtime evaluates on first `__nccwpck_require__(id)`; the copy wraps that function to time
// each module's evaluation (children included) and, at exit, writes the timings, each module's size
// in the bundle, and what it is (a Node built-in, or its export names) to BENCH_MODULES_FILE.
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
}

const PRELUDE = `import { writeFileSync as __benchWrite } from 'node:fs';
const __bench = { bundleStart: performance.now(), modules: [], stack: [], seen: new Set(), exports: new Map() };
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
    const builtin = /import\\.meta\\.url\\)\\("([^"]+)"\\)\\s*\\}?$/.exec(source);
    if (builtin) record.builtin = 'node:' + builtin[1].replace(/^node:/, '');
    const exported = __bench.exports.get(Number(record.id)) ?? __bench.exports.get(record.id);
    let names = [];
    try { names = exported && typeof exported === 'object' || typeof exported === 'function' ? Object.keys(exported) : []; } catch {}
    record.exportNames = names.slice(0, 12);
  }
  const trace = { timeOrigin: performance.timeOrigin, bootstrap: performance.nodeTiming.bootstrapComplete, bundleStart: __bench.bundleStart, modules: __bench.modules };
  __benchWrite(file, JSON.stringify(trace));
});
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
    if (name.endsWith('.js') || name === 'package.json') copyFileSync(join(dist, name), join(dir, name));
  }
  const instrumented =
    PRELUDE + source.slice(0, at) + `function ${INNER}(` + source.slice(at + REQUIRE_DECLARATION.length);
  writeFileSync(join(dir, 'index.js'), instrumented);
  return { entry: join(dir, 'index.js') };
}
