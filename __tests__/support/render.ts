/**
 * Markdown as GitHub shows it: comments and job summaries rendered to HTML by support/markdown-html.ts
 * (micromark and GFM, GitHub's dialect), then read as a person reads them. Tests assert on what a
 * reader sees (the visible text) and on what is live (links, images, tags), never on the raw markdown.
 *
 * GitHub's own post-processing (mentions, `#123` references) is not micromark's: tests check those
 * on the text, where a zero-width space after `@` or `#` is what stops GitHub from linking.
 */
import type * as MarkdownHtml from './markdown-html.ts';

const ZWSP = /\u200b/g;

/**
 * The HTML GitHub would make of `markdown`. Under jest, the renderer jest.environment.js hosts
 * (loaded and warmed before V8's coverage starts: markdown-html.ts says why); elsewhere (a worker
 * thread of support/in-worker.ts), the module itself.
 */
export const renderHtml: (markdown: string) => string =
  (globalThis as { [key: symbol]: typeof MarkdownHtml.renderHtml | undefined })[
    Symbol.for('docs-agent-action.render-html')
  ] ?? (await import('./markdown-html.ts')).renderHtml;

export interface Rendered {
  html: string;
  /** What a reader sees: the text of the HTML, block by block on lines, zero-width spaces removed. */
  text: string;
  /** The targets of every link (`<a href>`), in order. */
  links: string[];
  /** The sources of every image (`<img src>`). */
  images: string[];
  /** The visible text of every heading (`<h1>` to `<h6>`), in order. */
  headings: string[];
}

export function render(markdown: string): Rendered {
  const html = renderHtml(markdown);
  return {
    html,
    text: visibleText(html),
    links: attributes(html, 'a', 'href'),
    images: attributes(html, 'img', 'src'),
    headings: Array.from(html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi), (match) => visibleText(match[2] ?? '')),
  };
}

/** What a reader sees of `markdown` rendered (render().text). */
export function seen(markdown: string): string {
  return render(markdown).text;
}

/** Block elements end a line; table cells are set apart by ' | '. */
const BLOCK_END = /<\/(?:p|h[1-6]|li|tr|blockquote|pre|table|ul|ol|div|details|summary)>|<br\s*\/?>|<hr\s*\/?>/gi;

function visibleText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/t[dh]>\s*(?=<t[dh][\s>])/gi, ' | ')
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(ZWSP, '')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** The entities micromark writes, and the numeric ones raw HTML may carry. Others stay as written. */
function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return text.replace(
    /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi,
    (whole, dec?: string, hex?: string, name?: string) => {
      if (dec !== undefined || hex !== undefined) {
        const code = dec !== undefined ? Number(dec) : parseInt(hex ?? '', 16);
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return named[(name ?? '').toLowerCase()] ?? whole;
    },
  );
}

function attributes(html: string, tag: string, attribute: string): string[] {
  const pattern = new RegExp(`<${tag}\\b[^>]*?\\s${attribute}="([^"]*)"`, 'gi');
  return Array.from(html.matchAll(pattern), (match) => decodeEntities(match[1] ?? ''));
}

/**
 * The text of an HTML fragment as a browser shows it, every character that shows as nothing
 * removed: a leak is judged on this, not on the markdown source, where escapes and zero-width
 * characters would hide it from a string search but not from a reader.
 */
export function pageText(html: string): string {
  return decodeEntities(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, '')).replace(
    /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu,
    '',
  );
}

/** What a person reads of a comment or a summary: the markdown rendered, then pageText. */
export function shownText(source: string): string {
  return pageText(renderHtml(source));
}
