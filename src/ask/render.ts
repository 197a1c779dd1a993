// The answer comment. The answer is model output grounded in pages anyone may have written, so it
// is treated as hostile: its markdown is kept, but nothing in it may notify anyone, run as HTML,
// show an image, or link anywhere but the documentation's own pages.
//
// The rules do not depend on knowing which text is code: a renderer and this module could disagree
// on where a code span or block ends (a fence inside a list item closes with the item), and text
// kept verbatim on such a guess could turn out to be live HTML. So every character that could start
// something live is broken with a zero-width space, which shows as nothing in text and in code:
// `<` (tags, comments, autolinks), `@` (mentions, e-mail links), `#` before a digit (references),
// `&` before an entity, `![` (images), `](` and `]:` (links and link definitions), and the scheme
// or `www.` of a bare address to another host. Only inline links whose target passes the host
// check are written back as links, outside fenced code blocks.
import { checkSourceLink } from '../text/grammar.ts';
import { stripInvisible } from '../text/sanitize.ts';
import { forMarkdown } from '../text/text-gate.ts';
import { holdsSecret, longestSecret, redact } from '../text/secrets.ts';
import type { Source } from '../service/assistant-stream.ts';

const ZWSP = '\u200b';

/** GitHub refuses comments over 65,536 characters; the answer gets most of what is left. */
export const COMMENT_LIMIT = 65_536;
export const ANSWER_LIMIT = 48_000;
const MAX_SOURCE_TITLE = 200;
const MAX_URL = 500;

export interface AnswerView {
  /** The signed marker line (src/github/marker.ts, kind ask). */
  marker: string;
  /** The answer's markdown as it arrived. */
  answer: string;
  sources: Source[];
  state: 'streaming' | 'complete' | 'incomplete';
  /** Why an incomplete answer stopped; outside text, gated here. */
  reason?: string;
}

export const ANSWER_START = '<!-- answer -->';
export const ANSWER_END = '<!-- /answer -->';
/** Stands for the answer while none has arrived (ask/comment.ts reads it back as no answer). */
export const NO_ANSWER_TEXT = '_No answer text yet._';

export function renderAnswerComment(view: AnswerView): string {
  const sources = checkSources(view.sources).kept;
  const hosts = new Set(sources.flatMap((source) => (source.url ? [new URL(source.url).host.toLowerCase()] : [])));
  const answer = neutraliseAnswer(view.answer, hosts);
  const lines = [view.marker, ANSWER_START, answer || NO_ANSWER_TEXT, ANSWER_END, ''];
  if (view.state === 'streaming') lines.push('_Writing the answer…_', '');
  if (view.state === 'incomplete') {
    lines.push(
      `> [!WARNING]`,
      `> This answer is incomplete: ${forMarkdown(view.reason ?? 'the answer stopped early', 300)}`,
      '',
    );
  }
  if (sources.length > 0) {
    lines.push('**Sources**', '');
    for (const source of sources) lines.push(`- ${sourceLine(source)}`);
    lines.push('');
  }
  lines.push(
    '---',
    '<sub>Generated from the documentation by its assistant; it can be wrong, so check the sources.</sub>',
  );
  const body = lines.join('\n');
  // The parts above are bounded; this only guards a change that forgets to bound a new one.
  return body.length <= COMMENT_LIMIT ? body : [...body].slice(0, COMMENT_LIMIT - 2).join('');
}

/** A page as a link to it; a document (no address) as its title and file name, linked nowhere. */
function sourceLine(source: Source): string {
  if (source.url) return `[${forMarkdown(source.title || source.url, MAX_SOURCE_TITLE)}](${source.url})`;
  const file = source.filename && source.title ? ` (${forMarkdown(source.filename, MAX_SOURCE_TITLE)})` : '';
  return `${forMarkdown(source.title || source.filename || '', MAX_SOURCE_TITLE)}${file}`;
}

/**
 * The sources whose address passes the source-link grammar (src/text/grammar.ts), each rebuilt from
 * its parts, no address twice; what does not pass is left out, with its reason. A document (no
 * address) is kept once per title and file name. Feeds the comment and the `sources` output.
 */
export function checkSources(sources: Source[]): { kept: Source[]; refused: { url: string; problem: string }[] } {
  const kept: Source[] = [];
  const refused: { url: string; problem: string }[] = [];
  for (const source of sources) {
    if (source.url === undefined) {
      const same = (seen: Source): boolean =>
        !seen.url && seen.title === source.title && seen.filename === source.filename;
      if ((source.title || source.filename) && !kept.some(same)) kept.push(source);
      continue;
    }
    const checked = checkSourceLink(source.url);
    if (!checked.ok) refused.push({ url: source.url, problem: checked.problem });
    else if (holdsSecret(checked.value)) refused.push({ url: '', problem: 'holds a secret of this run (not shown)' });
    else if (!kept.some((seen) => seen.url === checked.value)) {
      kept.push({ url: checked.value, ...(source.title ? { title: source.title } : {}) });
    }
  }
  return { kept, refused };
}

/**
 * A link target in the answer's text as it may stay a link (to an allowed host, checked by the
 * caller), or undefined unless it is a short http(s) URL free of secrets. Such a link is markdown in
 * a comment, never an output: the characters that could end it early are %-encoded.
 */
function safeUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password) return undefined;
  const href = url.href.replace(
    /[()<>"'`\s\\]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  if (href.length > MAX_URL || redact(href) !== href) return undefined;
  return href;
}

// The run of backticks or tildes is taken whole, once (a lookahead never gives back): `{3,}(.*)$
// would retry every shorter run on a line that holds a line break `.` does not read (\r, U+2028).
const FENCE = /^ {0,3}(?=(`{3,}|~{3,}))\1(.*)$/;

/**
 * The answer's markdown made inert (see the top of this file), secrets removed, cut below the
 * comment limit, and with a code block the answer left open closed again. The gate's order
 * (src/text/text-gate.ts), with the answer's own steps in their places: what removes text (invisible
 * characters and HTML comments, then links to other hosts, which keep only their text) runs before
 * `redact`, so the pieces of a key it joins are joined before redaction looks; what runs after
 * (cutting, breaking what is live) only adds characters or keeps the first part.
 */
export function neutraliseAnswer(text: string, allowedHosts: ReadonlySet<string>): string {
  const clean = stripInvisible(text);
  const windowed = clean.slice(0, ANSWER_LIMIT + longestSecret());
  const redacted = redact(mapFenced(windowed, (prose) => unlink(prose, allowedHosts)).text);
  const cut =
    clean.length > ANSWER_LIMIT ? `${[...redacted.slice(0, ANSWER_LIMIT)].join('')}\n\n_(answer cut)_` : redacted;
  return escapeAnswer(cut, allowedHosts);
}

/**
 * The text with each run of lines outside fenced code blocks passed through `prose`, the line that
 * opens a block through `opening` and each line inside one through `code`; `open` is the fence of a
 * block the text leaves open.
 */
function mapFenced(
  text: string,
  prose: (lines: string) => string,
  opening: (line: string, fence: string, info: string) => string = (line) => line,
  code: (line: string) => string = (line) => line,
): { text: string; open: string | undefined } {
  const out: string[] = [];
  let lines: string[] = [];
  let open: string | undefined;
  const flush = (): void => {
    if (lines.length > 0) out.push(prose(lines.join('\n')));
    lines = [];
  };
  for (const line of text.split('\n')) {
    const fence = FENCE.exec(line);
    if (open === undefined) {
      if (fence && !(fence[1]?.startsWith('`') && fence[2]?.includes('`'))) {
        flush();
        open = fence[1] ?? '```';
        out.push(opening(line, open, fence[2] ?? ''));
      } else {
        lines.push(line);
      }
    } else if (fence && fence[1]?.[0] === open[0] && (fence[1]?.length ?? 0) >= open.length && !fence[2]?.trim()) {
      out.push(line);
      open = undefined;
    } else {
      out.push(code(line));
    }
  }
  flush();
  return { text: out.join('\n'), open };
}

/** The last step: everything live broken, fenced code kept readable, and a code block left open closed. */
function escapeAnswer(text: string, allowedHosts: ReadonlySet<string>): string {
  const escaped = mapFenced(
    text,
    (prose) => neutraliseProse(prose, allowedHosts),
    (line, open, info) => `${line.slice(0, line.indexOf(open))}${open}${info.replace(/[^\w+.#-]/g, '')}`,
    (line) => breakLive(line, allowedHosts),
  );
  return (escaped.open === undefined ? escaped.text : `${escaped.text}\n${escaped.open}`).trim();
}

/**
 * An inline link: text without brackets, then an http(s) or other target, with an optional title.
 * Each run of white space is taken whole (a lookahead and a backreference make it atomic): split
 * between two `\s*`, a long run with no `)` after it took seconds to reject.
 */
const LINK =
  /(?<bang>!?)\[(?<label>[^[\]]*)\]\((?=(?<s1>\s*))\k<s1><?(?<target>[^\s()<>]*)>?(?=(?<s2>\s*))\k<s2>(?:(?:"[^"]*"|'[^']*')(?=(?<s3>\s*))\k<s3>)?\)/g;

/** The parts of a LINK match. */
function linkParts(match: RegExpMatchArray): { bang: string; label: string; target: string } {
  const { bang = '', label = '', target = '' } = match.groups ?? {};
  return { bang, label, target };
}

/** Whether a link's target is one this comment may link to. */
function allowedLink(target: string, allowedHosts: ReadonlySet<string>): string | undefined {
  const url = safeUrl(target);
  return url && allowedHosts.has(new URL(url).host.toLowerCase()) ? url : undefined;
}

/**
 * Before redaction: links to allowed hosts are written back plainly (`[text](address)`, the title
 * dropped), any other link becomes its text, and an image a link to its address, which then passes
 * the same host check. Nothing is broken yet.
 */
function unlink(text: string, allowedHosts: ReadonlySet<string>): string {
  let out = '';
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const { bang, label, target } = linkParts(match);
    const url = allowedLink(target, allowedHosts);
    const prefix = bang ? 'image: ' : '';
    const shown = label || target;
    out += text.slice(at, match.index) + (url ? `[${prefix}${shown}](${url})` : `${prefix}${shown}`);
    at = match.index + match[0].length;
  }
  return out + text.slice(at);
}

/**
 * After redaction: links to allowed hosts stay links, and everything else is broken where it
 * stands. Nothing is removed here, so nothing that redaction left apart can be joined.
 */
function neutraliseProse(text: string, allowedHosts: ReadonlySet<string>): string {
  let out = '';
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const whole = match[0];
    const { bang, label, target } = linkParts(match);
    out += breakLive(text.slice(at, match.index), allowedHosts);
    at = match.index + whole.length;
    const url = bang ? undefined : allowedLink(target, allowedHosts);
    out += url ? `[${breakLive(label, allowedHosts)}](${url})` : breakLive(whole, allowedHosts);
  }
  return out + breakLive(text.slice(at), allowedHosts);
}

/**
 * A bare address GitHub would autolink (cmark-gfm's autolink extension), taken as far as GitHub
 * takes it: to white space or `<`. A scheme (http, https, ftp) counts after anything but a letter
 * (`_https://…_`, `1https://…`); `www.` at the start, after white space or one of `*_~(`
 * (`_www.…_`). Where GitHub would not link, breaking the address as well does no harm.
 */
const BARE_URL = /(?<![A-Za-z])(?:https?|ftp):\/\/[^\s<]*|(?<=^|[\s*_~(])www\.[^\s<]*/gi;

/** Breaks everything that could be live in `text`, whether a renderer reads it as code or not. */
function breakLive(text: string, allowedHosts: ReadonlySet<string>): string {
  return text
    .replace(BARE_URL, (address) =>
      isAllowed(address, allowedHosts) ? address : address.replace(/^((?:https?|ftp):|www)/i, `$1${ZWSP}`),
    )
    .replace(/</g, `<${ZWSP}`)
    .replace(/@(?=[\w-])/g, `@${ZWSP}`)
    .replace(/#(?=\d)/g, `#${ZWSP}`)
    .replace(/&(?=[#A-Za-z])/g, `&${ZWSP}`)
    .replace(/!\[/g, `!${ZWSP}[`)
    .replace(/\](?=[(:])/g, `]${ZWSP}`);
}

function isAllowed(address: string, allowedHosts: ReadonlySet<string>): boolean {
  try {
    const url = new URL(/^www\./i.test(address) ? `https://${address}` : address);
    return allowedHosts.has(url.host.toLowerCase()) && !url.username && !url.password;
  } catch {
    return false;
  }
}
