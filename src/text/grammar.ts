/**
 * The grammars of the fixed-form values this action takes from outside and hands on: job ids,
 * thread ids, statuses, pull request links and numbers, and the documentation's source links.
 *
 * A later step reads an output as it is (`echo "$PR_LINK"`, a `::notice::` line, a URL it opens),
 * so a fixed-form value is never escaped or made inert the way free text is (src/text/text-gate.ts):
 * it matches its grammar exactly, or it is refused. A link is rebuilt from its parsed parts, so
 * what goes on is only what the grammar allows: no shell metacharacters (`$(…)`, backticks, `;`,
 * quotes), no `::` or `##[` that the runner would take for a command, no query or fragment to carry
 * either, no white space or line break. Each value is checked where it enters (the service's job,
 * the answer stream, the saved state) and again by the output writer (src/step/state.ts), as a last
 * line of defence.
 */
import {
  ANSWERED_STATUS,
  CANCELLED_STATUS,
  DRY_RUN_STATUS,
  ERROR_STATUS,
  FAILED_STATUS,
  SWEPT_STATUS,
  RELEASED_STATUS,
  JOB_STATUSES,
  Output,
  SKIPPED_STATUS,
  UNKNOWN_STATUS,
} from '../base/constants.ts';

/**
 * A job id: letters, digits, '_', '.', '-', starting with a letter or digit, at most 128 characters.
 * Ids that pass are used exactly as given; any other is refused, never rewritten.
 */
export const JOB_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/**
 * An assistant thread id: letters, digits, '_', '.', '-' and single ':' (ids may be namespaced),
 * starting with a letter or digit (never an option to a command), at most 128 characters, and
 * never `::`, which starts a runner command at the beginning of a line.
 */
export const THREAD_ID = /^(?!.*::)[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

/**
 * A request's key in a progress or notification marker: `c<comment id>`, `i<issue number>`, or
 * `r<run id>` (GITHUB_RUN_ID, digits; empty only where the runner gave none).
 */
export const REQUEST_KEY = /^(?:[ci][0-9]{1,20}|r[0-9]{0,20})$/;

/** What asked a question, in an answer marker: `c<comment id>`, `i` (the issue itself), `r<run id>`. */
export const QUESTION_REF = /^(?:c[0-9]{1,20}|i|r[0-9]{1,20})$/;

/** A GitHub login in lower case, as a refusal marker names it: letters, digits and hyphens, at most 39. */
export const LOGIN = /^[a-z0-9][a-z0-9-]{0,38}$/;

/** An issue or pull request of a repository, `owner/repo#n`: what a docs pull request's marker names. */
export const ISSUE_REF = /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}#[1-9][0-9]{0,9}$/;

/** A pull request number: a positive integer without leading zeros, at most ten digits. */
export const PR_NUMBER = /^[1-9][0-9]{0,9}$/;

/** Every value the `status` output takes, in every mode. */
export const OUTPUT_STATUSES: readonly string[] = [
  ...JOB_STATUSES,
  SKIPPED_STATUS,
  DRY_RUN_STATUS,
  ERROR_STATUS,
  CANCELLED_STATUS,
  UNKNOWN_STATUS,
  ANSWERED_STATUS,
  FAILED_STATUS,
  SWEPT_STATUS,
  RELEASED_STATUS,
];

/** A GitHub owner (user or organisation): letters, digits and hyphens, not first, at most 39. */
const OWNER = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/;
/** A GitHub repository name: letters, digits, '.', '_', '-', at most 100; never `.` or `..`. */
const REPOSITORY = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;
/** One DNS label, and a host name of them (an IPv4 address is one too). */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOST = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);
/** The longest link either grammar takes: what is longer is refused before it is parsed further. */
const MAX_LINK = 500;

/** A checked value, or what is wrong with it: the rest of "the link …" (for example "has a query"). */
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

const refuse = (problem: string): { ok: false; problem: string } => ({ ok: false, problem });

/** A pull request link rebuilt from its parts, and its number. */
export interface PullRequestLink {
  /** `https://<trusted host>/<owner>/<repo>/pull/<number>`, nothing else. */
  link: string;
  number: string;
}

/**
 * A pull request link on one of `hosts` (github.com and the run's GitHub server, lower case), taken
 * apart and rebuilt as `https://<host>/<owner>/<repo>/pull/<number>`, or what is wrong with it. Only
 * a single trailing slash is forgiven (it is dropped); no port, user name, query or fragment.
 * The raw text is read as it is, not through URL parsing, which would quietly drop tabs and line
 * breaks and turn backslashes into slashes.
 */
export function checkPullRequestLink(raw: string, hosts: readonly string[]): Checked<PullRequestLink> {
  if (raw.trim() !== raw) return refuse('has white space around it');
  if (raw.length > MAX_LINK) return refuse(`is longer than ${MAX_LINK} characters`);
  const shape = `https://<host>/<owner>/<repo>/pull/<number> on ${hosts.join(' or ')}`;
  if (!raw.startsWith('https://')) return refuse(`is not an https link (expected ${shape})`);
  if (/[?#]/.test(raw)) return refuse(`has a query or a fragment (expected ${shape})`);
  const [host = '', owner = '', repo = '', kind, number = '', ...rest] = raw.slice('https://'.length).split('/');
  const trusted = hosts.find((candidate) => candidate === host.toLowerCase());
  if (!trusted || !HOST.test(host)) return refuse(`is not on this GitHub server (expected ${shape})`);
  if (kind !== 'pull') return refuse(`is not a link to a pull request (expected ${shape})`);
  if (!OWNER.test(owner)) return refuse('names an owner that GitHub would not allow');
  if (!REPOSITORY.test(repo)) return refuse('names a repository that GitHub would not allow');
  if (!PR_NUMBER.test(number)) return refuse('has a pull request number that is not a number');
  if (rest.length > 1 || (rest.length === 1 && rest[0] !== '')) {
    return refuse(`goes on after the pull request number (expected ${shape})`);
  }
  return { ok: true, value: { link: `https://${trusted}/${owner}/${repo}/pull/${number}`, number } };
}

/** What a path segment or a fragment may hold as it is: RFC 3986's unreserved characters and %XX. */
const SAFE_PIECE = /^(?:[A-Za-z0-9._~-]|%[0-9A-Fa-f]{2})*$/;
/** A query of one `name=value` (or a bare name), of the same characters: `&` is shell syntax. */
const SAFE_QUERY = /^(?:[A-Za-z0-9._~-]|%[0-9A-Fa-f]{2})+(?:=(?:[A-Za-z0-9._~-]|%[0-9A-Fa-f]{2})*)?$/;
/** Letters, marks and digits of other scripts: never shell or runner syntax, so they are %-encoded. */
const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]/u;

/**
 * A documentation page's address (an answer's source), rebuilt from its parts:
 * `http(s)://<host>[:<port>]/<path>[?<name>=<value>][#<anchor>]`, scheme and host in lower case,
 * path segments, the query and the anchor of unreserved characters and %XX escapes (letters of
 * other scripts are %-encoded). No user name, no `.` or `..` segment, a query of one parameter
 * at most (`&` is shell syntax); any other character (`$`, `(`, `&`, backticks, quotes, `#`, `[`,
 * `:`, white space) refuses the whole link.
 */
export function checkSourceLink(raw: string): Checked<string> {
  if (raw.trim() !== raw) return refuse('has white space around it');
  if (raw.length > MAX_LINK) return refuse(`is longer than ${MAX_LINK} characters`);
  const scheme = /^(https?):\/\//i.exec(raw);
  if (!scheme) return refuse('is not an http(s) link');
  const rest = raw.slice(scheme[0].length);
  const hashAt = rest.indexOf('#');
  const beforeHash = hashAt === -1 ? rest : rest.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const query = queryAt === -1 ? undefined : beforeHash.slice(queryAt + 1);
  if (query !== undefined && !SAFE_QUERY.test(query)) {
    return refuse('has a query that is not one plain name=value pair');
  }
  const beforeQuery = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const slashAt = beforeQuery.indexOf('/');
  const authority = slashAt === -1 ? beforeQuery : beforeQuery.slice(0, slashAt);
  const authorityMatch = /^([^:]*)(?::([0-9]{1,5}))?$/.exec(authority);
  const host = authorityMatch?.[1] ?? '';
  const port = authorityMatch?.[2];
  if (!authorityMatch || !HOST.test(host) || host.length > 253) {
    return refuse('does not name a host as a plain host name (a user name, an odd port or other characters)');
  }
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return refuse('has an impossible port');
  const segments = slashAt === -1 ? [] : beforeQuery.slice(slashAt + 1).split('/');
  const path: string[] = [];
  for (const segment of segments) {
    if (segment === '.' || segment === '..') return refuse('has a `.` or `..` path segment');
    const encoded = encodeWords(segment);
    if (encoded === undefined) return refuse('has characters in its path that a page address does not need');
    path.push(encoded);
  }
  let anchor = '';
  if (hashAt !== -1) {
    const encoded = encodeWords(rest.slice(hashAt + 1));
    if (encoded === undefined || encoded === '') return refuse('has a fragment that is not a plain anchor');
    anchor = `#${encoded}`;
  }
  const lowerScheme = scheme[1]?.toLowerCase() ?? 'https';
  const defaultPort = lowerScheme === 'https' ? '443' : '80';
  const shownPort = port === undefined || port.replace(/^0+/, '') === defaultPort ? '' : `:${Number(port)}`;
  const search = query === undefined ? '' : `?${query}`;
  return {
    ok: true,
    value: `${lowerScheme}://${host.toLowerCase()}${shownPort}/${path.join('/')}${search}${anchor}`,
  };
}

/** `piece` with letters of other scripts %-encoded, or undefined when it holds anything else unsafe. */
function encodeWords(piece: string): string | undefined {
  let out = '';
  for (const char of piece)
    out += char.charCodeAt(0) > 0x7f && WORD_CHARACTER.test(char) ? encodeURIComponent(char) : char;
  return SAFE_PIECE.test(out) ? out : undefined;
}

/** The checks of the fixed-form outputs, by output name; the others are text (message, title, answer). */
export function checkFixedOutput(name: string, value: string, hosts: readonly string[]): string | undefined {
  switch (name) {
    case Output.Status:
      return OUTPUT_STATUSES.includes(value) ? undefined : `is not one of ${OUTPUT_STATUSES.join(', ')}`;
    case Output.JobId:
      return JOB_ID.test(value) ? undefined : 'is not a job id';
    case Output.ThreadId:
      return value === '' || THREAD_ID.test(value) ? undefined : 'is not a thread id';
    case Output.PrNumber:
      return PR_NUMBER.test(value) ? undefined : 'is not a pull request number';
    case Output.PrLink: {
      if (value === '') return undefined;
      const checked = checkPullRequestLink(value, hosts);
      if (!checked.ok) return checked.problem;
      return checked.value.link === value ? undefined : 'is not written as a pull request link is';
    }
    case Output.Sources:
      return checkSourceList(value);
    default:
      return undefined;
  }
}

/** The `sources` output: a JSON array of at most 20 source links, each exactly as checkSourceLink rebuilds it. */
function checkSourceList(value: string): string | undefined {
  let list: unknown;
  try {
    list = JSON.parse(value);
  } catch {
    return 'is not JSON';
  }
  if (!Array.isArray(list) || list.length > MAX_SOURCES) return `is not a list of at most ${MAX_SOURCES} links`;
  for (const item of list) {
    if (typeof item !== 'string') return 'holds something other than a link';
    const checked = /^https?:/.test(item) ? checkSourceLink(item) : checkDocumentName(item);
    if (!checked.ok || checked.value !== item)
      return 'holds an entry that is neither a plain page address nor a file name';
  }
  return JSON.stringify(list) === value ? undefined : 'is not written as a list of links is';
}

/**
 * A document source's file name, as the `sources` output lists a source the service cites without an
 * address (`source-document`): a relative path of letters, digits, `.`, `_`, `-` and `/`, at most 200
 * characters, no `..` segment and no scheme, so it reads as a name and never as a link or a command.
 */
export function checkDocumentName(raw: string): Checked<string> {
  const value = raw.trim();
  if (!/^[\w.-][\w./-]{0,199}$/.test(value) || value.split('/').includes('..')) {
    return { ok: false, problem: 'is not a plain file name' };
  }
  return { ok: true, value };
}

/**
 * The `sources` output's entries (and `docs-agent ask --json`'s), from sources checked already
 * (ask/render.ts `checkSources`): each page's address, and for a document the service cites without
 * one its file name when checkDocumentName passes it, never a made-up link.
 */
export function sourceEntries(
  sources: readonly { url?: string | undefined; filename?: string | undefined }[],
): string[] {
  const entries = sources.flatMap((source) => {
    if (source.url) return [source.url];
    const name = source.filename ? checkDocumentName(source.filename) : undefined;
    return name?.ok ? [name.value] : [];
  });
  return [...new Set(entries)].slice(0, MAX_SOURCES);
}

/** Most sources an answer lists (src/service/assistant-stream.ts keeps no more). */
export const MAX_SOURCES = 20;
