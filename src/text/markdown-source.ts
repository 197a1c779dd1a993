/**
 * Offsets in a comment's source: where a paragraph's text lies in it (`locate`), the lines, and the
 * edits that leave out what renders as nothing (`applyEdits`).
 */

/** A part of the source that renders as nothing, and what a reader sees instead ('' mostly). */
export interface Edit {
  from: number;
  to: number;
  insert: string;
}

/**
 * Maps an offset in a paragraph's or heading's text back to the source. markdown-it takes each of
 * its lines from the end of a source line, after the containers and the indentation (the first line
 * trimmed at the start, the last at the end, an ATX heading's before its closing #s, and a tab that
 * indentation took in part written as spaces), so each line is found at the end of its source line.
 * Undefined when one is not there.
 */
export function locate(
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

/** Edits that empty the lines of `range`, keeping the line breaks. */
export function blankLines(source: string, lineStarts: number[], range: [number, number]): Edit[] {
  const edits: Edit[] = [];
  for (let line = range[0]; line < range[1] && line < lineStarts.length; line++) {
    edits.push({ from: lineStarts[line] ?? 0, to: lineEnd(source, lineStarts, line), insert: '' });
  }
  return edits;
}

export function lineEnd(source: string, lineStarts: number[], line: number): number {
  const next = lineStarts[line + 1];
  return next === undefined ? source.length : next - 1;
}

/** `source` from `from` to `to` with the edits applied; an edit that overlaps an earlier one is part of it. */
export function applyEdits(source: string, edits: Edit[], from: number, to: number): string {
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
