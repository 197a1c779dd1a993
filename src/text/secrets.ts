/**
 * The secrets the run holds (the keys and the GitHub token), and `redact`, the step of the gate
 * (text-gate.ts) that takes them out of outside text. `redact` does not rely on what was done to the
 * text before or is done after: it reads the text as a reader would see it, skipping what renders
 * as nothing (see `view`), so text gated twice, or gated and then cleaned by a renderer, keeps
 * every secret out.
 *
 * Secrets are found whole, in the escaped forms a gateway or a renderer may give them (backslash,
 * percent and HTML-entity escapes), in their base64 forms (see `formsOf`), and as any fragment of
 * MIN_FRAGMENT or more characters, the public prefix included (`svc_test_a`, cut by a line break,
 * is a fragment too), because an echo that was cut mid-key still leaks it and the runner's own mask
 * only matches the whole key. The public prefix alone is no secret: it stays, and is shown before
 * the `***`.
 */
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
/** The longest escape `decode` reads for one character (`&#1114111;`): a window's overlap allows for it. */
const LONGEST_ESCAPE = 10;

/** One form of a secret to look for: its characters as `view` reads them, and its public prefix's length there. */
interface Form {
  chars: string;
  prefix: number;
}

const secrets = new Set<string>();
let forms: Form[] = [];

/** Adds a value to redact from all outside text from now on (the keys and the GitHub token). */
export function registerSecret(value: string): void {
  if (value.trim().length < 4 || secrets.has(value)) return;
  secrets.add(value);
  forms.push(...formsOf(value));
  grams = undefined;
}

/** Forgets every registered secret; for tests that run several configurations in one process. */
export function clearSecrets(): void {
  secrets.clear();
  forms = [];
  grams = undefined;
}

/** The longest form of any registered secret, in characters: a window cut before redaction keeps this much more. */
export function longestSecret(): number {
  return Math.max(0, ...forms.map((form) => form.chars.length)) * LONGEST_ESCAPE;
}

/**
 * The forms of a secret that text may carry it in. The secret itself; its base64 encodings at the
 * three byte offsets it may start at inside a longer encoded value, as the runner masks them in
 * the log (`base64(user:key)` encodes the key differently for each length of what precedes it),
 * each cut to the characters that depend on the secret alone. base64url differs from base64 only in
 * `-_` for `+/`, so it is a form of its own. Not covered, and written down in SECURITY.md:
 * hexadecimal and other encodings (a service has no reason to echo a key in them, and a short run
 * of hex digits is too common to match safely); URL-encoding is read by `decode`.
 */
function formsOf(secret: string): Form[] {
  const prefix = PUBLIC_PREFIXES.find((p) => secret.startsWith(p) && secret.length > p.length) ?? '';
  const own: Form = { chars: view(secret).chars, prefix: view(prefix).chars.length };
  const bytes = Buffer.from(secret, 'utf8');
  const encoded: Form[] = [];
  for (const shift of [0, 1, 2]) {
    const tail = bytes.subarray(shift);
    // Characters past floor(4n/3) also hold bits of whatever follows the secret.
    const determined = Math.floor((tail.length * 4) / 3);
    for (const encoding of ['base64', 'base64url'] as const) {
      const chars = view(tail.toString(encoding).slice(0, determined)).chars;
      if (chars.length >= MIN_FRAGMENT && !encoded.some((form) => form.chars === chars)) {
        encoded.push({ chars, prefix: 0 });
      }
    }
  }
  return [own, ...encoded];
}

/** The view of a text: its characters, and for each UTF-16 unit of them the span of the original it came from. */
interface View {
  chars: string;
  starts: number[];
  ends: number[];
}

// An escape a proxy, a JSON encoder or a markdown renderer may have put in place of one character.
const ESCAPE = /\\(.)|%([0-9a-f]{2})|&#(\d{1,7});|&#x([0-9a-f]{1,6});/iy;
/**
 * What a reader does not see between two characters: what renders as nothing (invisible, format
 * and control characters other than line breaks and tabs, which cleaning removes) and the markdown
 * delimiters that render as nothing around a word (emphasis `*`, strikethrough `~`, a code span's
 * backticks: `abc**def**` shows `abcdef`).
 */
const SKIPPED = /^(?:[\p{Default_Ignorable_Code_Point}\p{Cf}*~`]|(?![\t\n\r])\p{Cc})$/u;
const COMMENT_END = '-->';

/** Whether the character at a code (below 0x80, or any other) is one SKIPPED leaves out; the common ASCII case without a regex. */
function skipped(code: number, char: string): boolean {
  if (code >= 0x80) return SKIPPED.test(char);
  if (code < 0x20) return code !== 0x09 && code !== 0x0a && code !== 0x0d;
  return code === 0x2a || code === 0x7e || code === 0x60 || code === 0x7f;
}

/**
 * The text as a reader sees it: escapes decoded, escaping backslashes dropped, HTML comments and
 * skipped characters (SKIPPED) left out, each UTF-16 unit of the result mapped back to the span of
 * the original it came from (when `mapped`). Linear: each search for a comment's end moves past
 * what it read.
 */
function view(text: string, mapped = true): View {
  let chars = '';
  const starts: number[] = [];
  const ends: number[] = [];
  const add = (char: string, start: number, end: number): void => {
    if (skipped(char.charCodeAt(0), char)) return;
    chars += char;
    for (let k = 0; mapped && k < char.length; k++) {
      starts.push(start);
      ends.push(end);
    }
  };
  let at = 0;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === 0x3c && text.startsWith('<!--', at)) {
      // As cleanText reads them: `<!-->` and `<!--->` are whole; an unclosed one hides the rest.
      const short = text.startsWith('>', at + 4) ? 5 : text.startsWith('->', at + 4) ? 6 : 0;
      const close = short ? -1 : text.indexOf(COMMENT_END, at + 4);
      at = short ? at + short : close === -1 ? text.length : close + COMMENT_END.length;
      continue;
    }
    if (code === 0x5c || code === 0x25 || code === 0x26) {
      ESCAPE.lastIndex = at;
      const match = ESCAPE.exec(text);
      if (match) {
        const [whole, escaped, percent, decimal, hex] = match;
        const point = percent ? parseInt(percent, 16) : decimal ? Number(decimal) : hex ? parseInt(hex, 16) : undefined;
        const char = escaped ?? (point !== undefined && point <= 0x10ffff ? String.fromCodePoint(point) : whole);
        add(char, at, at + whole.length);
        at += whole.length;
        continue;
      }
    }
    const length = code >= 0xd800 && code <= 0xdbff && at + 1 < text.length ? 2 : 1;
    add(text.slice(at, at + length), at, at + length);
    at += length;
  }
  return { chars, starts, ends };
}

/** Every run of MIN_FRAGMENT characters of every form: a text that has none of them holds no secret, checked in one pass. */
let grams: Set<string> | undefined;

/** Spans [start, end) of the original text that hold a secret or a long fragment of one. */
function secretSpans(text: string): [number, number][] {
  const plain = view(text, false).chars;
  grams ??= new Set(
    forms.flatMap((form) =>
      Array.from({ length: Math.max(1, form.chars.length - MIN_FRAGMENT + 1) }, (_, i) =>
        form.chars.slice(i, i + MIN_FRAGMENT),
      ),
    ),
  );
  const spans: [number, number][] = [];
  const shortest = Math.min(...forms.map((form) => Math.min(MIN_FRAGMENT, form.chars.length)));
  let candidate = false;
  for (let i = 0; i + shortest <= plain.length && !candidate; i++) {
    candidate = grams.has(plain.slice(i, i + MIN_FRAGMENT)) || shortest < MIN_FRAGMENT;
  }
  if (!candidate) return spans;
  const { starts, ends } = view(text);
  for (const form of forms) {
    const min = Math.min(MIN_FRAGMENT, form.chars.length);
    if (min === 0) continue;
    for (let i = 0; i + min <= plain.length;) {
      const run = longestRunAt(plain, i, form.chars, min, form.prefix);
      if (!run) {
        i++;
        continue;
      }
      // What of the run lies in the public prefix stays readable: `svc_***`.
      const visible = Math.max(0, form.prefix - run.from);
      const first = starts[i + visible];
      const last = ends[i + run.length - 1];
      if (first !== undefined && last !== undefined) spans.push([first, last]);
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

/** The text without any registered secret, whole, escaped, encoded, split by what renders as nothing, or in part. */
export function redact(text: string): string {
  if (forms.length === 0 || text === '') return text;
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
