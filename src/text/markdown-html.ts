/**
 * The hidden parts of an HTML block: what of raw HTML renders as nothing (everything but the text
 * between tags), found with a linear scan and mapped back to the source.
 */
import type { Token } from 'markdown-it';
import { blankLines, locate, type Edit } from './markdown-source.ts';

/** The hidden parts of an HTML block: its comments, processing instructions and declarations, tags, and scripts and styles. */
export function htmlBlockEdits(token: Token, source: string, lineStarts: number[]): Edit[] {
  const map = token.map ?? [0, 0];
  const content = token.content.endsWith('\n') ? token.content.slice(0, -1) : token.content;
  const at = locate(content, source, lineStarts, map);
  if (!at) return blankLines(source, lineStarts, map);
  return hiddenHtml(content).map((edit) => ({ from: at(edit.from), to: at(edit.to - 1) + 1, insert: '' }));
}

const TAG_START = /<\/?[A-Za-z][A-Za-z0-9-]*/y;
const HIDDEN_ELEMENT = /<(script|style)\b/iy;

/**
 * The spans of raw HTML that render as nothing: everything but the text between tags. Linear: each
 * search for an end starts where the last one stopped and consumes what it passed.
 */
function hiddenHtml(html: string): Edit[] {
  const edits: Edit[] = [];
  const hide = (from: number, to: number): number => {
    edits.push({ from, to, insert: '' });
    return to;
  };
  const through = (from: number, end: string): number => {
    const at = html.indexOf(end, from);
    return at === -1 ? html.length : at + end.length;
  };
  let lower: string | undefined;
  let at = html.indexOf('<');
  while (at !== -1 && at < html.length) {
    let next = at + 1;
    if (html.startsWith('<!--', at)) {
      next = hide(
        at,
        html.startsWith('>', at + 4) ? at + 5 : html.startsWith('->', at + 4) ? at + 6 : through(at + 4, '-->'),
      );
    } else if (html.startsWith('<![CDATA[', at)) {
      next = hide(at, through(at + 9, ']]>'));
    } else if (html.startsWith('<?', at)) {
      next = hide(at, through(at + 2, '?>'));
    } else if (/^<![A-Za-z]/.test(html.slice(at, at + 3))) {
      next = hide(at, through(at + 2, '>'));
    } else {
      TAG_START.lastIndex = at;
      if (TAG_START.test(html)) {
        const end = tagEnd(html, TAG_START.lastIndex);
        HIDDEN_ELEMENT.lastIndex = at;
        const element = HIDDEN_ELEMENT.exec(html)?.[1];
        lower ??= html.toLowerCase();
        const close = element ? lower.indexOf(`</${element.toLowerCase()}`, end) : -1;
        next = hide(at, element ? (close === -1 ? html.length : tagEnd(html, close + 2)) : end);
      }
    }
    at = html.indexOf('<', next);
  }
  return edits;
}

/** Where the tag whose attributes start at `from` ends: after its `>`, quoted values skipped; the end of the text if never. */
function tagEnd(html: string, from: number): number {
  let quote = '';
  for (let at = from; at < html.length; at++) {
    const char = html[at];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '>') {
      return at + 1;
    }
  }
  return html.length;
}
