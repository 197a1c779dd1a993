/**
 * Where each line of a comment stands in CommonMark's block structure, as GitHub renders it: enough
 * to tell a line someone wrote as text from one inside a quote (a lazy continuation line included),
 * a fenced or indented code block, an HTML block, or a code span or inline HTML that began on an
 * earlier line. A small scanner of the spec's two phases (blocks, then inlines in paragraphs), not
 * a renderer: it knows block quotes, list items, fenced and indented code, HTML blocks (all seven
 * kinds), headings and thematic breaks, and, inside paragraphs, code spans, backslash escapes and
 * inline HTML (tags, comments, processing instructions, declarations, CDATA). Tabs count to the
 * next multiple of four columns. Linear in the text: no backtracking patterns, and each search for
 * a closing marker is remembered.
 */

/** What a line is part of. */
export type LineKind = 'paragraph' | 'code' | 'html' | 'heading' | 'break' | 'blank';

export interface LineInfo {
  kind: LineKind;
  /** The line is inside a block quote (a lazy continuation line of a quoted paragraph included). */
  quoted: boolean;
  /** A paragraph line that starts inside a code span or inline HTML opened on an earlier line. */
  inInline: boolean;
}

type Container = { kind: 'quote' } | { kind: 'item'; indent: number; empty: boolean; blankStart: boolean };

type Leaf =
  | { kind: 'paragraph'; index: number; quoted: boolean }
  | { kind: 'fence'; char: string; length: number }
  | { kind: 'indented' }
  | { kind: 'html'; end: RegExp | 'blank' };

/** Each line of `text` (split on LF) with its place in the block structure. */
export function scanLines(text: string): LineInfo[] {
  const lines = text.split('\n');
  const out: LineInfo[] = [];
  /** For each paragraph, its lines: the index into `out` and the text after the containers. */
  const paragraphs: { line: number; text: string }[][] = [];
  const open: Container[] = [];
  let leaf: Leaf | undefined;
  const quotedNow = (): boolean => open.some((c) => c.kind === 'quote');
  const push = (kind: LineKind, quoted = quotedNow()): void => {
    out.push({ kind, quoted, inInline: false });
  };

  for (const raw of lines) {
    const line = expandTabs(raw);
    let pos = 0;
    let matched = 0;
    // 1. Which open containers this line continues.
    for (const container of open) {
      if (container.kind === 'quote') {
        const at = pos + indentAt(line, pos);
        if (at - pos > 3 || line[at] !== '>') break;
        pos = at + 1;
        if (line[pos] === ' ') pos++;
      } else if (isBlank(line.slice(pos))) {
        // A list item may start with one blank line at most.
        if (container.empty && container.blankStart) break;
      } else if (indentAt(line, pos) >= container.indent) {
        pos += container.indent;
      } else {
        break;
      }
      matched++;
    }
    const allMatched = matched === open.length;

    // 2. A leaf block that takes the line as it is.
    if (allMatched && leaf?.kind === 'fence') {
      if (closesFence(line.slice(pos), leaf)) leaf = undefined;
      push('code');
      continue;
    }
    if (allMatched && leaf?.kind === 'html') {
      const rest = line.slice(pos);
      if (leaf.end === 'blank') {
        if (isBlank(rest)) {
          leaf = undefined;
          push('blank');
          continue;
        }
      } else if (leaf.end.test(rest)) {
        leaf = undefined;
      }
      push('html');
      continue;
    }
    if (allMatched && leaf?.kind === 'indented') {
      if (isBlank(line.slice(pos)) || indentAt(line, pos) >= 4) {
        push('code');
        continue;
      }
      leaf = undefined;
    }

    // 3. New containers, then a new leaf.
    const tipIsParagraph = leaf?.kind === 'paragraph';
    let opened = false;
    const openContainer = (container: Container): void => {
      if (!opened) {
        open.length = matched;
        leaf = undefined;
        opened = true;
      }
      open.push(container);
      matched = open.length;
    };
    let start: Leaf | { kind: 'heading' | 'break' | 'setext' } | undefined;
    for (;;) {
      const indent = indentAt(line, pos);
      const rest = line.slice(pos + indent);
      // Only a paragraph that is still the tip can be interrupted, or continued.
      const interrupting = tipIsParagraph && !opened;
      if (indent >= 4) {
        if (!interrupting && !isBlank(rest)) start = { kind: 'indented' };
        break;
      }
      if (rest.startsWith('>')) {
        openContainer({ kind: 'quote' });
        pos += indent + 1;
        if (line[pos] === ' ') pos++;
        continue;
      }
      const fence = /^(`{3,}|~{3,})(.*)$/.exec(rest);
      if (fence?.[1] && !(fence[1].startsWith('`') && fence[2]?.includes('`'))) {
        start = { kind: 'fence', char: fence[1].charAt(0), length: fence[1].length };
        break;
      }
      const html = htmlBlockStart(rest, interrupting);
      if (html) {
        start = { kind: 'html', end: html };
        break;
      }
      if (/^#{1,6}(?:[ \t]|$)/.test(rest)) {
        start = { kind: 'heading' };
        break;
      }
      if (interrupting && allMatched && /^(?:=+|-+)[ \t]*$/.test(rest)) {
        start = { kind: 'setext' };
        break;
      }
      if (/^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/.test(rest)) {
        start = { kind: 'break' };
        break;
      }
      const item = listMarker(rest);
      if (item && !(interrupting && (item.blank || (item.ordered && item.number !== 1)))) {
        const spaces = item.blank || item.spaces >= 5 ? 1 : item.spaces;
        openContainer({
          kind: 'item',
          indent: indent + item.width + spaces,
          empty: item.blank,
          blankStart: item.blank,
        });
        pos += indent + item.width + (item.blank ? 0 : spaces);
        continue;
      }
      break;
    }

    const rest = line.slice(pos);
    if (!isBlank(rest)) for (const container of open) if (container.kind === 'item') container.empty = false;

    if (start?.kind === 'setext') {
      // The paragraph above is a heading; its lines stay what they were written as, text.
      leaf = undefined;
      push('heading');
      continue;
    }
    if (start) {
      if (!opened) {
        open.length = matched;
        opened = true;
      }
      leaf = undefined;
      if (start.kind === 'fence' || start.kind === 'indented') {
        leaf = start;
        push('code');
      } else if (start.kind === 'html') {
        // Kinds 1 to 5 may end on the line that starts them.
        if (start.end === 'blank' || !start.end.test(rest)) leaf = start;
        push('html');
      } else {
        push(start.kind);
      }
      continue;
    }
    // 4. A lazy continuation line: text that goes on a paragraph whose containers it did not continue.
    if (!opened && !allMatched && tipIsParagraph && !isBlank(rest) && leaf?.kind === 'paragraph') {
      paragraphs[leaf.index]?.push({ line: out.length, text: rest.trimStart() });
      push('paragraph', leaf.quoted);
      continue;
    }
    if (!opened) {
      if (!allMatched) leaf = undefined;
      open.length = matched;
    }
    if (isBlank(rest)) {
      leaf = undefined;
      push('blank');
      continue;
    }
    if (leaf?.kind !== 'paragraph') {
      leaf = { kind: 'paragraph', index: paragraphs.length, quoted: quotedNow() };
      paragraphs.push([]);
    }
    paragraphs[leaf.index]?.push({ line: out.length, text: rest.trimStart() });
    push('paragraph', leaf.quoted);
  }

  for (const paragraph of paragraphs) markInlineStarts(paragraph, out);
  return out;
}

/** Marks the paragraph's lines that start inside a code span or inline HTML opened before them. */
function markInlineStarts(paragraph: { line: number; text: string }[], out: LineInfo[]): void {
  if (paragraph.length < 2) return;
  const text = paragraph.map((p) => p.text).join('\n');
  const starts: number[] = [];
  let offset = 0;
  for (const p of paragraph) {
    starts.push(offset);
    offset += p.text.length + 1;
  }
  // Spans come in order and do not overlap: one pass over both.
  let k = 0;
  for (const [from, to] of inlineSpans(text)) {
    while (k < starts.length && (starts[k] ?? 0) <= from) k++;
    for (; k < starts.length && (starts[k] ?? 0) < to; k++) {
      const info = out[paragraph[k]?.line ?? -1];
      if (info) info.inInline = true;
    }
  }
}

/** Spans [from, to) of a paragraph's text that are code spans or inline HTML. */
export function inlineSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  const closers = backtickRuns(text);
  const next = nextFinder(text);
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length && PUNCTUATION.includes(text.charAt(i + 1))) {
      i += 2;
    } else if (c === '`') {
      let n = 1;
      while (text[i + n] === '`') n++;
      const close = closers.after(n, i + n);
      if (close === undefined) {
        i += n;
      } else {
        spans.push([i, close + n]);
        i = close + n;
      }
    } else if (c === '<') {
      const end = inlineHtmlEnd(text, i, next);
      if (end === undefined) {
        i++;
      } else {
        spans.push([i, end]);
        i = end;
      }
    } else {
      i++;
    }
  }
  return spans;
}

const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/** The maximal backtick runs of the text by length, to find a code span's closer without rescanning. */
function backtickRuns(text: string): { after: (length: number, from: number) => number | undefined } {
  const byLength = new Map<number, number[]>();
  for (let i = 0; i < text.length;) {
    if (text[i] !== '`') {
      i++;
      continue;
    }
    let n = 1;
    while (text[i + n] === '`') n++;
    const list = byLength.get(n) ?? [];
    list.push(i);
    byLength.set(n, list);
    i += n;
  }
  const cursor = new Map<number, number>();
  return {
    after(length, from) {
      const list = byLength.get(length) ?? [];
      let k = cursor.get(length) ?? 0;
      while (k < list.length && (list[k] ?? 0) < from) k++;
      cursor.set(length, k);
      return list[k];
    },
  };
}

/** `indexOf` that remembers its last answer per needle: the scan only moves forward. */
function nextFinder(text: string): (needle: string, from: number) => number {
  const last = new Map<string, { from: number; at: number }>();
  return (needle, from) => {
    const seen = last.get(needle);
    if (seen && seen.from <= from && (seen.at === -1 || seen.at >= from)) return seen.at;
    const at = text.indexOf(needle, from);
    last.set(needle, { from, at });
    return at;
  };
}

const TAG_NAME = '[A-Za-z][A-Za-z0-9-]*';
const ATTRIBUTE = `(?:\\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\\s*=\\s*(?:[^\\s"'=<>\`]+|'[^']*'|"[^"]*"))?)`;
const OPEN_TAG = new RegExp(`<${TAG_NAME}${ATTRIBUTE}*\\s*/?>`, 'y');
const CLOSING_TAG = new RegExp(`</${TAG_NAME}\\s*>`, 'y');

/** Where the inline HTML at text[i] ('<') ends, or undefined when there is none. */
function inlineHtmlEnd(text: string, i: number, next: (needle: string, from: number) => number): number | undefined {
  const after = (needle: string, from: number): number | undefined => {
    const at = next(needle, from);
    return at === -1 ? undefined : at + needle.length;
  };
  if (text.startsWith('<!--', i)) {
    if (text.startsWith('<!-->', i)) return i + 5;
    if (text.startsWith('<!--->', i)) return i + 6;
    return after('-->', i + 4);
  }
  if (text.startsWith('<![CDATA[', i)) return after(']]>', i + 9);
  if (text.startsWith('<?', i)) return after('?>', i + 2);
  if (text[i + 1] === '!' && /[A-Za-z]/.test(text.charAt(i + 2))) return after('>', i + 2);
  for (const pattern of [OPEN_TAG, CLOSING_TAG]) {
    pattern.lastIndex = i;
    if (pattern.test(text)) return pattern.lastIndex;
  }
  return undefined;
}

const RAW_TAGS = /^<(?:pre|script|style|textarea)(?:\s|>|$)/i;
const BLOCK_TAGS = new RegExp(
  '^</?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|' +
    'div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|' +
    'link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|' +
    'thead|title|tr|track|ul)(?:\\s|/?>|$)',
  'i',
);
const LONE_TAG = new RegExp(`^(?:<${TAG_NAME}${ATTRIBUTE}*\\s*/?>|</${TAG_NAME}\\s*>)[ \\t]*$`);

/** The end condition of the HTML block that `rest` starts (CommonMark's seven kinds), if any. */
function htmlBlockStart(rest: string, interrupting: boolean): RegExp | 'blank' | undefined {
  if (!rest.startsWith('<')) return undefined;
  if (RAW_TAGS.test(rest)) return /<\/(?:pre|script|style|textarea)>/i;
  if (rest.startsWith('<!--')) return /-->/;
  if (rest.startsWith('<?')) return /\?>/;
  if (rest.startsWith('<![CDATA[')) return /\]\]>/;
  if (/^<![A-Za-z]/.test(rest)) return />/;
  if (BLOCK_TAGS.test(rest)) return 'blank';
  // The seventh kind, any other tag alone on its line, cannot interrupt a paragraph.
  if (!interrupting && LONE_TAG.test(rest) && !/^<\/?(?:pre|script|style|textarea)\b/i.test(rest)) return 'blank';
  return undefined;
}

function closesFence(rest: string, fence: { char: string; length: number }): boolean {
  const indent = indentAt(rest, 0);
  if (indent > 3) return false;
  let n = 0;
  while (rest[indent + n] === fence.char) n++;
  return n >= fence.length && isBlank(rest.slice(indent + n));
}

/** A list item's marker at the start of `rest`: its width, the spaces after it, and whether the item is empty. */
function listMarker(
  rest: string,
): { width: number; spaces: number; blank: boolean; ordered: boolean; number: number } | undefined {
  const match = /^(?:[-+*]|(\d{1,9})[.)])(?= |$)/.exec(rest);
  if (!match) return undefined;
  const width = match[0].length;
  const after = rest.slice(width);
  return {
    width,
    spaces: indentAt(after, 0),
    blank: isBlank(after),
    ordered: match[1] !== undefined,
    number: Number(match[1] ?? 0),
  };
}

function indentAt(line: string, pos: number): number {
  let n = 0;
  while (line[pos + n] === ' ') n++;
  return n;
}

function isBlank(text: string): boolean {
  return /^[ \t]*$/.test(text);
}

/** Tabs to spaces, to the next multiple of four columns, as CommonMark counts indentation. */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const char of line) out += char === '\t' ? ' '.repeat(4 - (out.length % 4)) : char;
  return out;
}
