import { createHmac, timingSafeEqual } from 'node:crypto';
import { JOB_ID, LOGIN, QUESTION_REF, REQUEST_KEY, THREAD_ID } from '../text/grammar.ts';

/**
 * The one codec of the hidden markers this action writes on the first line of its comments, one
 * line each, of one form: `<!-- <prefix> <field>=<value> … sig=<signature> -->`.
 * - progress `<!-- docs-agent-action job=… triggers=… sig=… -->`: the one living comment per
 *   request (job id and the requests' keys), so a re-run resumes its job and a follow-up continues it;
 * - notify `<!-- docs-agent-action notified=… sig=… -->`: the one comment telling the requester a
 *   job ended, so a re-run does not notify twice;
 * - refusal `<!-- docs-agent-action refused=… sig=… -->`: the one reply telling a user why nothing
 *   started, so nobody is refused twice on one issue;
 * - ask `<!-- docs-agent-ask thread=… q=… sig=… -->`: an answer comment, with the assistant's
 *   thread id (so the next question continues the conversation) and what asked.
 * A marker holds only ids the action made or GitHub numbered, never user or model text, and each
 * value must match its grammar (src/text/grammar.ts) or the whole marker is ignored.
 *
 * The signature is an HMAC-SHA256 keyed by the api-key (the assistant key for ask), of the kind,
 * the repository (lower case, as GitHub compares it), the issue number and the fields: another App,
 * another workflow's github-actions[bot], a person, or a marker copied from another issue or
 * repository cannot produce it. The run record (run-record.ts) signs with the same scheme.
 * Only the first line of a body is read, and only when it is exactly one marker: a marker quoted
 * further down, or after other text, is never believed.
 */
export const MARKER_PREFIX = '<!-- docs-agent-action';
export const ASK_MARKER_PREFIX = '<!-- docs-agent-ask';

/** What a marker's signature binds it to. */
export interface MarkerScope {
  /** The api-key (the assistant key in ask mode): whoever holds it may spend the quota anyway. */
  key: string;
  /** owner/repo. */
  repository: string;
  issueNumber: number;
}

export interface ProgressMarker {
  jobId: string;
  /** What asked for work on this job: `c<comment id>`, `i<issue number>` or `r<run id>`, oldest first. */
  triggers: string[];
}

export interface AskMarker {
  /** '' when the service gave no thread id. */
  threadId: string;
  /** What asked: `c<comment id>`, `i` for the issue itself, `r<run id>` for a step's prompt. */
  question: string;
}

export type Marker =
  | ({ kind: 'progress' } & ProgressMarker)
  | { kind: 'notify'; request: string }
  | { kind: 'refusal'; login: string }
  | ({ kind: 'ask' } & AskMarker);

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
interface Grammar {
  test(value: string): boolean;
}

/** One kind's line: its prefix, and its fields in order with the grammar each value must match. */
interface Form {
  prefix: string;
  fields: readonly { name: string; grammar: Grammar }[];
}

const TRIGGERS: Grammar = {
  test: (value: string) => value.split(',').every((key) => key === '' || REQUEST_KEY.test(key)),
};
/** A progress comment written before its job existed has no job id. */
const OPTIONAL_JOB: Grammar = { test: (value: string) => value === '' || JOB_ID.test(value) };
const THREAD_FIELD: Grammar = { test: (value: string) => value === '-' || THREAD_ID.test(value) };

const FORMS: Record<MarkerKind, Form> = {
  progress: {
    prefix: MARKER_PREFIX,
    fields: [
      { name: 'job', grammar: OPTIONAL_JOB },
      { name: 'triggers', grammar: TRIGGERS },
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
};

/**
 * The values a marker is written with. Ids are checked at the door (the service client's JOB_ID,
 * the stream's THREAD_ID); this only keeps what a marker may hold, so a marker never breaks its line.
 */
function valuesOf(marker: Marker): string[] {
  switch (marker.kind) {
    case 'progress':
      return [safeId(marker.jobId), marker.triggers.map(safeId).join(',')];
    case 'notify':
      return [safeId(marker.request)];
    case 'refusal':
      return [safeId(marker.login.toLowerCase())];
    case 'ask':
      return [
        THREAD_ID.test(marker.threadId) ? marker.threadId : '-',
        QUESTION_REF.test(marker.question) ? marker.question : 'i',
      ];
  }
}

function markerOf(kind: MarkerKind, values: readonly string[]): Marker {
  const [first = '', second = ''] = values;
  switch (kind) {
    case 'progress':
      return { kind, jobId: first, triggers: second.split(',').filter(Boolean) };
    case 'notify':
      return { kind, request: first };
    case 'refusal':
      return { kind, login: first };
    case 'ask':
      return { kind, threadId: first === '-' ? '' : first, question: second };
  }
}

/** What is signed: an answer's missing thread is signed as empty, as it always was. */
function signed(kind: MarkerKind, values: readonly string[], scope: MarkerScope): string {
  const fields = kind === 'ask' ? values.map((value, index) => (index === 0 && value === '-' ? '' : value)) : values;
  return signFields(scope.key, [kind, scope.repository.toLowerCase(), String(scope.issueNumber), ...fields]);
}

/** Drops what could never be in an id, so a value cannot end the HTML comment or split the line. */
function safeId(id: string): string {
  return id.replace(/[^A-Za-z0-9_.-]/g, '');
}

/** The marker line, signed for `scope`. */
export function renderMarker(marker: Marker, scope: MarkerScope): string {
  const form = FORMS[marker.kind];
  const values = valuesOf(marker);
  const fields = form.fields.map((field, index) => `${field.name}=${values[index] ?? ''}`);
  return `${form.prefix} ${fields.join(' ')} sig=${signed(marker.kind, values, scope)} -->`;
}

/** The line each kind's marker must be, exactly: its fields in order, then a full signature. */
const LINES = Object.entries(FORMS).map(([kind, form]) => {
  const fields = form.fields.map((field) => ` ${field.name}=(\\S*)`).join('');
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
    const values = match.slice(1, -1).map((value) => value ?? '');
    if (!candidate.form.fields.every((field, index) => field.grammar.test(values[index] ?? ''))) return undefined;
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
  }
}
