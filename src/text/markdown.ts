/**
 * A comment's markdown as GitHub shows it, read with markdown-it (CommonMark, with GitHub's tables
 * and strikethrough): which lines are text someone wrote, as opposed to a quote (a lazy continuation
 * line included), a code block, an HTML block, or the inside of a code span or inline HTML begun on
 * an earlier line; and which parts render as nothing at all, so that they never reach the agent.
 *
 * Bounded work on any text: markdown-it is linear in practice on every shape that makes other
 * parsers quadratic (deep nesting of lists and quotes, runs of emphasis, brackets and backticks,
 * unclosed HTML: at 64 KiB it read each in under a second, while micromark, tried first, took over
 * 20 s on a third of them; __tests__/markdown.test.ts reads them all), it stops nesting at
 * MAX_NESTING, and the text is cut at GitHub's own limit for a comment or an issue body first.
 *
 * markdown-it has no source positions below the block level, so the inline rules that find hidden
 * parts are wrapped to note where their match began and ended in the paragraph's text, and each
 * paragraph's text is mapped back to the source line by line (each of its lines is the end of a
 * source line: `locate`). markdown-it is evaluated on the first comment read (./markdown-it.cjs says why).
 */
import type { MarkdownIt, Token } from 'markdown-it';
import { htmlBlockEdits } from './markdown-html.ts';
import { createParser, type Notes } from './markdown-parser.ts';
import { applyEdits, blankLines, lineEnd, locate, type Edit } from './markdown-source.ts';
import { stripInvisibleCharacters } from './sanitize.ts';

/** GitHub refuses a comment or an issue body longer than this; the rest of a longer text is not read. */
export const MAX_MARKDOWN = 65_536;

/** What a line is part of. */
export type LineKind = 'paragraph' | 'code' | 'html' | 'heading' | 'break' | 'table' | 'blank';

export interface LineInfo {
  kind: LineKind;
  /** The line is inside a block quote (a lazy continuation line of a quoted paragraph included). */
  quoted: boolean;
  /** A paragraph line that starts inside a code span, inline HTML or an image begun on an earlier line. */
  inInline: boolean;
}

export interface MarkdownText {
  /** The text as read: invisible and control characters removed, LF line ends, cut at MAX_MARKDOWN. */
  source: string;
  /** Each line of `source` (split on LF) with its place in the block structure. */
  lines: LineInfo[];
  /** `source` from `from` to `to` without what renders as nothing (see visibleMarkdown). */
  visible(from?: number, to?: number): string;
}

let parser: MarkdownIt | undefined;

/** The text's structure and its hidden parts, from one reading. */
export function readMarkdown(text: string): MarkdownText {
  const source = stripInvisibleCharacters(text.length > MAX_MARKDOWN ? text.slice(0, MAX_MARKDOWN) : text);
  const notes: Notes = { edits: [], definitions: [], inline: new WeakMap() };
  parser ??= createParser();
  const tokens = parser.parse(source, { docsAgent: notes });
  const lineStarts = [0];
  for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const lines: LineInfo[] = lineStarts.map(() => ({ kind: 'blank', quoted: false, inInline: false }));
  const edits = [...notes.edits, ...structure(tokens, source, lineStarts, lines, notes)].sort(
    (a, b) => a.from - b.from || b.to - a.to,
  );
  return {
    source,
    lines,
    visible: (from = 0, to = source.length) => applyEdits(source, edits, from, to),
  };
}

/**
 * The markdown without what GitHub renders as nothing: invisible characters, HTML comments, inline
 * HTML tags and the markup of HTML blocks (their attributes are never shown; the text between tags
 * stays), `<script>` and `<style>` with their content, link reference definitions (they never
 * render; links that use one get its address inline), link and image titles (shown only on hover),
 * links with no visible text, entities for invisible characters, an image's alt text (the picture
 * shows, not the text), math (`$…$`, `$$…$$`, a `math` fence: rendered as symbols whose source can
 * hide text, `\phantom{…}`), a mermaid diagram's `%%` comments, and what lies deeper than the
 * nesting limit. Other code is kept as written: it is shown as written. The rest stays markdown.
 */
export function visibleMarkdown(text: string): string {
  return readMarkdown(text).visible();
}

/**
 * Fills `lines` from the block tokens and returns the hidden parts found in them: the inline ones
 * noted by the wrapped rules, mapped to source offsets, and those of HTML blocks.
 */
function structure(tokens: Token[], source: string, lineStarts: number[], lines: LineInfo[], notes: Notes): Edit[] {
  const edits: Edit[] = [];
  const covered = new Uint8Array(lines.length);
  for (const line of notes.definitions) covered[line] = 1;
  const mark = (map: [number, number] | null, kind: LineKind, quoted: boolean): void => {
    if (!map) return;
    for (let line = map[0]; line < map[1] && line < lines.length; line++) {
      lines[line] = { kind, quoted, inInline: false };
      covered[line] = 1;
    }
  };
  let quotes = 0;
  let row: number | undefined;
  let cursor = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    switch (token.type) {
      case 'blockquote_open':
        quotes++;
        break;
      case 'blockquote_close':
        quotes--;
        break;
      case 'paragraph_open':
        mark(token.map, 'paragraph', quotes > 0);
        break;
      case 'heading_open':
        // A setext heading's text lines are text as written; only its underline is not.
        if (token.map && (token.markup === '=' || token.markup === '-')) {
          mark([token.map[0], token.map[1] - 1], 'paragraph', quotes > 0);
          mark([token.map[1] - 1, token.map[1]], 'heading', quotes > 0);
        } else {
          mark(token.map, 'heading', quotes > 0);
        }
        break;
      case 'fence':
      case 'code_block':
        mark(token.map, 'code', quotes > 0);
        if (token.type === 'fence' && token.map) edits.push(...renderedFence(token, source, lineStarts));
        break;
      case 'html_block':
        mark(token.map, 'html', quotes > 0);
        if (token.map) edits.push(...htmlBlockEdits(token, source, lineStarts));
        break;
      case 'hr':
        mark(token.map, 'break', quotes > 0);
        break;
      case 'table_open':
        mark(token.map, 'table', quotes > 0);
        break;
      case 'tr_open':
        row = token.map?.[0];
        cursor = row === undefined ? 0 : (lineStarts[row] ?? 0);
        break;
      case 'inline': {
        const parent = tokens[index - 1];
        const inCell = parent?.type === 'th_open' || parent?.type === 'td_open';
        const found = notes.inline.get(token.children ?? []) ?? [];
        if (!inCell && token.map && lines[token.map[0]]?.kind === 'paragraph') markInlineStarts(token, lines);
        let at: ((offset: number) => number) | undefined;
        if (inCell && row !== undefined) {
          // Searched in the rest of the row only: a cell not found (an escaped pipe) does not scan the rest of the text.
          const end = lineEnd(source, lineStarts, row);
          const within = source.slice(cursor, end).indexOf(token.content);
          const start = within === -1 ? -1 : cursor + within;
          if (start !== -1 && start + token.content.length <= end) {
            at = (offset) => start + offset;
            cursor = start + token.content.length;
          }
        }
        if (found.length === 0) break;
        // Located only when something in it is hidden: most paragraphs have nothing to map back.
        if (!(inCell && row !== undefined) && token.map) at = locate(token.content, source, lineStarts, token.map);
        if (at) {
          const map = at;
          for (const edit of found) edits.push({ from: map(edit.from), to: map(edit.to - 1) + 1, insert: edit.insert });
        } else {
          // Not found where markdown-it took it from (a table cell with an escaped pipe): its lines go whole.
          const lineRange: [number, number] | null = inCell && row !== undefined ? [row, row + 1] : token.map;
          if (lineRange) edits.push(...blankLines(source, lineStarts, lineRange));
        }
        break;
      }
    }
  }
  // Lines no block took: blank, a definition, a line of list or quote markers, or beyond the
  // nesting limit, which is not read and so does not reach the agent either.
  for (let line = 0; line < lines.length; line++) {
    if (covered[line]) continue;
    const text = source.slice(lineStarts[line], lineEnd(source, lineStarts, line));
    if (/[^\s>*+\-\d.)]/.test(text)) edits.push(...blankLines(source, lineStarts, [line, line + 1]));
  }
  return edits;
}

/**
 * What of a fence GitHub renders as something other than its text: a `math` fence is a picture of
 * symbols (its source can hide text, as inline math can), so its lines go whole; a `mermaid`
 * diagram never shows its `%%` comment lines. Other code is shown as written.
 */
function renderedFence(token: Token, source: string, lineStarts: number[]): Edit[] {
  const [first = 0, mapEnd = 0] = token.map ?? [];
  // An unclosed fence runs to the end of the text: its last line is content, not a closing fence.
  const last = source.slice(lineStarts[mapEnd - 1], lineEnd(source, lineStarts, mapEnd - 1));
  const end =
    mapEnd - first > 1 &&
    last
      .trim()
      .replace(/^[>\s]*/, '')
      .startsWith(token.markup)
      ? mapEnd
      : mapEnd + 1;
  const language = token.info.trim().split(/\s+/, 1)[0]?.toLowerCase() ?? '';
  if (language === 'math') return blankLines(source, lineStarts, [first + 1, end - 1]);
  if (language !== 'mermaid') return [];
  const edits: Edit[] = [];
  for (let line = first + 1; line < end - 1; line++) {
    const text = source.slice(lineStarts[line], lineEnd(source, lineStarts, line));
    if (/^[\s>]*%%/.test(text)) edits.push(...blankLines(source, lineStarts, [line, line + 1]));
  }
  return edits;
}

/** Marks the paragraph lines that begin inside a code span, inline HTML or an image begun on an earlier line. */
function markInlineStarts(token: Token, lines: LineInfo[]): void {
  const [first = 0, end = 0] = token.map ?? [];
  if (end - first < 2) return;
  const fresh = new Uint8Array(end - first);
  fresh[0] = 1;
  let line = 0;
  for (const child of token.children ?? []) {
    if (child.type === 'softbreak' || child.type === 'hardbreak') fresh[++line] = 1;
  }
  for (let k = 1; k < fresh.length; k++) {
    const info = lines[first + k];
    if (!fresh[k] && info?.kind === 'paragraph') info.inInline = true;
  }
}
