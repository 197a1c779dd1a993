/**
 * Text from GitHub users is untrusted: it reaches the agent as a prompt and, never raw, our
 * comments. These helpers make it plain text of bounded size.
 */

/** Zero-width characters, bidirectional controls and other invisible format characters. */
const INVISIBLE =
  // Variation selectors and fillers combine with what precedes them: matching them alone is the point.
  // eslint-disable-next-line no-misleading-character-class
  /[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/gu;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/** Removes what a reader cannot see (HTML comments, invisible and control characters); LF line ends. */
export function cleanText(text: string): string {
  return stripInvisible(text).trim();
}

/** cleanText, keeping the white space around the text (a line's indentation means code in markdown). */
export function stripInvisible(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(HTML_COMMENT, '').replace(INVISIBLE, '').replace(CONTROL, '');
}

/**
 * Invisible and control characters removed and LF line ends, HTML comments kept: for reading the
 * markdown's structure, where a comment is a block or an inline of its own.
 */
export function stripInvisibleCharacters(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(INVISIBLE, '').replace(CONTROL, '');
}

/** Cuts `text` to at most `max` characters, saying so. */
export function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}\n[… cut: ${text.length - max} more characters]`;
}

/** A fenced block that the text cannot close early: the fence is longer than any run inside. */
export function fence(text: string, info = 'text'): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/~+/g), (m) => m[0].length));
  const marks = '~'.repeat(longest + 1);
  return `${marks}${info}\n${text}\n${marks}`;
}
