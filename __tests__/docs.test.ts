/**
 * The documentation as a whole: the README stays short and points to every page of docs/, and every
 * relative link in README.md, CONTRIBUTING.md, SECURITY.md and docs/ reaches a file that exists, and
 * the heading it names, as GitHub renders them. No test parses what the prose says; facts in the
 * docs are checked where they are tables or code (readme.test.ts, examples.test.ts, commands.test.ts).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { ROOT } from './support/runner.ts';
import { render } from './support/render.ts';

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** Each page rendered once: a page's links and the headings other pages' links name come from it. */
const rendered = new Map<string, ReturnType<typeof render>>();
function renderOf(file: string): ReturnType<typeof render> {
  let page = rendered.get(file);
  if (page === undefined) rendered.set(file, (page = render(read(file))));
  return page;
}

const DOCS = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => `docs/${name}`);
const PAGES = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', ...DOCS];

/**
 * The anchor GitHub gives a heading: its text lower-cased, without punctuation or symbols (letters,
 * digits, marks, `_`, `-` and spaces stay), spaces turned into hyphens; a repeated one gets `-1`,
 * `-2`… This is github-slugger's rule, which GitHub uses, with Unicode classes for its character list.
 */
export function slugs(headings: string[]): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const heading of headings) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** The relative links of a page: each with the file it names (from the root) and its anchor. */
function relativeLinks(page: string): { href: string; file: string; anchor: string }[] {
  return renderOf(page)
    .links.filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('//'))
    .map((href) => {
      const [path = '', anchor = ''] = href.split('#');
      const file = path === '' ? page : normalize(join(dirname(page), decodeURI(path)));
      return { href, file: relative('.', file), anchor };
    });
}

describe('sizes', () => {
  // The issue asks for "under 15 KB" and "under 5 KB"; counted in thousands of bytes, the stricter reading.
  test.each([
    ['README.md', 15_000],
    ['CONTRIBUTING.md', 5_000],
  ])('%s is under %d bytes', (file, limit) => {
    expect(statSync(join(ROOT, file)).size).toBeLessThan(limit);
  });
  // Issue 31's weight for the benchmark: every figure BENCHMARKS.md reports, in at most 600 lines.
  test('bench/ is at most 600 lines', () => {
    const files = readdirSync(join(ROOT, 'bench'));
    const lines = files.map((file) => read(`bench/${file}`).split('\n').length - 1);
    expect(files.length).toBeGreaterThan(5);
    expect(lines.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(600);
  });
});

describe('the README', () => {
  test('links every page of docs/', () => {
    const linked = new Set(relativeLinks('README.md').map((link) => link.file));
    expect(DOCS.length).toBeGreaterThanOrEqual(6);
    expect(DOCS.filter((doc) => !linked.has(doc))).toEqual([]);
  });

  test('has a table of contents whose links reach its own headings', () => {
    const own = relativeLinks('README.md').filter((link) => link.file === 'README.md' && link.anchor);
    expect(own.length).toBeGreaterThanOrEqual(6);
  });
});

describe('relative links', () => {
  test.each(PAGES)('%s: every one reaches an existing file, and the heading it names', (page) => {
    const broken = relativeLinks(page).flatMap(({ href, file, anchor }) => {
      if (!existsSync(join(ROOT, file))) return [`${href}: no file ${file}`];
      if (!anchor || !file.endsWith('.md')) return [];
      return slugs(renderOf(file).headings).has(anchor) ? [] : [`${href}: no heading #${anchor} in ${file}`];
    });
    expect(broken).toEqual([]);
  });

  test("headings get GitHub's anchors", () => {
    expect(
      slugs(['`/docs` on an issue or pull request', 'How it waits, and what it costs', 'Re-runs', 'Re-runs']),
    ).toEqual(new Set(['docs-on-an-issue-or-pull-request', 'how-it-waits-and-what-it-costs', 're-runs', 're-runs-1']));
    expect(slugs(['dist/', 'Why jest 29', 'Ça marche — déjà'])).toEqual(
      new Set(['dist', 'why-jest-29', 'ça-marche--déjà']),
    );
  });
});
