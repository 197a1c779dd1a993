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
import type markdownIt from 'markdown-it';
import type { MarkdownIt, StateBlock, StateInline, Token } from 'markdown-it';
import { loadMarkdownIt } from './markdown-it.cjs';
import { isInvisible, stripInvisibleCharacters } from './sanitize.ts';

/** GitHub refuses a comment or an issue body longer than this; the rest of a longer text is not read. */
export const MAX_MARKDOWN = 65_536;
/** Containers nested deeper than this are not read (markdown-it's default; GitHub shows deeper ones). */
const MAX_NESTING = 100;

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

/** A part of the source that renders as nothing, and what a reader sees instead ('' mostly). */
interface Edit {
  from: number;
  to: number;
  insert: string;
}

/** What the wrapped rules note while markdown-it reads one text: edits in source offsets, or in an inline token's text. */
interface Notes {
  edits: Edit[];
  /** The lines of the link reference definitions. */
  definitions: number[];
  inline: WeakMap<Token[], Edit[]>;
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

/** Each line of `text` (split on LF) with its place in the block structure. */
export function scanLines(text: string): LineInfo[] {
  return readMarkdown(text).lines;
}

/**
 * The markdown without what GitHub renders as nothing: invisible characters, HTML comments, inline
 * HTML tags and the markup of HTML blocks (their attributes are never shown; the text between tags
 * stays), `<script>` and `<style>` with their content, link reference definitions (they never
 * render; links that use one get its address inline), link and image titles (shown only on hover),
 * links with no visible text, entities for invisible characters, and what lies deeper than the
 * nesting limit. Code is kept as written: it is shown as written. The rest stays markdown.
 */
export function visibleMarkdown(text: string): string {
  return readMarkdown(text).visible();
}

function createParser(): MarkdownIt {
  const md = new (loadMarkdownIt() as typeof markdownIt)('commonmark', { maxNesting: MAX_NESTING }).enable([
    'table',
    'strikethrough',
  ]);
  const notesOf = (state: StateBlock | StateInline): Notes | undefined =>
    (state.env as { docsAgent?: Notes } | undefined)?.docsAgent;

  // A link reference definition never renders (GitHub's footnotes, `[^1]: …`, do).
  const reference = ruleOf(md.block.ruler, 'reference');
  md.block.ruler.at('reference', (state, startLine, endLine, silent) => {
    const ok = reference(state, startLine, endLine, silent);
    const notes = notesOf(state);
    if (ok && !silent && notes && state.src.charAt(state.bMarks[startLine]! + state.tShift[startLine]! + 1) !== '^') {
      for (let line = startLine; line < state.line; line++) {
        notes.edits.push({ from: state.bMarks[line]! + state.tShift[line]!, to: state.eMarks[line]!, insert: '' });
        notes.definitions.push(line);
      }
    }
    return ok;
  });

  const wrapInline = (name: string, noted: (state: StateInline, start: number, count: number) => Edit | undefined) => {
    const rule = ruleOf(md.inline.ruler, name);
    md.inline.ruler.at(name, (state, silent) => {
      const start = state.pos;
      const count = state.tokens.length;
      const ok = rule(state, silent);
      const notes = notesOf(state);
      if (ok && !silent && notes) {
        const edit = noted(state, start, count);
        if (edit) {
          const list = notes.inline.get(state.tokens) ?? [];
          list.push(edit);
          notes.inline.set(state.tokens, list);
        }
      }
      return ok;
    });
  };
  // Inline HTML renders as nothing itself, whatever it holds: a comment, or a tag and its attributes.
  wrapInline('html_inline', (state, start) => ({ from: start, to: state.pos, insert: '' }));
  wrapInline('entity', (state, start) => {
    const token = state.tokens.at(-1);
    return token && isInvisible(token.content) ? { from: start, to: state.pos, insert: '' } : undefined;
  });
  wrapInline('link', (state, start, count) => {
    let open = count;
    while (open < state.tokens.length && state.tokens[open]?.type !== 'link_open') open++;
    if (open === state.tokens.length) return undefined;
    const label = state.tokens.slice(open + 1, -1);
    if (!label.some(shows)) return { from: start, to: state.pos, insert: '' };
    return tail(state, start, state.tokens[open]!, 'href', state.md.helpers.parseLinkLabel(state, start, true));
  });
  wrapInline('image', (state, start) => {
    const image = state.tokens.at(-1);
    if (!image) return undefined;
    return tail(state, start, image, 'src', state.md.helpers.parseLinkLabel(state, start + 1, false));
  });
  return md;
}

/**
 * A link or image keeps its text and its address, and loses its title: `](address)` in place of
 * `](address "title")`, or of `][ref]` for a reference whose definition is removed.
 */
function tail(state: StateInline, start: number, token: Token, attribute: string, labelEnd: number): Edit | undefined {
  if (labelEnd < start) return undefined;
  const title = token.attrGet('title');
  const reference = state.src.charAt(labelEnd + 1) !== '(';
  if (!title && !reference) return undefined;
  const address = String(token.attrGet(attribute) ?? '').replace(
    /[\s()<>]/g,
    (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return { from: labelEnd, to: state.pos, insert: `](${address})` };
}

/** Whether an inline token shows something: text that is not blank, code, an image. */
function shows(token: Token): boolean {
  if (token.type === 'text' || token.type === 'text_special')
    return token.content.trim() !== '' && !isInvisible(token.content);
  return token.type === 'code_inline' || token.type === 'image';
}

/** A rule of markdown-it's, to wrap; markdown-it is pinned, and a renamed rule fails here at once. */
function ruleOf<Args extends unknown[], Result>(
  ruler: { __rules__: { name: string; fn: (...args: Args) => Result }[] },
  name: string,
): (...args: Args) => Result {
  const rule = ruler.__rules__.find((entry) => entry.name === name);
  if (!rule) throw new Error(`markdown-it has no rule '${name}'`);
  return rule.fn;
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
          const start = source.indexOf(token.content, cursor);
          const end = lineEnd(source, lineStarts, row);
          if (start !== -1 && start + token.content.length <= end) {
            at = (offset) => start + offset;
            cursor = start + token.content.length;
          }
        } else if (token.map) {
          at = locate(token.content, source, lineStarts, token.map);
        }
        if (found.length === 0) break;
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

/**
 * Maps an offset in a paragraph's or heading's text back to the source. markdown-it takes each of
 * its lines from the end of a source line, after the containers and the indentation (the first line
 * trimmed at the start, the last at the end, an ATX heading's before its closing #s, and a tab that
 * indentation took in part written as spaces), so each line is found at the end of its source line.
 * Undefined when one is not there.
 */
function locate(
  content: string,
  source: string,
  lineStarts: number[],
  map: [number, number],
): ((offset: number) => number) | undefined {
  const parts = content.split('\n');
  if (parts.length !== map[1] - map[0]) return undefined;
  const segments: { content: number; pad: number; source: number }[] = [];
  let offset = 0;
  for (const [k, part] of parts.entries()) {
    const line = map[0] + k;
    const start = lineStarts[line] ?? 0;
    const text = source.slice(start, lineEnd(source, lineStarts, line));
    const endings = [text, trimEnd(text, ' \t'), trimEnd(text, ' \t#')];
    let found: { pad: number; at: number } | undefined;
    for (let pad = 0; pad <= 4 && !found; pad++) {
      if (pad > 0 && part[pad - 1] !== ' ') break;
      const rest = part.slice(pad);
      const ending = endings.find((candidate) => candidate.endsWith(rest));
      if (ending !== undefined) found = { pad, at: start + ending.length - rest.length };
    }
    if (!found) return undefined;
    segments.push({ content: offset, pad: found.pad, source: found.at });
    offset += part.length + 1;
  }
  return (at) => {
    // The last segment that starts at or before `at`, by binary search: a block may have thousands of lines and edits.
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((segments[middle]?.content ?? Infinity) <= at) low = middle;
      else high = middle - 1;
    }
    const segment = segments[low] ?? { content: 0, pad: 0, source: 0 };
    return segment.source + Math.max(0, at - segment.content - segment.pad);
  };
}

/**
 * `text` without the characters of `set` at its end. Not `replace(/[ \t]+$/, '')`: V8 tries that
 * pattern from every position of a run that is followed by something else, so a line of 32,000
 * spaces and a quote took seconds; this walks back from the end once.
 */
function trimEnd(text: string, set: string): string {
  let end = text.length;
  while (end > 0 && set.includes(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

/** The hidden parts of an HTML block: its comments, processing instructions and declarations, tags, and scripts and styles. */
function htmlBlockEdits(token: Token, source: string, lineStarts: number[]): Edit[] {
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

/** Edits that empty the lines of `range`, keeping the line breaks. */
function blankLines(source: string, lineStarts: number[], range: [number, number]): Edit[] {
  const edits: Edit[] = [];
  for (let line = range[0]; line < range[1] && line < lineStarts.length; line++) {
    edits.push({ from: lineStarts[line] ?? 0, to: lineEnd(source, lineStarts, line), insert: '' });
  }
  return edits;
}

function lineEnd(source: string, lineStarts: number[], line: number): number {
  const next = lineStarts[line + 1];
  return next === undefined ? source.length : next - 1;
}

/** `source` from `from` to `to` with the edits applied; an edit that overlaps an earlier one is part of it. */
function applyEdits(source: string, edits: Edit[], from: number, to: number): string {
  let out = '';
  let at = from;
  for (const edit of edits) {
    if (edit.to <= at || edit.from >= to) continue;
    if (edit.from < at) {
      // Inside or across an edit already applied.
      at = Math.max(at, Math.min(edit.to, to));
      continue;
    }
    out += source.slice(at, edit.from);
    if (edit.to <= to) out += edit.insert;
    at = Math.min(edit.to, to);
  }
  return out + source.slice(at, to);
}
