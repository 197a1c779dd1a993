import { Input, JOB_STATUSES, STEP_STATUSES, type PlanStep, type StepStatus } from '../base/constants.ts';
import { ServiceError } from '../base/errors.ts';
import type { HttpResponse, Transport } from './transport.ts';
import { parseRetryAfter } from '../base/retry-after.ts';
import { forLog, holdsSecret } from '../text/text-gate.ts';
import { checkPullRequestLink, JOB_ID } from '../text/grammar.ts';

// The job id's grammar lives with the others; inputs and tests take it from here too.
export { JOB_ID };

/**
 * A job as the service reports it, checked at the door: every field here is safe to print, to put
 * in an output or in a comment. Only `id` is required; everything else may be missing.
 */
export interface Job {
  /** Exactly as the service gave it, and only if it is a well-formed id (JOB_ID) that holds no secret. */
  id: string;
  /** One of JOB_STATUSES, or '' when the service sent none or one this action does not know. */
  status: string;
  /**
   * A status the service sent that is not one of JOB_STATUSES, escaped onto one inert line
   * (`completed\n` stays visibly different from `completed`): the wait loop warns about it and
   * treats the job as running. It is never an output.
   */
  unknownStatus?: string;
  /**
   * A pull request link on a code host the run trusts (github.com or the GitHub Enterprise server),
   * rebuilt from its parts as `https://<host>/<owner>/<repo>/pull/<number>` (src/text/grammar.ts).
   */
  prLink: string | null;
  /** The number of `prLink`, when there is one. */
  prNumber?: string;
  /**
   * A link the service sent that failed the checks, made inert ('' when it is not shown, as when it
   * holds a secret): reported as a warning, never used.
   */
  rejectedPrLink?: string;
  /** Why `rejectedPrLink` was refused, completing "the pull request link it reported …". */
  prLinkProblem?: string;
  createdAt?: string;
}

export interface AgentClientOptions {
  baseUrl: string;
  projectId: string;
  apiKey: string;
  transport: Transport;
  /** Longest wait for one answer; a call may ask for less to stay within the action's deadline. */
  requestTimeoutMs: number;
  /** Hosts a pull request link may point at: github.com and the run's GitHub server. */
  codeHosts: readonly string[];
  /** Receives one line per request; never the key. */
  debug: (line: string) => void;
  now: () => number;
}

/** What bounds one request: a shorter timeout than the client's, and the run's cancel. */
interface RequestLimits {
  timeoutMs: number | undefined;
  signal: AbortSignal | undefined;
}

/** The Documentation Agent API: v2 jobs, and the deprecated v1 session for the agent's own words. */
export class AgentClient {
  readonly #options: AgentClientOptions;

  constructor(options: AgentClientOptions) {
    this.#options = options;
  }

  /**
   * Every call takes the run's cancel (`signal`): a request under way when the run is cancelled is
   * destroyed at once and fails with the failure 'cancelled', so no request outlives the few
   * seconds the runner gives a cancelled step.
   */
  createJob(prompt: string, timeoutMs?: number, signal?: AbortSignal): Promise<Job> {
    return this.#jobRequest('POST', 'v2', '/job', { prompt }, { timeoutMs, signal });
  }

  getJob(id: string, timeoutMs?: number, signal?: AbortSignal): Promise<Job> {
    return this.#jobRequest('GET', 'v2', `/job/${encodeURIComponent(id)}`, undefined, { timeoutMs, signal }, id);
  }

  sendMessage(id: string, prompt: string, timeoutMs?: number, signal?: AbortSignal): Promise<Job> {
    const path = `/job/${encodeURIComponent(id)}/message`;
    return this.#jobRequest('POST', 'v2', path, { prompt }, { timeoutMs, signal }, id);
  }

  /** The address of an API path, with the project id encoded; `path` starts with `/job`. */
  url(version: 'v1' | 'v2', path: string): string {
    return `${this.#options.baseUrl}/${version}/agent/${encodeURIComponent(this.#options.projectId)}${path}`;
  }

  /**
   * The deprecated v1 session of a job: the agent's title, plan and message to the user, which the
   * v2 job lacks. Every field is checked here as job fields are; a failure is thrown (a 404 may mean
   * the v1 endpoint is gone), and callers treat the session as an extra they can do without.
   */
  async getSession(id: string, timeoutMs?: number, signal?: AbortSignal): Promise<Session> {
    const body = await this.#request('GET', 'v1', `/job/${encodeURIComponent(id)}`, undefined, { timeoutMs, signal });
    return toSession(body);
  }

  async #jobRequest(
    method: 'GET' | 'POST',
    version: 'v1' | 'v2',
    path: string,
    payload: unknown,
    limits: RequestLimits,
    expectedId?: string,
  ): Promise<Job> {
    const body = await this.#request(method, version, path, payload, limits);
    const job = toJob(body, this.#options.codeHosts);
    if (typeof job === 'string') throw new ServiceError(`${method} ${path} answered ${job}`, 'malformed');
    // A job is read by its id: an answer about another job would report someone else's work.
    if (expectedId !== undefined && job.id !== expectedId) {
      throw new ServiceError(`${method} ${path} answered with another job's id (${job.id})`, 'wrong-job');
    }
    return job;
  }

  async #request(
    method: 'GET' | 'POST',
    version: 'v1' | 'v2',
    path: string,
    payload: unknown,
    { timeoutMs, signal }: RequestLimits,
  ): Promise<unknown> {
    const { apiKey, transport, requestTimeoutMs, debug, now } = this.#options;
    const url = this.url(version, path);
    const started = now();
    const response = await transport({
      method,
      url,
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${apiKey}`,
        ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      timeoutMs: Math.max(1, Math.min(timeoutMs ?? requestTimeoutMs, requestTimeoutMs)),
      signal,
    }).catch((error: unknown) => {
      debug(`${method} ${new URL(url).pathname} failed after ${now() - started} ms`);
      throw error;
    });
    debug(`${method} ${new URL(url).pathname} -> ${response.status} in ${now() - started} ms`);
    if (response.status < 200 || response.status > 299) {
      throw httpError(method, response, now());
    }
    try {
      return JSON.parse(response.body) as unknown;
    } catch {
      throw new ServiceError(
        `${method} ${new URL(url).pathname} answered ${response.status} with a body that is not JSON`,
        'malformed',
        { status: response.status },
      );
    }
  }
}

/**
 * The v1 session, checked at the door: strings only, each one inert line (forLog) and capped, so
 * every field is as safe as a job field; renderers still pass them through their own gate
 * (forMarkdown, forHtml, forOutput). Every field may be missing.
 */
export interface Session {
  title?: string;
  /** At most MAX_STEPS steps, in the service's order. */
  todos?: PlanStep[];
  messageToUser?: string;
  branch?: string;
  haultReason?: string;
}

/** Caps on what a session may carry into a comment: a plan longer than this is cut. */
export const MAX_STEPS = 50;
const MAX_TITLE = 200;
const MAX_STEP = 200;
const MAX_MESSAGE = 2_000;

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const line = forLog(value, max);
  return line ? line : undefined;
}

/** The session in a body; a body that is not an object is a session with nothing in it. */
export function toSession(body: unknown): Session {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const raw = body as Record<string, unknown>;
  const session: Session = {};
  const title = text(raw.title, MAX_TITLE);
  if (title) session.title = title;
  const message = text(raw.messageToUser, MAX_MESSAGE);
  if (message) session.messageToUser = message;
  const branch = text(raw.branch, MAX_TITLE);
  if (branch) session.branch = branch;
  const reason = text(raw.haultReason, 40);
  if (reason) session.haultReason = reason;
  if (Array.isArray(raw.todos)) {
    const steps: PlanStep[] = [];
    for (const item of raw.todos.slice(0, MAX_STEPS)) {
      const todo = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      const content = text(todo.content, MAX_STEP);
      if (!content) continue;
      // An unknown status is shown as still to do rather than guessed at.
      const status = (STEP_STATUSES as readonly unknown[]).includes(todo.status)
        ? (todo.status as StepStatus)
        : 'pending';
      steps.push({ content, status });
    }
    session.todos = steps;
  }
  return session;
}

/** The job in a body, or what is wrong with the body. */
function toJob(body: unknown, codeHosts: readonly string[]): Job | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'with a body that is not a job';
  const raw = body as Record<string, unknown>;
  const id = typeof raw.id === 'number' && Number.isSafeInteger(raw.id) ? String(raw.id) : raw.id;
  if (typeof id !== 'string' || !id) return 'without a job id';
  if (!JOB_ID.test(id)) return 'with a malformed job id';
  // An id is used exactly as given (in paths, outputs and comments), so one that holds the key is refused.
  if (holdsSecret(id)) return 'with a malformed job id (it holds a secret of this run; not shown)';
  const job: Job = { id, prLink: null, ...checkStatus(raw.status) };
  Object.assign(job, checkPrLink(raw.prLink, codeHosts));
  if (typeof raw.createdAt === 'string' && !Number.isNaN(Date.parse(raw.createdAt))) job.createdAt = raw.createdAt;
  return job;
}

/** A known status, or '' and the unknown one escaped onto one inert line. */
function checkStatus(status: unknown): Pick<Job, 'status' | 'unknownStatus'> {
  if (status === undefined || status === null || status === '') return { status: '' };
  if (typeof status === 'string' && (JOB_STATUSES as readonly string[]).includes(status)) return { status };
  // Escaped as in JSON, so that `completed\n` is not shown as `completed`; quoted when white space
  // at either end would otherwise be lost on the log line.
  const escaped = typeof status === 'string' ? JSON.stringify(status).slice(1, -1) : String(JSON.stringify(status));
  const shown = escaped.trim() === escaped ? escaped : JSON.stringify(status);
  return { status: '', unknownStatus: forLog(shown, 40) };
}

/**
 * The link rebuilt from its parts when it passes its grammar (src/text/grammar.ts); otherwise what
 * to warn about. No link at all is null.
 */
function checkPrLink(
  link: unknown,
  codeHosts: readonly string[],
): Pick<Job, 'prLink' | 'prNumber' | 'rejectedPrLink' | 'prLinkProblem'> {
  if (link === undefined || link === null || link === '') return { prLink: null };
  if (typeof link !== 'string') {
    return {
      prLink: null,
      rejectedPrLink: '',
      prLinkProblem: `is not text but ${Array.isArray(link) ? 'a list' : typeof link}`,
    };
  }
  if (holdsSecret(link)) {
    return { prLink: null, rejectedPrLink: '', prLinkProblem: 'holds a secret of this run (not shown)' };
  }
  const checked = checkPullRequestLink(link, codeHosts);
  if (checked.ok) return { prLink: checked.value.link, prNumber: checked.value.number };
  return { prLink: null, rejectedPrLink: forLog(link, 120), prLinkProblem: checked.problem };
}

function httpError(method: string, response: HttpResponse, now: number): ServiceError {
  const { status } = response;
  const detail = errorDetail(response);
  const said = detail ? `: ${detail}` : '';
  const options = { status, retryAfterMs: parseRetryAfter(response.headers['retry-after'], now) };
  if (status === 401 || status === 403) {
    return new ServiceError(
      `The service refused the API key (HTTP ${status}${said}). Check the '${Input.ApiKey}' input: ` +
        `the key may be expired or revoked, read-only, or limited to other IP addresses.`,
      'http',
      options,
    );
  }
  if (status === 429) {
    return new ServiceError(
      `The service's rate limit was hit (HTTP 429${said}). It allows 100 jobs per project per hour.`,
      'http',
      options,
    );
  }
  if (status === 400) {
    return new ServiceError(`The service rejected the request (HTTP 400${said}).`, 'http', options);
  }
  return new ServiceError(`${method} request failed with HTTP ${status}${said}`, 'http', options);
}

/**
 * One clean line from an error body: the service's `{"error": ...}`, a `{"message": ...}`, the
 * title of a proxy's HTML page, or the first line of plain text.
 */
export function errorDetail(response: Pick<HttpResponse, 'body' | 'headers'>): string {
  const text = response.body.trim();
  if (!text) return '';
  try {
    const parsed = JSON.parse(text) as Record<string, unknown> | null;
    for (const key of ['error', 'message', 'detail']) {
      const value = parsed?.[key];
      if (typeof value === 'string') return forLog(value, MAX_DETAIL);
      if (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string') {
        return forLog((value as { message: string }).message, MAX_DETAIL);
      }
    }
    return '';
  } catch {
    // Not JSON: a gateway's page or plain text.
  }
  const contentType = String(response.headers['content-type'] ?? '');
  if (contentType.includes('html') || /^<(!doctype|html)/i.test(text)) {
    const title = htmlTitle(text);
    return title
      ? forLog(`${decodeEntities(title)} (an HTML page, probably from a proxy)`, MAX_DETAIL)
      : 'an HTML page, probably from a proxy';
  }
  return forLog(text.split(/\r?\n/, 1)[0] ?? '', MAX_DETAIL);
}

const MAX_DETAIL = 200;

/**
 * The text of the first <title> element, found with plain searches: a regular expression over a
 * hostile page can backtrack for minutes.
 */
export function htmlTitle(html: string): string | undefined {
  const lower = html.toLowerCase();
  const open = lower.indexOf('<title');
  if (open === -1) return undefined;
  const start = lower.indexOf('>', open);
  if (start === -1) return undefined;
  const end = lower.indexOf('</title', start);
  return html.slice(start + 1, end === -1 ? Math.min(html.length, start + 1 + MAX_DETAIL) : end);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}
