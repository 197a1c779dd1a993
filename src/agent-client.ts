import { Input } from './constants.ts';
import { ServiceError } from './errors.ts';
import type { HttpResponse, Transport } from './http.ts';
import { parseRetryAfter } from './retry-after.ts';
import { cleanText } from './sanitize.ts';

/** A job as the service reports it. Only `id` is required; everything else may be missing. */
export interface Job {
  id: string;
  /** '' when the service sent none; the wait loop treats it like any unknown status. */
  status: string;
  prLink: string | null;
  createdAt?: string;
}

export interface AgentClientOptions {
  baseUrl: string;
  projectId: string;
  apiKey: string;
  transport: Transport;
  /** Longest wait for one answer; a call may ask for less to stay within the action's deadline. */
  requestTimeoutMs: number;
  /** Receives one line per request; never the key. */
  debug: (line: string) => void;
  now: () => number;
}

/** The Documentation Agent API, as in shared/agent-api.md. */
export class AgentClient {
  readonly #options: AgentClientOptions;

  constructor(options: AgentClientOptions) {
    this.#options = options;
  }

  createJob(prompt: string, timeoutMs?: number): Promise<Job> {
    return this.#jobRequest('POST', 'v2', '/job', { prompt }, timeoutMs);
  }

  getJob(id: string, timeoutMs?: number): Promise<Job> {
    return this.#jobRequest('GET', 'v2', `/job/${encodeURIComponent(id)}`, undefined, timeoutMs);
  }

  sendMessage(id: string, prompt: string, timeoutMs?: number): Promise<Job> {
    return this.#jobRequest('POST', 'v2', `/job/${encodeURIComponent(id)}/message`, { prompt }, timeoutMs);
  }

  /** The address of an API path, with the project id encoded; `path` starts with `/job`. */
  url(version: 'v1' | 'v2', path: string): string {
    return `${this.#options.baseUrl}/${version}/agent/${encodeURIComponent(this.#options.projectId)}${path}`;
  }

  /**
   * The agent's own words about a job, which only the deprecated v1 session carries. Best effort:
   * it only adds detail to a message the caller already has.
   */
  async getMessageToUser(id: string, timeoutMs?: number): Promise<string | undefined> {
    try {
      const body = await this.#request('GET', 'v1', `/job/${encodeURIComponent(id)}`, undefined, timeoutMs);
      const message = (body as { messageToUser?: unknown } | null)?.messageToUser;
      return typeof message === 'string' && message.trim() ? cleanLine(message) : undefined;
    } catch {
      return undefined;
    }
  }

  async #jobRequest(
    method: 'GET' | 'POST',
    version: 'v1' | 'v2',
    path: string,
    payload: unknown,
    timeoutMs: number | undefined,
  ): Promise<Job> {
    const body = await this.#request(method, version, path, payload, timeoutMs);
    const job = toJob(body);
    if (!job) {
      throw new ServiceError(`${method} ${path} answered without a job id`, 'malformed');
    }
    return job;
  }

  async #request(
    method: 'GET' | 'POST',
    version: 'v1' | 'v2',
    path: string,
    payload: unknown,
    timeoutMs: number | undefined,
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

function toJob(body: unknown): Job | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const raw = body as Record<string, unknown>;
  const id = typeof raw.id === 'number' ? String(raw.id) : raw.id;
  if (typeof id !== 'string' || !id) return undefined;
  const job: Job = {
    id,
    status: typeof raw.status === 'string' ? raw.status : '',
    prLink: typeof raw.prLink === 'string' && raw.prLink ? raw.prLink : null,
  };
  if (typeof raw.createdAt === 'string') job.createdAt = raw.createdAt;
  return job;
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
      if (typeof value === 'string') return cleanLine(value);
      if (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string') {
        return cleanLine((value as { message: string }).message);
      }
    }
    return '';
  } catch {
    // Not JSON: a gateway's page or plain text.
  }
  const contentType = String(response.headers['content-type'] ?? '');
  if (contentType.includes('html') || /^<(!doctype|html)/i.test(text)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
    return title
      ? cleanLine(`${decodeEntities(title)} (an HTML page, probably from a proxy)`)
      : 'an HTML page, probably from a proxy';
  }
  return cleanLine(text.split(/\r?\n/, 1)[0] ?? '');
}

const MAX_DETAIL = 200;

function cleanLine(text: string): string {
  const line = cleanText(text.replace(/\s+/g, ' '));
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL - 1)}…` : line;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}
