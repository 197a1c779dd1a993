/**
 * Text from GitHub users is untrusted: it reaches the agent as a prompt and, never raw, our
 * comments. These helpers make it plain text of bounded size.
 */

/**
 * Characters that render as nothing: every default-ignorable code point and every format (Cf)
 * character. That is zero-width spaces and joiners, bidirectional controls (U+200E/F, U+202A to
 * U+202E, U+2066 to U+2069, U+061C), U+2060 to U+206F, the soft hyphen, the combining grapheme
 * joiner, the Hangul fillers, the Khmer and Mongolian invisibles and variation selectors, the
 * interlinear annotation characters (U+FFF9 to U+FFFB), the byte order mark, all variation
 * selectors (U+FE00 to U+FE0F, U+E0100 to U+E01EF) and the tag characters (U+E0000 to U+E007F),
 * which a model reads as ASCII while a person sees nothing. Two kept, where they shape what a
 * reader sees and carry next to nothing: see `keepsShape`.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
/**
 * Terminal escape sequences, removed whole before the control characters (which would leave
 * `[31m` or `]0;title` behind): CSI `ESC [ … final` and its 8-bit form U+009B (colours, cursor
 * moves, erasing), OSC/DCS/SOS/PM/APC strings up to BEL or ST or the end of the text (window
 * titles, hyperlinks), and two-character escapes (`ESC c` resets a terminal). A log viewer or a
 * terminal would act on them; a reader sees them as nothing. Linear: no alternative nests.
 */
/* eslint-disable no-control-regex -- escape sequences are what it finds */
const SEQUENCE =
  /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|\x1b[ -~]?/g;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */
/** CommonMark's HTML comments (`<!-->` and `<!--->` included); an unclosed one hides the rest. */
const HTML_COMMENT = /<!--(?:-?>|[\s\S]*?(?:-->|$))/g;
const BASE_CHARACTER = /[^\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\s]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const EMOJI_MODIFIER = /\p{Emoji_Modifier}/u;

/** Whether `text` is made only of characters that render as nothing. */
export function isInvisible(text: string): boolean {
  return text.replace(INVISIBLE, '').replace(CONTROL, '') === '' && text !== '';
}

/** Removes what a reader cannot see (invisible and control characters, then HTML comments); LF line ends. */
export function cleanText(text: string): string {
  return stripInvisible(text).trim();
}

/** cleanText, keeping the white space around the text (a line's indentation means code in markdown). */
export function stripInvisible(text: string): string {
  // Characters first: `<!\u200b-- x -->` is a comment once the zero-width space is gone.
  return stripInvisibleCharacters(text).replace(HTML_COMMENT, '');
}

/**
 * Invisible and control characters removed and LF line ends, HTML comments kept: for reading the
 * markdown's structure, where a comment is a block or an inline of its own.
 */
export function stripInvisibleCharacters(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(SEQUENCE, '').replace(INVISIBLE, keepsShape).replace(CONTROL, '');
}

/** Removes every terminal escape sequence, whole (SEQUENCE). */
export function stripSequences(text: string): string {
  return text.replace(SEQUENCE, '');
}

/**
 * The two invisible characters that are kept, because removing them changes what a reader sees:
 * the first variation selector U+FE00 to U+FE0F right after a visible character (U+FE0F makes ❤
 * a red heart), and a zero-width joiner between two emoji (👩‍💻 is one picture, not two). Each
 * carries a few bits at most, next to a visible character; a run of them (the way bytes are
 * smuggled in variation selectors) keeps only its first. Everything else goes, even where it
 * shapes text: the zero-width non-joiner of Persian, and the tag sequence of a subdivision flag
 * (🏴 stays, without its tags).
 */
function keepsShape(char: string, offset: number, whole: string): string {
  const code = char.codePointAt(0) ?? 0;
  const before = codePointBefore(whole, offset);
  if (code >= 0xfe00 && code <= 0xfe0f) return BASE_CHARACTER.test(before) ? char : '';
  if (code === 0x200d) {
    const after = String.fromCodePoint(whole.codePointAt(offset + 1) ?? 0);
    const emojiBefore =
      PICTOGRAPH.test(before) ||
      EMOJI_MODIFIER.test(before) ||
      (before === '\ufe0f' && PICTOGRAPH.test(codePointBefore(whole, offset - 1)));
    return emojiBefore && PICTOGRAPH.test(after) ? char : '';
  }
  return '';
}

function codePointBefore(text: string, offset: number): string {
  if (offset <= 0) return '';
  const low = text.charCodeAt(offset - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && offset >= 2 ? offset - 2 : offset - 1;
  return String.fromCodePoint(text.codePointAt(start) ?? 0);
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
