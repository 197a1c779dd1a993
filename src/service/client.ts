import { Input } from '../base/constants.ts';
import { ServiceError } from '../base/errors.ts';
import { parseRetryAfter } from '../base/retry-after.ts';
import { JOB_ID } from '../text/grammar.ts';
import { errorDetail } from './failure.ts';
import { toJob, type Job } from './job.ts';
import { toSession, type Session } from './session.ts';
import { toSessionList, type ListedJob } from './session-list.ts';
import type { HttpResponse, Transport } from './transport.ts';

// What callers of the agent endpoints read, kept where they import the client from.
export type { Job } from './job.ts';
export type { Session } from './session.ts';
export type { ListedJob } from './session-list.ts';
export { MAX_STEPS } from './session.ts';
// The job id's grammar lives with the others; inputs and tests take it from here too.
export { JOB_ID };

export interface AgentClientOptions {
  baseUrl: string;
  projectId: string;
  apiKey: string;
  transport: Transport;
  /** Longest wait for one answer; a call may ask for less to stay within the action's deadline. */
  requestTimeoutMs: number;
  /** Hosts a pull request link may point at: github.com and the run's GitHub server. */
  codeHosts: readonly string[];
  /**
   * How the key's setting is named where the message is read: "the 'api-key' input" in a workflow
   * (the default), the command line's own flag and variable there.
   */
  keySetting?: string;
  /** Receives one line per request; never the key. */
  debug: (line: string) => void;
  now: () => number;
}

/** What bounds one request: a shorter timeout than the client's, and the run's cancel. */
interface RequestLimits {
  timeoutMs?: number | undefined;
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
  createJob(prompt: string, signal?: AbortSignal): Promise<Job> {
    return this.#jobRequest('POST', 'v2', '/job', { prompt }, { signal });
  }

  getJob(id: string, signal?: AbortSignal): Promise<Job> {
    return this.#jobRequest('GET', 'v2', `/job/${encodeURIComponent(id)}`, undefined, { signal }, id);
  }

  sendMessage(id: string, prompt: string, signal?: AbortSignal): Promise<Job> {
    const path = `/job/${encodeURIComponent(id)}/message`;
    return this.#jobRequest('POST', 'v2', path, { prompt }, { signal }, id);
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

  /**
   * One page of the project's sessions from the deprecated v1 list (`take` at most MAX_PAGE), the
   * service's only list of jobs. A 404 may mean the list endpoint is gone; the caller says so.
   */
  async listSessions(skip: number, take: number, signal?: AbortSignal): Promise<ListedJob[]> {
    const path = `/jobs?skip=${skip}&take=${take}`;
    const body = await this.#request('GET', 'v1', path, undefined, { signal });
    const list = toSessionList(body, this.#options.codeHosts);
    if (typeof list === 'string') throw new ServiceError(`GET /v1/agent/…/jobs answered ${list}`, 'malformed');
    return list;
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
    const response = await transport
      .send({
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
      })
      .catch((error: unknown) => {
        debug(`${method} ${new URL(url).pathname} failed after ${now() - started} ms`);
        throw error;
      });
    debug(`${method} ${new URL(url).pathname} -> ${response.status} in ${now() - started} ms`);
    if (response.status < 200 || response.status > 299) {
      throw httpError(method, response, now(), this.#options.keySetting);
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

export const KEY_INPUT = `the '${Input.ApiKey}' input`;

function httpError(method: string, response: HttpResponse, now: number, keySetting = KEY_INPUT): ServiceError {
  const { status } = response;
  const detail = errorDetail(response);
  const said = detail ? `: ${detail}` : '';
  const options = { status, retryAfterMs: parseRetryAfter(response.headers['retry-after'], now) };
  if (status === 401 || status === 403) {
    return new ServiceError(
      `The service refused the API key (HTTP ${status}${said}). Check ${keySetting}: ` +
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
