// The request in a comment or an issue body: what follows the trigger phrase, as GitHub renders
// the text. Agent mode's trigger rules (github/trigger.ts) and ask mode's questions read it here.
import { readMarkdown } from '../text/markdown.ts';

/** A fence that opens or closes a fenced code block (CommonMark: three or more backticks or tildes). */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The request in a comment or issue body: the paragraph that starts with the trigger phrase. The
 * phrase must start a line (after at most three spaces, any case) and be followed by white space or
 * the end; the request is the rest of that line and the lines after it, up to a blank line or a
 * code fence, so a "thanks" or a signature further down is not part of it. The line must be text
 * as GitHub renders the comment (CommonMark, see markdown.ts): a phrase in a quote (`> /docs …`, or
 * a line that continues a quoted paragraph), in a fenced or indented code block, in an HTML block
 * (`<pre>`, `<details>`, an HTML comment) or inside a code span or inline HTML that began on an
 * earlier line is not a request. What of the request renders as nothing (an HTML comment, a link's
 * title, invisible characters) is left out of it. Undefined when there is none.
 */
export function findRequest(text: string, phrase: string): string | undefined {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const start = new RegExp(`^ {0,3}${escaped}(?=\\s|$)`, 'i');
  const markdown = readMarkdown(text);
  const lines = markdown.source.split('\n');
  let offset = 0;
  for (const [index, line] of lines.entries()) {
    const lineStart = offset;
    offset += line.length + 1;
    const block = markdown.lines[index];
    if (block?.kind !== 'paragraph' || block.quoted || block.inInline) continue;
    const match = start.exec(line);
    if (!match) continue;
    let end = offset - 1;
    for (const next of lines.slice(index + 1)) {
      if (!next.trim() || FENCE.test(next)) break;
      end += next.length + 1;
    }
    return markdown.visible(lineStart + match[0].length, end).trim();
  }
  return undefined;
}
