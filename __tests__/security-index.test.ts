// SECURITY.md's index ("Guarantees and the tests that hold them") names the test that holds each
// guarantee: a guarantee whose test was renamed, deleted or skipped is held by nothing. Each name
// is looked up in the syntax of the file it follows (support/test-titles.ts, in a worker thread).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inWorker } from './support/in-worker.ts';
import type { DeclaredTest } from './support/test-titles.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

interface Reference {
  file: string;
  /** A test's or a describe's title; `…` stands for any text (a parameter, or a long title cut). */
  name?: string;
  /** Where the index says the test runs: the tag right after its name. */
  where?: string;
  /** The index's item, for the failure message. */
  item: string;
}

/** The tags that say where a test runs, as the index writes them after each test's name. */
const WHERE = ['in-process', 'child run', 'in-process and child runs'];

/**
 * Every file and test the index names. In each item (a bullet or a paragraph), a backquoted
 * `__tests__/…` path names a file, and each straight-quoted "…" after it a test of the last file
 * named ("same file" then needs nothing more), followed by where it runs: "(in-process)", "(child
 * run)" or, for a describe or a table of cases, "(in-process and child runs)", the tag alone or
 * before a colon or a semicolon. Quotations that are
 * no test's name use other quotes.
 */
function references(markdown: string): Reference[] {
  const start = markdown.indexOf('## Guarantees and the tests that hold them');
  const end = markdown.indexOf('\n## ', start + 1);
  expect(start).toBeGreaterThan(0);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const items = section.split(/\n(?=- )|\n\s*\n/).map((item) => item.replace(/\s*\n\s*/g, ' '));
  const found: Reference[] = [];
  for (const item of items) {
    let file: string | undefined;
    for (const match of item.matchAll(/`(__tests__\/[^`]+)`|"([^"]+)"/g)) {
      const [whole, path, name] = match;
      if (path) {
        file = path;
        found.push({ file, item });
      } else if (file) {
        // The tag may go on with what the test tries: "(child run: the link run with bash)".
        const where = /^\s*\(([^):;]*)[):;]/.exec(item.slice(match.index + whole.length))?.[1];
        found.push({ file, name, where, item });
      } else throw new Error(`SECURITY.md quotes "${name}" before naming a test file: ${item}`);
    }
  }
  return found;
}

const straight = (text: string): string => text.replaceAll('’', "'");

function matches(name: string, title: string): boolean {
  const pattern = straight(name)
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`, 's').test(straight(title));
}

const index = references(readFileSync(join(ROOT, 'SECURITY.md'), 'utf8'));

test('the index names tests', () => {
  expect(index.filter((reference) => reference.name).length).toBeGreaterThan(20);
});

test('each file the index names exists', () => {
  expect(index.filter((reference) => !existsSync(join(ROOT, reference.file)))).toEqual([]);
});

test('each test the index names exists in its file, runs, and runs where the index says', async () => {
  const worker = inWorker();
  const module = new URL('./support/test-titles.ts', import.meta.url);
  const declared = new Map<string, DeclaredTest[]>();
  try {
    for (const { file } of index.filter((reference) => reference.name)) {
      if (!declared.has(file))
        declared.set(file, (await worker.call(module, 'declaredTests', [join(ROOT, file)], 60_000)) as DeclaredTest[]);
    }
  } finally {
    await worker.close();
  }
  const wrong = index.flatMap(({ file, name, where }) => {
    if (!name) return [];
    const tests = declared.get(file) ?? [];
    if (tests.some((test) => test.only)) return [`${file}: .only skips every other test`];
    const named = tests.filter(
      (test) => !test.describe && !test.skipped && test.titles.some((title) => matches(name, title)),
    );
    if (named.length === 0) return [`${file}: "${name}" is not a test that runs`];
    const kinds = new Set(named.map((test) => test.runs));
    const runs = kinds.size === 1 ? [...kinds][0] : 'in-process and child runs';
    return where === runs ? [] : [`${file}: "${name}" says (${where ?? 'nothing'}), runs (${runs})`];
  });
  expect(wrong).toEqual([]);
});

test('each test the index names says where it runs', () => {
  const untagged = index.filter(({ name, where }) => name && !WHERE.includes(where ?? ''));
  expect(untagged.map(({ file, name }) => `${file}: "${name}"`)).toEqual([]);
});

test('a name matches a title whole, with … for any text', () => {
  expect(matches('SIGINT while an answer streams…', 'SIGINT while an answer streams ends the run')).toBe(true);
  expect(matches('a base-url with … is refused', 'a base-url with %s is refused')).toBe(true);
  expect(matches('a person’s copy', "a person's copy")).toBe(true);
  expect(matches('the answer stream', 'the answer stream is bounded')).toBe(false);
  expect(matches('stream is bounded', 'the answer stream is bounded')).toBe(false);
});

test('a skipped test, a conditional one and where each runs are read from the syntax', async () => {
  const source = `
    function shipped() { return runAgainst(services, {}); }
    const either = (ghes) => (ghes ? runAgainst : runStepAgainst)(services, {});
    describe('d', () => {
      test('in this process', () => runStep({ inputs: {} }));
      test('signalled', () => runStep({ onSpawn: (child) => child.kill('SIGINT') }));
      test.each([1])('through a helper %s', () => shipped());
      test('one or the other', () => either(false));
      test('a variable named fork', () => expect(fork).toBe(1));
      test.skip('skipped', () => undefined);
      if (process.env.CI) test('only on CI', () => undefined);
    });
    xdescribe('x', () => test('under a skipped describe', () => undefined));
  `;
  const worker = inWorker();
  const tests = (await worker
    .call(new URL('./support/test-titles.ts', import.meta.url), 'declaredTests', ['inline.test.ts', source], 60_000)
    .finally(() => worker.close())) as DeclaredTest[];
  const seen = tests
    .filter((test) => !test.describe)
    .map(({ titles, skipped, runs }) => [titles.at(-1), skipped, runs]);
  expect(seen).toEqual([
    ['in this process', false, 'in-process'],
    ['signalled', false, 'child run'],
    ['through a helper %s', false, 'child run'],
    ['one or the other', false, 'in-process and child runs'],
    ['a variable named fork', false, 'in-process'],
    ['skipped', true, 'in-process'],
    ['only on CI', true, 'in-process'],
    ['under a skipped describe', true, 'in-process'],
  ]);
});
