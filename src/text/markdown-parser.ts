/**
 * markdown-it, set up as GitHub reads a comment (CommonMark, with GitHub's tables and
 * strikethrough), with the rules that find what renders as nothing wrapped: markdown-it has no
 * source positions below the block level, so each wrapped rule notes where its match began and
 * ended in the paragraph's text (markdown.ts maps that back to the source). markdown-it is
 * evaluated on the first comment read (./markdown-it.cjs says why).
 */
import type markdownIt from 'markdown-it';
import type { MarkdownIt, StateBlock, StateInline, Token } from 'markdown-it';
import { loadMarkdownIt } from './markdown-it.cjs';
import type { Edit } from './markdown-source.ts';
import { isInvisible } from './sanitize.ts';

/** Containers nested deeper than this are not read (markdown-it's default; GitHub shows deeper ones). */
const MAX_NESTING = 100;

/** What the wrapped rules note while markdown-it reads one text: edits in source offsets, or in an inline token's text. */
export interface Notes {
  edits: Edit[];
  /** The lines of the link reference definitions. */
  definitions: number[];
  inline: WeakMap<Token[], Edit[]>;
}

/** A parser whose `parse(source, { docsAgent: notes })` fills `notes` as it reads. */
export function createParser(): MarkdownIt {
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
  // An image shows the picture, not its alt text (nor its title): `![](address)` is what is left.
  wrapInline('image', (state, start) => {
    const image = state.tokens.at(-1);
    if (!image) return undefined;
    return { from: start, to: state.pos, insert: `![](${escapeAddress(String(image.attrGet('src') ?? ''))})` };
  });
  // GitHub renders `$…$` and `$$…$$` as math: a picture of symbols whose source can hide any text
  // (`\phantom{…}`, a transparent colour), so none of it is read as text.
  md.inline.ruler.before('escape', 'docs_agent_math', (state, silent) => {
    const end = mathEnd(state.src, state.pos);
    if (end === undefined) return false;
    const notes = notesOf(state);
    if (!silent && notes) {
      const list = notes.inline.get(state.tokens) ?? [];
      list.push({ from: state.pos, to: end, insert: '' });
      notes.inline.set(state.tokens, list);
    }
    state.pos = end;
    return true;
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
  return { from: labelEnd, to: state.pos, insert: `](${escapeAddress(String(token.attrGet(attribute) ?? ''))})` };
}

function escapeAddress(address: string): string {
  return address.replace(/[\s()<>]/g, (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Longest math span read; a longer one is not taken for math (its text stays, as GitHub would show it). */
const MAX_MATH = 4_096;

/**
 * Where the math span opening at `at` ends, as GitHub delimits it: `$$…$$`, or `$…$` whose first
 * character after the opening and last before the closing are not white space (so `$5 and $6`
 * is text); undefined when none opens there.
 */
function mathEnd(src: string, at: number): number | undefined {
  if (src.charCodeAt(at) !== 0x24 /* $ */ || src.charCodeAt(at - 1) === 0x5c /* \ */) return undefined;
  const display = src.startsWith('$$', at);
  const open = display ? 2 : 1;
  const limit = Math.min(src.length, at + open + MAX_MATH);
  for (let end = at + open + 1; end < limit + 1; end++) {
    const close = display
      ? src.startsWith('$$', end)
      : src.charCodeAt(end) === 0x24 && src.charCodeAt(end - 1) !== 0x5c;
    if (!close) continue;
    const inner = src.slice(at + open, end);
    if (!display && (/^\s/.test(inner) || /\s$/.test(inner))) return undefined;
    return end + open;
  }
  return undefined;
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
