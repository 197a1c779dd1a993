/**
 * The one gate for text from outside: service bodies and job fields, GitHub payloads and errors,
 * comment text. Such text is hostile until it has passed here on its way to the place it goes:
 * the log, an output, a comment, the summary. Every function first removes the secrets the run
 * holds, then makes the text inert for its destination.
 *
 * Secrets are removed whole, in the escaped forms a gateway or a renderer may give them
 * (backslash, percent and HTML-entity escapes), and as any fragment of MIN_FRAGMENT or more
 * characters, the public prefix included (`svc_test_a`, cut by a line break, is a fragment too),
 * because an echo that was cut mid-key still leaks it and the runner's own mask only matches the
 * whole key. The public prefix alone is no secret: it stays, and is shown before the `***`.
 */
import type { Logger } from './log.ts';
import { cleanText } from './sanitize.ts';

/** What stands where a secret was. */
export const REDACTED = '***';
/** Shorter runs of a secret's characters are too common in ordinary text to mean a leak. */
const MIN_FRAGMENT = 8;
/**
 * Public prefixes that say what kind of secret follows. They are shown where they stood (`svc_***`),
 * and a fragment that lies wholly within one is not a fragment of the secret: text naming the kind
 * of key is not taken for the key.
 */
const PUBLIC_PREFIXES = ['svc_dsc_', 'svc_', 'github_pat_', 'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'];

const secrets = new Set<string>();

/** Adds a value to redact from all outside text from now on (the keys and the GitHub token). */
export function registerSecret(value: string): void {
  if (value.trim().length >= 4) secrets.add(value);
}

/** Forgets every registered secret; for tests that run several configurations in one process. */
export function clearSecrets(): void {
  secrets.clear();
}

/** One decoded character of the text, with where it stood in the original. */
interface Decoded {
  char: string;
  start: number;
  end: number;
}

// An escape a proxy, a JSON encoder or a markdown renderer may have put in place of one character.
const ESCAPE = /\\(.)|%([0-9a-f]{2})|&#(\d{1,7});|&#x([0-9a-f]{1,6});/iy;

/** The text with escapes decoded and escaping backslashes dropped, each character mapped back. */
function decode(text: string): Decoded[] {
  const out: Decoded[] = [];
  let at = 0;
  while (at < text.length) {
    ESCAPE.lastIndex = at;
    const match = ESCAPE.exec(text);
    if (match) {
      const [whole, escaped, percent, decimal, hex] = match;
      const code = percent ? parseInt(percent, 16) : decimal ? Number(decimal) : hex ? parseInt(hex, 16) : undefined;
      const char = escaped ?? (code !== undefined && code <= 0x10ffff ? String.fromCodePoint(code) : whole);
      out.push({ char, start: at, end: at + whole.length });
      at += whole.length;
    } else {
      out.push({ char: text.charAt(at), start: at, end: at + 1 });
      at += 1;
    }
  }
  return out;
}

/** Spans [start, end) of the original text that hold a secret or a long fragment of one. */
function secretSpans(text: string): [number, number][] {
  const decoded = decode(text);
  const plain = decoded.map((d) => d.char).join('');
  // decode() maps one entry per decoded character; a surrogate pair from an entity is two units.
  const units: Decoded[] = decoded.flatMap((d) => (d.char.length === 1 ? [d] : [...d.char].map(() => d)));
  const spans: [number, number][] = [];
  for (const secret of secrets) {
    const prefix = PUBLIC_PREFIXES.find((p) => secret.startsWith(p) && secret.length > p.length)?.length ?? 0;
    const min = Math.min(MIN_FRAGMENT, secret.length);
    for (let i = 0; i + min <= plain.length;) {
      const run = longestRunAt(plain, i, secret, min, prefix);
      if (!run) {
        i++;
        continue;
      }
      // What of the run lies in the public prefix stays readable: `svc_***`.
      const visible = Math.max(0, prefix - run.from);
      const first = units[i + visible];
      const last = units[i + run.length - 1];
      if (first && last) spans.push([first.start, last.end]);
      i += run.length;
    }
  }
  return spans;
}

/**
 * The longest run of `secret`'s characters starting at plain[i], if at least `min` long and
 * reaching past the public prefix (its first `prefix` characters): where in the secret it starts
 * (`from`), and how long it is.
 */
function longestRunAt(
  plain: string,
  i: number,
  secret: string,
  min: number,
  prefix: number,
): { from: number; length: number } | undefined {
  const gram = plain.slice(i, i + min);
  let best: { from: number; length: number } | undefined;
  for (let from = secret.indexOf(gram); from !== -1; from = secret.indexOf(gram, from + 1)) {
    let length = min;
    while (i + length < plain.length && from + length < secret.length && plain[i + length] === secret[from + length]) {
      length++;
    }
    if (from + length > prefix && length > (best?.length ?? 0)) best = { from, length };
  }
  return best;
}

/** The text without any registered secret, whole, escaped or in part. */
export function redact(text: string): string {
  if (secrets.size === 0 || text === '') return text;
  const spans = secretSpans(text).sort((a, b) => a[0] - b[0]);
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    if (end <= at) continue;
    out += text.slice(at, Math.max(at, start));
    if (start >= at || !out.endsWith(REDACTED)) out += REDACTED;
    at = end;
  }
  return out + text.slice(at);
}

/**
 * Whether `text` holds a registered secret, whole, escaped or in part. A value from outside that is
 * to be used as it is (a job id, a link) cannot be redacted without changing it, so it is refused.
 */
export function holdsSecret(text: string): boolean {
  return redact(text) !== text;
}

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

/** Outside text for one log line: redacted, visible characters only, no line breaks, no runner command. */
export function forLog(text: string, max = 500): string {
  const line = cleanText(redact(text)).replace(LINE_BREAKS, ' ').replace(/\s+/g, ' ').trim();
  return inertForRunner(cut(line, max));
}

/** Outside text for an output value: one line, redacted, inert, as forLog. */
export function forOutput(text: string, max = 2_000): string {
  return forLog(text, max);
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

/** Cuts a line to `max` characters at a code point boundary, marking the cut. */
function cut(line: string, max: number): string {
  const points = [...line];
  return points.length <= max ? line : `${points.slice(0, max - 1).join('')}…`;
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

/** A message for the log that may span lines: redacted, and every line inert for the runner. */
export function gateLines(message: string): string {
  return redact(message)
    .split(/\r\n|\r|\n/)
    .map((line) => inertForRunner(line))
    .join('\n');
}
