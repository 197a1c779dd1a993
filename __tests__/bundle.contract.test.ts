/**
 * dist/ as `npm run bundle` (scripts/bundle.ts) leaves it: the files the runner and the licence
 * obligations need, and no more.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './support/runner.ts';

const DIST = join(ROOT, 'dist');

describe('dist/', () => {
  test('holds the entry, its chunks, the post step, undici and markdown-it built on their own, the stand-ins of four built-ins, the licences and the command line', () => {
    const files = readdirSync(DIST).map((name) => name.replace(/^\d+\.index\.js$/, '<chunk>.index.js'));
    expect([...new Set(files)].sort()).toEqual(
      [
        '<chunk>.index.js',
        'child_process.cjs',
        'cli',
        'crypto.cjs',
        'https.cjs',
        'index.js',
        'licenses.txt',
        'markdown-it.cjs',
        'package.json',
        'post.js',
        'tls.cjs',
        'undici.cjs',
      ].sort(),
    );
  });

  test('index.js requires undici and markdown-it from beside it rather than holding them (scripts/bundle.ts says why)', () => {
    const entry = readFileSync(join(DIST, 'index.js'), 'utf8');
    expect(entry).toContain('require("./undici.cjs")');
    expect(entry).toContain('require("./markdown-it.cjs")');
    // markdown-it's banner names it with its version: in its own file, not in the entry.
    const banner = /markdown-it \d+\.\d+\.\d+/;
    expect(entry).not.toMatch(banner);
    expect(readFileSync(join(DIST, 'markdown-it.cjs'), 'utf8')).toMatch(banner);
  });

  test.each([
    ['', ['child_process', 'crypto', 'https', 'tls']],
    ['cli/', ['crypto', 'https', 'tls']],
  ])(
    'dist/%s requires node:https, node:tls, node:child_process and node:crypto only through stand-ins beside it, which hand over the built-ins',
    async (dir, deferred) => {
      const code = readdirSync(join(DIST, dir))
        .filter((name) => name.endsWith('.js'))
        .map((name) => readFileSync(join(DIST, dir, name), 'utf8'))
        .join('\n');
      const requires = [...code.matchAll(/require\("(?:\.\/)?(?:node:)?(https|tls|child_process|crypto)(\.cjs)?"\)/g)];
      expect(requires.filter(([, , standIn]) => !standIn).map(([call]) => call)).toEqual([]);
      expect([...new Set(requires.map(([, name]) => name))].sort()).toEqual(deferred);
      for (const name of deferred) {
        const { default: standIn } = (await import(join(DIST, dir, `${name}.cjs`))) as {
          default: Record<string, unknown>;
        };
        const builtin = process.getBuiltinModule(`node:${name}`) as Record<string, unknown>;
        for (const key of Object.keys(builtin)) expect([key, standIn[key]]).toEqual([key, builtin[key]]);
      }
    },
  );

  test('licenses.txt names every dependency the bundle holds, and undici, which http-client brings', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: object };
    const named = new Set(readFileSync(join(DIST, 'licenses.txt'), 'utf8').split('\n'));
    const missing = [...Object.keys(pkg.dependencies), 'undici', 'tunnel'].filter((name) => !named.has(name));
    expect(missing).toEqual([]);
  });
});
