// `node bench/markdown.ts`: how long reading a comment takes (finding the request, and the text
// that reaches the agent), on the worst shapes of each markdown construct at GitHub's size limit
// for a comment. A measurement, not a test: it prints a table. The tests bound the same shapes with
// a ceiling far above these figures (__tests__/markdown.test.ts).
//
// It chose the parser. At 64 KiB, micromark (with mdast-util-from-markdown and GFM) took more than
// 20 s on a third of these shapes (nested lists, `*a` runs, setext headings, mixed delimiters) and
// 5 to 13 s on others, so no cap short of refusing ordinary comments would bound it; markdown-it
// stays under a second on all of them, growing linearly with the length.
import { findRequest } from '../src/github/request.ts';
import { MAX_MARKDOWN, visibleMarkdown } from '../src/text/markdown.ts';
import { HOSTILE_SHAPES } from '../__tests__/support/markdown-shapes.ts';

findRequest('warm up\n/docs x', '/docs');
const rows: string[] = [];
for (const [name, text] of Object.entries(HOSTILE_SHAPES(MAX_MARKDOWN))) {
  const started = performance.now();
  findRequest(text, '/docs');
  const found = performance.now();
  visibleMarkdown(text);
  const shown = performance.now();
  rows.push(`${name.padEnd(34)} ${(found - started).toFixed(0).padStart(7)} ${(shown - found).toFixed(0).padStart(7)}`);
}
console.log(`${'shape (64 KiB)'.padEnd(34)} ${'request'.padStart(7)} ${'visible'.padStart(7)}   (ms)`);
console.log(rows.join('\n'));
