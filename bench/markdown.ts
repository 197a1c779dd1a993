// `node bench/markdown.ts`: CPU ms of reading each worst markdown shape (__tests__/support/markdown-shapes.ts)
// at 16 and 64 KiB: a ratio near 4 is linear, near 16 quadratic; `parse` is markdown-it's own share.
import markdownIt from 'markdown-it';
import { MAX_MARKDOWN, readMarkdown } from '../src/text/markdown.ts';
import { HOSTILE_SHAPES } from '../__tests__/support/markdown-shapes.ts';

const plain = new markdownIt('commonmark', { maxNesting: 100 }).enable(['table', 'strikethrough']);
/** The least CPU ms of five runs of `work`. */
function cpu(work: () => void): number {
  const runs = Array.from({ length: 5 }, () => {
    const start = process.cpuUsage();
    work();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  });
  return Math.min(...runs);
}

readMarkdown('warm up [a](b "c") <!-- d -->\n/docs x');
const [small, large] = [HOSTILE_SHAPES(MAX_MARKDOWN / 4), HOSTILE_SHAPES(MAX_MARKDOWN)];
console.log(['shape'.padEnd(40), '16 KiB', '64 KiB', 'ratio', 'parse', '(ms of CPU)'].join('  '));
for (const [name, text] of Object.entries(large)) {
  const [quarter, whole] = [cpu(() => readMarkdown(small[name] ?? '')), cpu(() => readMarkdown(text))];
  const parse = cpu(() => plain.parse(text.slice(0, MAX_MARKDOWN), {}));
  const ratio = quarter > 0.5 ? (whole / quarter).toFixed(1) : '-';
  console.log(
    [
      name.padEnd(40),
      ...[quarter, whole].map((ms) => ms.toFixed(0).padStart(6)),
      ratio.padStart(5),
      parse.toFixed(0).padStart(5),
    ].join('  '),
  );
}
