/**
 * The bundle's stand-ins (src/lazy-*.cjs, mapped by tsconfig.json's `paths`) export a fixed list
 * of names. A dependency update that imports another name from a deferred package would find
 * `undefined` there at run time — for undici, a proxy that silently stops working. These tests
 * read every production package's code for what it imports from each deferred package and
 * compare it with what the stand-in exports, and check the names against the real package.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { basename, join } from 'node:path';
import ts from 'typescript';
import { ROOT } from './support/runner.ts';

const require = createRequire(join(ROOT, 'package.json'));

/** Deferred package → its stand-in, from tsconfig.json. */
function standIns(): Record<string, string> {
  const { config, error } = ts.parseConfigFileTextToJson(
    'tsconfig.json',
    readFileSync(join(ROOT, 'tsconfig.json'), 'utf8'),
  );
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const paths = (config as { compilerOptions: { paths?: Record<string, string[]> } }).compilerOptions.paths ?? {};
  return Object.fromEntries(Object.entries(paths).map(([name, [target]]) => [name, join(ROOT, target ?? '')]));
}

/** What a stand-in exports, read without loading the real package (the names are getters). */
const exportedBy = (standIn: string): string[] => Object.keys(require(standIn) as object).sort();

/** Directories of the packages the action ships (not dev ones), from the lock file. */
function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && !entry.dev && !entry.devOptional)
    .map(([path]) => join(ROOT, path));
}

function codeFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...codeFiles(path));
    else if (/\.(c|m)?js$/.test(entry.name)) files.push(path);
  }
  return files;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Whether `at` lies in a block comment, such as a JSDoc type `{import('crypto')}`, which imports nothing. */
const inBlockComment = (code: string, at: number): boolean => code.lastIndexOf('/*', at) > code.lastIndexOf('*/', at);

/**
 * Every name the code in `files` takes from `pkg`: named imports and re-exports, members of a
 * namespace import or of a required module, destructured requires. A use that cannot be
 * enumerated (a default import, `export *`, a dynamic import, a required module passed around
 * whole) is reported as '*', which no stand-in exports.
 */
export function importedNames(pkg: string, files: { path: string; code: string }[]): Map<string, string[]> {
  const from = `['"]${escape(pkg)}['"]`;
  const found = new Map<string, string[]>();
  const add = (name: string, path: string): void => void found.set(name, [...(found.get(name) ?? []), path]);
  const list = (text: string): string[] =>
    text
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .split(/\s+as\s+|\s*:\s*/)[0]
            ?.trim() ?? '',
      )
      .filter(Boolean);
  for (const { path, code } of files) {
    if (!new RegExp(from).test(code)) continue;
    for (const m of code.matchAll(
      new RegExp(`(?:import|export)\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*${from}`, 'g'),
    ))
      for (const name of list(m[1] ?? '')) add(name, path);
    for (const m of code.matchAll(new RegExp(`import\\s+(\\w+)\\s*(?:,|from\\s*${from})`, 'g')))
      add('*', `${path} (default import ${m[1]})`);
    for (const _ of code.matchAll(new RegExp(`export\\s*\\*\\s*(?:as\\s+\\w+\\s*)?from\\s*${from}`, 'g')))
      add('*', `${path} (export *)`);
    for (const m of code.matchAll(new RegExp(`import\\(\\s*${from}\\s*\\)`, 'g')))
      if (!inBlockComment(code, m.index)) add('*', `${path} (dynamic import)`);
    for (const m of code.matchAll(new RegExp(`\\{([^}]*)\\}\\s*=\\s*require\\(\\s*${from}\\s*\\)`, 'g')))
      for (const name of list(m[1] ?? '')) add(name, path);
    const bindings = [
      ...code.matchAll(new RegExp(`import\\s*\\*\\s*as\\s+(\\w+)\\s+from\\s*${from}`, 'g')),
      ...code.matchAll(new RegExp(`(?:const|let|var)\\s+(\\w+)\\s*=\\s*require\\(\\s*${from}\\s*\\)`, 'g')),
    ];
    let rest = code;
    for (const m of bindings) rest = rest.replace(m[0], '');
    for (const binding of bindings.map((m) => m[1] ?? '')) {
      // Each use of the binding, not as a member or inside a module name; one without a member
      // means the module escapes whole.
      const use = new RegExp(`(?<![\\w$.'"/@-])${escape(binding)}(?![\\w$'"/-])(\\s*\\.\\s*(\\w+))?`, 'g');
      for (const m of rest.matchAll(use)) {
        if (m[2]) add(m[2], path);
        else add('*', `${path} (${binding} used whole)`);
      }
    }
  }
  return found;
}

const production = productionPackages();
const deferred = standIns();

test('tsconfig.json maps every stand-in in src/, and each stand-in exists', () => {
  const files = readdirSync(join(ROOT, 'src')).filter((name) => /^lazy-.+\.cjs$/.test(name));
  expect(
    Object.values(deferred)
      .map((path) => path.slice(join(ROOT, 'src/').length))
      .sort(),
  ).toEqual(files.sort());
  for (const path of Object.values(deferred)) expect(existsSync(path)).toBe(true);
});

/**
 * src/'s own modules import deferred packages too (markdown-it only from there). Type-only imports
 * are erased, and the stand-ins and their declarations are not users.
 */
function ownFiles(dir = join(ROOT, 'src')): { path: string; code: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ownFiles(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.d.ts')) return [];
    const code = readFileSync(path, 'utf8').replace(/^import type .*$/gm, '');
    return [{ path: path.slice(ROOT.length), code }];
  });
}

describe.each(Object.entries(deferred))('%s', (pkg, standIn) => {
  const files = production
    .filter((dir) => !dir.endsWith(`node_modules/${pkg}`))
    .flatMap(codeFiles)
    .map((path) => ({ path: path.slice(ROOT.length), code: readFileSync(path, 'utf8') }))
    .concat(ownFiles());

  test('the stand-in exports exactly the names the shipped packages import', () => {
    const imported = importedNames(pkg, files);
    // Nothing imported at all means the package is no longer used (drop the stand-in) or the scan broke.
    expect(imported.size).toBeGreaterThan(0);
    const exported = new Set(exportedBy(standIn));
    const missing = [...imported]
      .filter(([name]) => !exported.has(name))
      .map(([name, where]) => `${name}: ${where.join(', ')}`);
    expect(missing).toEqual([]);
    // And no more: a name nobody imports is a stand-in out of date with its package.
    expect(exportedBy(standIn)).toEqual([...imported.keys()].sort());
  });

  test('the real package exports each name the stand-in defers', async () => {
    const real = (await import(pkg)) as Record<string, unknown>;
    for (const name of exportedBy(standIn)) expect([name, typeof real[name]]).toEqual([name, 'function']);
  });
});

test('dist/undici.cjs, which the undici stand-in loads, exports its names', () => {
  const built = require(join(ROOT, 'dist/undici.cjs')) as Record<string, unknown>;
  for (const name of exportedBy(deferred.undici ?? '')) expect([name, typeof built[name]]).toEqual([name, 'function']);
});

test('the other files in dist/ that the stand-ins load, and the built stand-ins of built-ins, export their names', () => {
  for (const [pkg, standIn] of Object.entries(deferred)) {
    const source = readFileSync(standIn, 'utf8');
    const files = [...source.matchAll(/require\('\.\/([\w.-]+\.cjs)'\)/g)]
      .map((m) => m[1] ?? '')
      .filter((file) => file !== 'lazy.cjs');
    // A built-in's stand-in is itself built into dist/ (scripts/bundle.ts).
    if (isBuiltin(pkg)) files.push(basename(standIn));
    for (const file of files) {
      const built = require(join(ROOT, 'dist', file)) as Record<string, unknown>;
      for (const name of exportedBy(standIn))
        expect([file, name, typeof built[name]]).toEqual([file, name, 'function']);
    }
  }
});

describe('the scan', () => {
  const scan = (code: string) => [...importedNames('undici', [{ path: 'x.js', code }]).keys()].sort();

  test('finds named imports, namespace members and destructured requires', () => {
    expect(scan(`import { ProxyAgent, fetch as undiciFetch } from 'undici';`)).toEqual(['ProxyAgent', 'fetch']);
    expect(scan(`import * as u from "undici"; new u.Agent(); u.request(x);`)).toEqual(['Agent', 'request']);
    expect(scan(`const { Pool, errors: e } = require('undici');`)).toEqual(['Pool', 'errors']);
    expect(scan(`const u = require('undici'); u.setGlobalDispatcher(a);`)).toEqual(['setGlobalDispatcher']);
  });

  test('reports uses it cannot enumerate as *', () => {
    expect(scan(`import undici from 'undici';`)).toEqual(['*']);
    expect(scan(`export * from 'undici';`)).toEqual(['*']);
    expect(scan(`const m = await import('undici');`)).toEqual(['*']);
    expect(scan(`import * as u from 'undici'; register(u);`)).toEqual(['*']);
  });

  test('ignores import() in a JSDoc type', () => {
    expect(scan(`/** @type {import('undici')} */ const u = require('undici'); u.fetch(x);`)).toEqual(['fetch']);
  });
});

test('a deferred module is loaded on the first read of a name, and once', () => {
  const { defer } = require(join(ROOT, 'src/lazy.cjs')) as {
    defer: (target: object, load: () => Record<string, unknown>, names: string[]) => void;
  };
  let loads = 0;
  const target: Record<string, unknown> = {};
  defer(target, () => (loads++, { a: 1, b: 2 }), ['a', 'b']);
  expect(Object.keys(target)).toEqual(['a', 'b']);
  expect(loads).toBe(0);
  expect([target.a, target.b, target.a]).toEqual([1, 2, 1]);
  expect(loads).toBe(1);
});
