/**
 * The one gate for text from outside: service bodies and job fields, GitHub payloads and errors,
 * comment text, the assistant's answer. Such text is hostile until it has passed here on its way to
 * the place it goes: the log, an output, a comment, the summary. Every destination runs the same
 * pipeline, in this order, and no step after `redact` removes a character:
 *
 *   normalise (what a reader cannot see is removed: invisible and control characters, then HTML
 *   comments, which the first may have hidden; line breaks to spaces for one-line destinations)
 *   → window (cut to the destination's size plus an overlap longer than any secret in any form)
 *   → redact (the secrets the run holds: secrets.ts)
 *   → cut (to the destination's size, marking the cut)
 *   → escape (for the destination: runner commands broken, markdown or HTML escaped).
 *
 * Normalising first means the pieces of a key that a removal joins are joined before redaction
 * looks at them; escaping last means nothing can join them after it. `redact` itself does not rely
 * on the order (secrets.ts says how).
 */
import type { Logger } from '../base/log.ts';
import { cleanText, stripInvisible } from './sanitize.ts';
import { longestSecret, redact } from './secrets.ts';

// The gate is one door: code outside src/ (tests, tools) that registers a secret or redacts names
// it here, as before secrets.ts was split off; src/ imports secrets.ts itself.
export { clearSecrets, holdsSecret, longestSecret, redact, REDACTED, registerSecret } from './secrets.ts';

const LINE_BREAKS = /[\n\r\v\f\u0085\u2028\u2029]+/g;
/** Zero-width space: breaks a command marker without changing what a reader sees. */
const ZWSP = '\u200b';

/**
 * Makes every line inert for the runner, which acts on `::command::` at the start of a line
 * (after white space) and on the legacy `##[command]` anywhere in a line.
 */
export function inertForRunner(text: string): string {
  return text.replace(/::/g, `:${ZWSP}:`).replace(/##\[/g, `#${ZWSP}#[`);
}

/**
 * The steps every destination shares, up to escaping: normalised to one line, windowed, redacted
 * and cut to `max` characters. The raw text is windowed first too, generously: a 4 MiB body is not
 * cleaned whole to show 500 characters of it.
 */
function gatedLine(text: string, max: number): string {
  const raw = text.length > max * 8 + 65_536 ? text.slice(0, max * 8 + 65_536) : text;
  const line = cleanText(raw).replace(LINE_BREAKS, ' ').replace(/\s+/g, ' ').trim();
  return cut(redact(window(line, max)), max);
}

/** The start of `text` that a cut to `max` characters keeps, and enough after it to see a secret that the cut would split. */
function window(text: string, max: number): string {
  const keep = max * 2 + longestSecret();
  return text.length > keep ? text.slice(0, keep) : text;
}

/** Outside text for one log line: visible characters only, no line breaks, redacted, no runner command. */
export function forLog(text: string, max = 500): string {
  return inertForRunner(gatedLine(text, max));
}

/** Outside text for an output value: one line, redacted, inert, as forLog. */
export function forOutput(text: string, max = 2_000): string {
  return forLog(text, max);
}

/**
 * Outside text that keeps its lines, for an output a workflow reads as text (ask mode's answer):
 * what a reader cannot see removed, redacted, cut to `max` characters. It goes to the runner's
 * output file, never to the log, so it needs no other escaping.
 */
export function forText(text: string, max: number): string {
  const clean = stripInvisible(text.length > max * 8 + 65_536 ? text.slice(0, max * 8 + 65_536) : text);
  return cut(redact(window(clean, max)), max);
}

/**
 * Outside text for a GitHub comment or the job summary's markdown: redacted, on one line, markdown
 * and HTML characters backslash-escaped (they render as themselves, and `https\://` is no
 * autolink), and @mentions and #references broken with a zero-width space so nobody is notified.
 */
export function forMarkdown(text: string, max = 500): string {
  return forLog(text, max)
    .replace(/[\\`*_{}[\]()+\-.!|<>~:=&]/g, (c) => `\\${c}`)
    .replace(/[@#]/g, (c) => `${c}${ZWSP}`);
}

/** Outside text inside HTML (the summary's table cells): redacted, one line, HTML-escaped. */
export function forHtml(text: string, max = 500): string {
  return forLog(text, max).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Cuts text to `max` characters at a code point boundary, marking the cut. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

/**
 * The log the logic writes to, with the gate as a last line of defence: every line of every
 * message is redacted and made inert for the runner, whatever a caller forgot. Messages may keep
 * their own line breaks (a dry run prints a request on several lines).
 */
export function gatedLogger(log: Logger): Logger {
  return {
    info: (message) => log.info(gateLines(message)),
    notice: (message) => log.notice(gateLines(message)),
    warning: (message) => log.warning(gateLines(message)),
    debug: (message) => log.debug(gateLines(message)),
  };
}

/**
 * A message for the log that may span lines: redacted, and every line inert for the runner. It
 * removes nothing, so it cannot join what it did not redact.
 */
export function gateLines(message: string): string {
  return redact(message)
    .split(/\r\n|\r|\n/)
    .map((line) => inertForRunner(line))
    .join('\n');
}
