import { createHmac, timingSafeEqual } from 'node:crypto';
import { ISSUE_REF, JOB_ID, LOGIN, QUESTION_REF, REQUEST_KEY, THREAD_ID } from '../text/grammar.ts';

/**
 * The one codec of the hidden markers this action writes on the first line of its comments, one
 * line each, of one form: `<!-- <prefix> <field>=<value> … sig=<signature> -->`.
 * - progress `<!-- docs-agent-action job=… triggers=… [open=…] sig=… -->`: the one living comment per
 *   request (job id and the requests' keys), so a re-run resumes its job and a follow-up continues it;
 *   `open` is there only while the request is in flight (the comment says "working", or that the
 *   run stopped and the job continues): whom the end is to be told to (`-`: nobody), so the sweep
 *   (src/sweep/) finishes it exactly as the waiting run would have, from signed facts only;
 * - notify `notified=…` / refusal `refused=…` (prefix `<!-- docs-agent-action`): the one comment
 *   telling the requester a job ended / the one reply telling a user why nothing started, so a
 *   re-run does neither twice;
 * - ask `<!-- docs-agent-ask thread=… q=… sig=… -->`: an answer, with the assistant's thread id;
 * - follow `<!-- docs-agent-follow head=… sent=… drafted=0|1 closed=… sig=… -->`: the second line of
 *   a followed pull request's progress comment (pulls/thread.ts), signed for the first line's job
 *   too (MarkerScope `job`); its reader passes that line;
 * - docs `<!-- docs-agent-docs for=<owner>/<repo>#<n> pull=0|1 job=… sig=… -->`: the line at the end
 *   of a docs pull request's description that makes it this action's (github/docs-prs.ts), signed
 *   for the docs repository and the docs pull request's number; its reader passes each such line.
 * A marker holds only ids the action made or GitHub numbered, never user or model text, and each
 * value must match its grammar (src/text/grammar.ts) or the whole marker is ignored.
 *
 * The signature is an HMAC-SHA256 keyed by the api-key (the assistant key for ask), of the kind,
 * the repository (lower case, as GitHub compares it), the issue number and the fields: no other App,
 * bot or person, and no marker copied from another issue or repository, produces it (the run record,
 * run-record.ts, signs the same way). Only the first line of a body is read (the follow line's
 * reader passes its line), and only when it is exactly one marker: a quoted marker is never believed.
 */
export const MARKER_PREFIX = '<!-- docs-agent-action';
export const ASK_MARKER_PREFIX = '<!-- docs-agent-ask';
export const DOCS_MARKER_PREFIX = '<!-- docs-agent-docs';

/** What a marker's signature binds it to. */
export interface MarkerScope {
  /** The api-key (the assistant key in ask mode): whoever holds it may spend the quota anyway. */
  key: string;
  /** owner/repo. */
  repository: string;
  issueNumber: number;
  /** The job a follow line is bound to (its progress marker's): signed, never written in the line. */
  job?: string | undefined;
}

export interface ProgressMarker {
  jobId: string;
  /** What asked for work on this job: `c<comment id>`, `i<issue number>` or `r<run id>`, oldest first. */
  triggers: string[];
  /**
   * Set only while the request is in flight (no run has written its end): the login to notify at
   * the end, '' for nobody. Undefined: the comment holds the request's final word.
   */
  open?: string | undefined;
}

export interface AskMarker {
  /** '' when the service gave no thread id. */
  threadId: string;
  /** What asked: `c<comment id>`, `i` for the issue itself, `r<run id>` for a step's prompt. */
  question: string;
}

/** What a followed pull request's job was told (pulls/thread.ts says what each field is for). */
export type FollowState = { head: string; sent: number; drafted: boolean; closed: '' | 'closed' | 'merged' };

export interface DocsMarker {
  /** The request the docs pull request is for, `owner/repo#n` in the code repository. */
  request: string;
  /** Whether the request is a pull request (its close without merging closes the docs). */
  pull: boolean;
  jobId: string;
}

export type Marker =
  | ({ kind: 'progress' } & ProgressMarker)
  | { kind: 'notify'; request: string }
  | { kind: 'refusal'; login: string }
  | ({ kind: 'ask' } & AskMarker)
  | ({ kind: 'docs' } & DocsMarker)
  | ({ kind: 'follow' } & FollowState);

export type MarkerKind = Marker['kind'];

/** Hex digits kept of the HMAC-SHA256: 128 bits, short enough to stay readable. */
const SIGNATURE_LENGTH = 32;

/** The HMAC-SHA256 of `fields` (one per line) keyed by `key`, as `length` hex digits. */
export function signFields(key: string, fields: readonly string[], length = SIGNATURE_LENGTH): string {
  return createHmac('sha256', key).update(fields.join('\n')).digest('hex').slice(0, length);
}

/** Compares two signatures in time that does not depend on where they differ. */
export function sameSignature(given: string, expected: string): boolean {
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** A value's grammar: a RegExp of src/text/grammar.ts, or a list or choice of them. */
type Grammar = { test(value: string): boolean };

/**
 * One kind's line: its prefix, and its fields in order with the grammar each value must match. An
 * optional field is left out of the line (and of what is signed) when it has no value, so the
 * markers written before it existed read and verify as they always did.
 */
interface Form {
  prefix: string;
  fields: readonly { name: string; grammar: Grammar; optional?: true }[];
}

const TRIGGERS: Grammar = {
  test: (value: string) => value.split(',').every((key) => key === '' || REQUEST_KEY.test(key)),
};
// A progress comment written before its job existed has no job id.
const OPTIONAL_JOB: Grammar = { test: (value: string) => value === '' || JOB_ID.test(value) };
const THREAD_FIELD: Grammar = { test: (value: string) => value === '-' || THREAD_ID.test(value) };
/** A GitHub login as the event gave it (case kept, for the mention), or `-` for nobody. */
const OPEN: Grammar = { test: (value: string) => value === '-' || /^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/.test(value) };
const SHA_FIELD: Grammar = { test: (value: string) => value === '-' || /^[0-9a-f]{40}$/.test(value) };

const FORMS: Record<MarkerKind, Form> = {
  progress: {
    prefix: MARKER_PREFIX,
    fields: [
      { name: 'job', grammar: OPTIONAL_JOB },
      { name: 'triggers', grammar: TRIGGERS },
      { name: 'open', grammar: OPEN, optional: true },
    ],
  },
  notify: { prefix: MARKER_PREFIX, fields: [{ name: 'notified', grammar: REQUEST_KEY }] },
  refusal: { prefix: MARKER_PREFIX, fields: [{ name: 'refused', grammar: LOGIN }] },
  ask: {
    prefix: ASK_MARKER_PREFIX,
    fields: [
      { name: 'thread', grammar: THREAD_FIELD },
      { name: 'q', grammar: QUESTION_REF },
    ],
  },
  docs: {
    prefix: DOCS_MARKER_PREFIX,
    fields: [
      { name: 'for', grammar: ISSUE_REF },
      { name: 'pull', grammar: /^[01]$/ },
      { name: 'job', grammar: JOB_ID },
    ],
  },
  follow: {
    prefix: '<!-- docs-agent-follow',
    fields: [
      { name: 'head', grammar: SHA_FIELD },
      { name: 'sent', grammar: /^\d{1,4}$/ },
      { name: 'drafted', grammar: /^[01]$/ },
      { name: 'closed', grammar: /^(closed|merged|-)$/ },
    ],
  },
};

/**
 * The values a marker is written with. Ids are checked at the door (the service client's JOB_ID,
 * the stream's THREAD_ID); this only keeps what a marker may hold, so a marker never breaks its line.
 */
function valuesOf(marker: Marker): (string | undefined)[] {
  switch (marker.kind) {
    case 'progress': {
      const open = marker.open === undefined ? undefined : safeId(marker.open) || '-';
      return [safeId(marker.jobId), marker.triggers.map(safeId).join(','), open];
    }
    case 'notify':
      return [safeId(marker.request)];
    case 'refusal':
      return [safeId(marker.login.toLowerCase())];
    case 'ask':
      return [
        THREAD_ID.test(marker.threadId) ? marker.threadId : '-',
        QUESTION_REF.test(marker.question) ? marker.question : 'i',
      ];
    case 'docs':
      return [ISSUE_REF.test(marker.request) ? marker.request : '', marker.pull ? '1' : '0', safeId(marker.jobId)];
    case 'follow': {
      const sent = String(Math.min(Math.max(Math.trunc(marker.sent), 0), 9999));
      return [SHA_FIELD.test(marker.head) ? marker.head : '-', sent, marker.drafted ? '1' : '0', marker.closed || '-'];
    }
  }
}

function markerOf(kind: MarkerKind, values: readonly (string | undefined)[]): Marker {
  const [first = '', second = '', third, fourth = '-'] = values;
  switch (kind) {
    case 'progress': {
      const marker: Marker = { kind, jobId: first, triggers: second.split(',').filter(Boolean) };
      if (third !== undefined) marker.open = third === '-' ? '' : third;
      return marker;
    }
    case 'notify':
      return { kind, request: first };
    case 'refusal':
      return { kind, login: first };
    case 'ask':
      return { kind, threadId: first === '-' ? '' : first, question: second };
    case 'docs':
      return { kind, request: first, pull: second === '1', jobId: third ?? '' };
    case 'follow':
      return { kind, head: first === '-' ? '' : first, sent: Number(second), drafted: third === '1', closed: fourth === '-' ? '' : (fourth as FollowState['closed']) }; // prettier-ignore
  }
}

/**
 * What is signed: an answer's missing thread as empty, as it always was; an optional field without
 * a value not at all, and with one with its name, so a value cannot move from one field to another.
 */
function signed(kind: MarkerKind, values: readonly (string | undefined)[], scope: MarkerScope): string {
  const { fields: form } = FORMS[kind];
  const fields = values.flatMap((value, index) => {
    const field = form[index];
    if (field?.optional) return value === undefined ? [] : [`${field.name}=${value}`];
    return [kind === 'ask' && index === 0 && value === '-' ? '' : (value ?? '')];
  });
  const bound = scope.job === undefined ? [] : [scope.job];
  return signFields(scope.key, [kind, scope.repository.toLowerCase(), String(scope.issueNumber), ...bound, ...fields]);
}

/** Drops what could never be in an id, so a value cannot end the HTML comment or split the line. */
export function safeId(id: string): string {
  return id.replace(/[^A-Za-z0-9_.-]/g, '');
}

/** The marker line, signed for `scope`. */
export function renderMarker(marker: Marker, scope: MarkerScope): string {
  const form = FORMS[marker.kind];
  const values = valuesOf(marker);
  const fields = form.fields.flatMap((field, index) => {
    const value = values[index];
    return field.optional && value === undefined ? [] : [`${field.name}=${value ?? ''}`];
  });
  return `${form.prefix} ${fields.join(' ')} sig=${signed(marker.kind, values, scope)} -->`;
}

/** The line each kind's marker must be, exactly: its fields in order, then a full signature. */
const LINES = Object.entries(FORMS).map(([kind, form]) => {
  const fields = form.fields
    .map((field) => (field.optional ? `(?: ${field.name}=(\\S*))?` : ` ${field.name}=(\\S*)`))
    .join('');
  const line = new RegExp(`^${form.prefix}${fields} sig=([0-9a-f]{${SIGNATURE_LENGTH}}) -->$`);
  return { kind: kind as MarkerKind, form, line };
});

/**
 * The marker on the first line of `body` when this action signed it for `scope` (and, with `kind`,
 * when it is of that kind); undefined for anything else, whoever wrote it. Text after the first
 * line is never read. A body is at most GitHub's 65,536 characters, so the scan is bounded.
 */
export function readMarker<K extends MarkerKind>(
  body: string,
  scope: MarkerScope,
  kind?: K,
): Extract<Marker, { kind: K }> | undefined {
  const end = body.indexOf('\n');
  const first = (end === -1 ? body : body.slice(0, end)).trimEnd();
  if (!first.startsWith('<!-- docs-agent-')) return undefined;
  for (const candidate of LINES) {
    if (kind !== undefined && candidate.kind !== kind) continue;
    const match = candidate.line.exec(first);
    if (!match) continue;
    const values = match
      .slice(1, -1)
      .map((value, index) =>
        value === undefined && candidate.form.fields[index]?.optional ? undefined : (value ?? ''),
      );
    const valid = candidate.form.fields.every((field, index) => {
      const value = values[index];
      return value === undefined ? field.optional === true : field.grammar.test(value);
    });
    if (!valid) return undefined;
    const signature = match.at(-1) ?? '';
    if (!sameSignature(signature, signed(candidate.kind, values, scope))) return undefined;
    return markerOf(candidate.kind, values) as Extract<Marker, { kind: K }>;
  }
  return undefined;
}

/**
 * What a marker is the one comment for: two comments with the same request key are one comment
 * written twice (an answer to the same question, a progress comment of the same request).
 */
export function requestOf(marker: Marker): string {
  switch (marker.kind) {
    case 'progress':
      return `progress:${marker.triggers[0] ?? `job=${marker.jobId}`}`;
    case 'notify':
      return `notify:${marker.request}`;
    case 'refusal':
      return `refusal:${marker.login}`;
    case 'ask':
      return `ask:${marker.question}`;
    case 'docs':
      return `docs:${marker.request}`;
    case 'follow':
      return `follow:${marker.head}`;
  }
}
