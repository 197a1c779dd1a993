/**
 * Redaction against every rewriting the gate and its callers apply, in every order they apply it.
 * A secret is echoed in pieces split by each construct that some step removes or that renders as
 * nothing; the text then goes through each destination's path, and what a reader sees there (the
 * log line or output as written, the markdown and HTML as rendered, with what shows as nothing
 * left out) must hold no run of 8 characters of the secret, or of its base64 forms.
 */
import { renderAnswerComment } from '../src/ask/render.ts';
import { stripInvisible, cleanText } from '../src/text/sanitize.ts';
import {
  clearSecrets,
  forHtml,
  forLog,
  forMarkdown,
  forOutput,
  forText,
  gateLines,
  registerSecret,
} from '../src/text/text-gate.ts';
import { pageText, shownText } from './support/render.ts';

const KEY = 'svc_Zk39fQ2mX8pLw7TnB4vR1c';
const TOKEN = 'ghs_9fK2mQ7xL3pW8nT4vB6zR1yH';

beforeEach(() => {
  clearSecrets();
  registerSecret(KEY);
  registerSecret(TOKEN);
});
afterAll(() => clearSecrets());

/** What a reader takes from a destination's text: the runner shows log lines and outputs as written. */
const plain = (text: string): string => text.replace(/[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu, '');

/**
 * Each path outside text takes to a reader, as the code composes the gate's functions: a service
 * field is gated at the door (forLog, src/service/client.ts) and again for its destination; a log
 * message is gated whole on its way out (gateLines); the answer is its own destination.
 */
const PATHS: [string, (text: string) => string][] = [
  ['log line', (t) => plain(forLog(t))],
  ['log message', (t) => plain(gateLines(t))],
  ['output', (t) => plain(forOutput(t))],
  ['output of a field gated at the door', (t) => plain(forOutput(forLog(t, 2_000)))],
  ['answer output', (t) => plain(forText(t, 70_000))],
  ['comment', (t) => shownText(forMarkdown(t))],
  ['comment of a field gated at the door', (t) => shownText(forMarkdown(forLog(t, 2_000)))],
  ['summary HTML of a field gated at the door', (t) => pageText(forHtml(forLog(t, 200)))],
  ['summary quote of a field gated at the door', (t) => shownText(`> ${forMarkdown(forLog(t, 2_000), 2_000)}`)],
  ['log line of text cleaned before', (t) => plain(forLog(cleanText(t)))],
  ['comment of text cleaned before', (t) => shownText(forMarkdown(stripInvisible(t)))],
  ['answer comment', (t) => shownText(renderAnswerComment({ marker: '', answer: t, sources: [], state: 'complete' }))],
];

/** What joins two pieces without showing: everything some step removes, or a renderer shows as nothing. */
const SPLITTERS: [string, (pieces: string[]) => string][] = [
  ['a zero-width space', (p) => p.join('\u200b')],
  ['a comment hidden by a zero-width space', (p) => p.join('<!\u200b---->')],
  ['an empty comment', (p) => p.join('<!---->')],
  ['a short comment', (p) => p.join('<!-->')],
  ['a comment with text', (p) => p.join('<!-- nothing to see -->')],
  ['a comment over lines', (p) => p.join('<!--\n-->')],
  ['a tag character', (p) => p.join('\u{E0041}')],
  ['a variation selector', (p) => p.join('\ufe0f')],
  ['a soft hyphen', (p) => p.join('\u00ad')],
  ['a word joiner', (p) => p.join('\u2060')],
  ['a bidi override', (p) => p.join('\u202e')],
  ['an interlinear annotation', (p) => p.join('\ufff9')],
  ['a control character', (p) => p.join('\u0007')],
  ['a vertical tab', (p) => p.join('\v')],
  ['an entity for a zero-width space', (p) => p.join('&#8203;')],
  ['emphasis', (p) => p.map((piece, i) => (i % 2 ? `**${piece}**` : piece)).join('')],
  ['code spans', (p) => p.map((piece, i) => (i % 2 ? `\`${piece}\`` : piece)).join('')],
  ['strikethrough', (p) => p.map((piece, i) => (i % 2 ? `~~${piece}~~` : piece)).join('')],
  ['markdown escapes', (p) => p.map((piece) => piece.replace(/_/g, '\\_')).join('')],
  ['entities', (p) => p.map((piece) => `&#${piece.charCodeAt(0)};${piece.slice(1)}`).join('')],
  ['percent escapes', (p) => p.map((piece) => `%${piece.charCodeAt(0).toString(16)}${piece.slice(1)}`).join('')],
  ['line breaks', (p) => p.join('\n')],
  ['CRLF', (p) => p.join('\r\n')],
];

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}

/** The runs of 8 characters of `secret` that `seen` shows. */
function leaks(seen: string, secret: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 8 <= secret.length; i++)
    if (seen.includes(secret.slice(i, i + 8))) found.push(secret.slice(i, i + 8));
  return found;
}

/** The base64 of `prefix + secret`, and its characters that encode bytes of the secret alone. */
function base64Echo(secret: string, prefix: string, url = false): { echo: string; form: string } {
  const echo = Buffer.from(prefix + secret).toString(url ? 'base64url' : 'base64');
  const first = Math.ceil(Buffer.byteLength(prefix) / 3) * 4;
  const last = Math.floor(Buffer.byteLength(prefix + secret) / 3) * 4;
  return { echo, form: echo.slice(first, last) };
}

describe.each(PATHS)('on the way to the %s', (_path, path) => {
  test.each(SPLITTERS)('a key in pieces split by %s never shows whole', (_splitter, split) => {
    for (const secret of [KEY, TOKEN]) {
      for (let size = 1; size <= 9; size++) {
        const text = `Bearer ${split(pieces(secret, size))} was refused`;
        expect([size, leaks(path(text), secret)]).toEqual([size, []]);
      }
    }
  });

  test.each([
    ['base64 at offset 0', ''],
    ['base64 at offset 1', 'x'],
    ['base64 at offset 2', 'xy'],
    ['base64 of user:key', 'user:'],
  ])('a key echoed in %s never shows', (_name, prefix) => {
    for (const url of [false, true]) {
      const { echo, form } = base64Echo(KEY, prefix, url);
      expect(leaks(path(`Authorization: Basic ${echo}`), form)).toEqual([]);
    }
  });
});

test('the paths above show ordinary text, so that the check can see a key', () => {
  for (const [name, path] of PATHS) {
    expect([name, path('the flag is documented')]).toEqual([name, expect.stringContaining('the flag is documented')]);
  }
});
