// `node bench/markdown.ts`: how long reading a comment takes (src/text/markdown.ts: the request,
// and the text that reaches the agent), on the worst shape of each markdown construct
// (__tests__/support/markdown-shapes.ts). A measurement, not a test: it prints a table, and the
// tests never time these shapes (__tests__/markdown.test.ts reads each once, for its answer).
//
// For each shape: the CPU time of one reading at GitHub's limit for a comment (64 KiB) and at a
// quarter of it (16 KiB), the best of a few, and their ratio. Reading is linear when the ratio is
// about 4; a ratio near 16 is quadratic work, ours or markdown-it's, and the last column says how
// much of the reading is markdown-it's own parse. Figures that chose markdown-it: at 64 KiB,
// micromark took more than 20 s on a third of these shapes (src/text/markdown.ts). A line trimmed
// with /[ \t]+$/ made "an open link, spaces, a quote, spaces" take 3 s at 64 KiB and grow 16-fold
// per 4-fold length until src/text/markdown-source.ts walked back instead.
import markdownIt from 'markdown-it';
import { MAX_MARKDOWN, readMarkdown } from '../src/text/markdown.ts';
import { HOSTILE_SHAPES } from '../__tests__/support/markdown-shapes.ts';

const ROUNDS = 5;
const plain = new markdownIt('commonmark', { maxNesting: 100 }).enable(['table', 'strikethrough']);

/** The least CPU time, in ms, of ROUNDS runs of `work`. */
function cpu(work: () => void): number {
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.cpuUsage();
    work();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

readMarkdown('warm up [a](b "c") <!-- d -->\n/docs x');
const small = HOSTILE_SHAPES(MAX_MARKDOWN / 4);
const large = HOSTILE_SHAPES(MAX_MARKDOWN);
const rows = Object.entries(large).map(([name, text]) => {
  const quarter = cpu(() => readMarkdown(small[name] ?? ''));
  const whole = cpu(() => readMarkdown(text));
  const parse = cpu(() => plain.parse(text.slice(0, MAX_MARKDOWN), {}));
  const ratio = quarter > 0.5 ? (whole / quarter).toFixed(1) : '-';
  return `${name.padEnd(40)} ${quarter.toFixed(0).padStart(7)} ${whole.toFixed(0).padStart(7)} ${ratio.padStart(6)} ${parse.toFixed(0).padStart(7)}`;
});
console.log(
  `${'shape'.padEnd(40)} ${'16 KiB'.padStart(7)} ${'64 KiB'.padStart(7)} ${'ratio'.padStart(6)} ${'parse'.padStart(7)}   (ms of CPU)`,
);
console.log(rows.join('\n'));
