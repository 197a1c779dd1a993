// The assistant endpoint: sends a question and hands back the answer's body as a stream of bytes,
// which the `ai` package reads (assistant-stream.ts): no hand-written event-stream parsing. The
// request goes through the one transport (transport.ts) with its proxy, timeout, cancel and caps;
// its failures are worded by failure.ts, and only what names ask mode's own inputs is said here.
import { Input } from '../base/constants.ts';
import { ServiceError } from '../base/errors.ts';
import { parseRetryAfter } from '../base/retry-after.ts';
import { THREAD_ID } from '../text/grammar.ts';
import { registerSecret } from '../text/secrets.ts';
import { forLog } from '../text/text-gate.ts';
import { errorDetail } from './failure.ts';
import type { AgentClientOptions } from './client.ts';
import type { HttpResponse } from './transport.ts';

export interface TextMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: { type: 'text'; text: string }[];
}

/**
 * The body of POST /discovery/v2/assistant/{domain}/message (assistant-api.md), as the library's
 * own client (DefaultChatTransport) sends it: the chat's `id`, `trigger`, and the whole conversation.
 */
export interface AskBody {
  /** The chat's id, the same for every question of one conversation. */
  id: string;
  trigger: 'submit-message';
  fp: string;
  messages: TextMessage[];
  /** Sent only with its `threadKey`: the service answers a thread id alone with 404. */
  threadId?: string;
  threadKey?: string;
  retrievalPageSize: number;
  context?: { type: 'textSelection'; value: string }[];
}

/** An answer that started: its stream, and the thread the service named in its headers, if any. */
export interface OpenedAnswer {
  stream: ReadableStream<Uint8Array>;
  /** `X-Thread-Id`, when it is a thread id. */
  threadId?: string;
  /** `X-Thread-Key`: a secret, registered with the text gate as soon as it is read. */
  threadKey?: string;
}

/**
 * The service does not know (any more) the thread a follow-up named: never "this site is unknown".
 * The caller starts a new thread carrying the conversation.
 */
export class ThreadNotFoundError extends ServiceError {
  override name = 'ThreadNotFoundError';
}

export type AskClientOptions = Pick<AgentClientOptions, 'baseUrl' | 'transport' | 'debug' | 'now'> & {
  domain: string;
  assistantKey: string;
  /** Longest wait for the answer to start (its status line and headers). */
  requestTimeoutMs: number;
};

export class AskClient {
  readonly #options: AskClientOptions;

  constructor(options: AskClientOptions) {
    this.#options = options;
  }

  get url(): string {
    return `${this.#options.baseUrl}/discovery/v2/assistant/${encodeURIComponent(this.#options.domain)}/message`;
  }

  /**
   * Posts the question; resolves once the answer starts, with its body as a web stream. Aborting
   * `signal` destroys the connection, which ends the stream with an error (the caller keeps what
   * arrived). Throws a ServiceError for an answer that is not an event stream.
   */
  async open(body: AskBody, signal: AbortSignal): Promise<OpenedAnswer> {
    const { assistantKey, transport, requestTimeoutMs, debug, now } = this.#options;
    const where = `POST ${new URL(this.url).pathname}`;
    const started = now();
    const response = await transport
      .open({
        method: 'POST',
        url: this.url,
        headers: {
          Authorization: `Bearer ${assistantKey}`,
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
        },
        body: JSON.stringify(body),
        timeoutMs: requestTimeoutMs,
        signal,
        publicName: 'the assistant',
      })
      .catch((error: unknown) => {
        debug(`${where} failed after ${now() - started} ms`);
        throw error;
      });
    debug(`${where} -> ${response.status} in ${now() - started} ms`);
    // The transport hands a body over unread only for a 2xx answer.
    if (response.stream === undefined) {
      if (response.status === 404 && body.threadId !== undefined) throw threadNotFound(where, response);
      throw httpError(where, response, now());
    }
    const type = response.headers['content-type'];
    if (!/^text\/event-stream\b/i.test(type ?? '')) {
      void response.stream.cancel().catch(() => undefined);
      throw notAStream(where, response.status, type);
    }
    return { stream: response.stream, ...threadHeaders(response.headers) };
  }
}

/** The thread the answer belongs to, from its headers; the key is made a secret before anything else sees it. */
function threadHeaders(headers: HttpResponse['headers']): { threadId?: string; threadKey?: string } {
  const one = (name: string): string | undefined => {
    const value = headers[name];
    return typeof value === 'string' ? value.trim() : undefined;
  };
  const threadKey = one('x-thread-key');
  if (threadKey) registerSecret(threadKey);
  const threadId = one('x-thread-id');
  return {
    ...(threadId && THREAD_ID.test(threadId) ? { threadId } : {}),
    // A key longer than any real one is not kept: it is sent back in every later body.
    ...(threadKey && threadKey.length <= MAX_THREAD_KEY && /^[\x21-\x7e]+$/.test(threadKey) ? { threadKey } : {}),
  };
}

/** Longest thread key kept. */
const MAX_THREAD_KEY = 512;

function threadNotFound(where: string, response: HttpResponse): ThreadNotFoundError {
  const detail = errorDetail(response);
  return new ThreadNotFoundError(
    `${where} answered HTTP 404${detail ? `: ${detail}` : ''} for the thread of an earlier question`,
    'http',
    { status: 404, publicMessage: 'The assistant no longer knows the earlier conversation.' },
  );
}

function notAStream(where: string, status: number, type: string | undefined): ServiceError {
  return new ServiceError(
    `${where} answered with ${describeType(type ?? '')} instead of an event stream: is '${Input.BaseUrl}' the service's address?`,
    'malformed',
    { status, publicMessage: 'The assistant answered with something other than an answer stream.' },
  );
}

function httpError(where: string, response: HttpResponse, now: number): ServiceError {
  const { status } = response;
  const detail = errorDetail(response);
  const said = detail ? `: ${detail}` : '';
  if (status === 401 || status === 403) {
    return new ServiceError(
      `The assistant refused '${Input.AssistantKey}' (HTTP ${status}${said}): use the assistant key ` +
        `(svc_dsc_) of the documentation site named in '${Input.Domain}'.`,
      'http',
      { status, publicMessage: `The assistant refused the action's key (HTTP ${status}).` },
    );
  }
  if (status === 404) {
    return new ServiceError(
      `${where} answered HTTP 404${said}: check '${Input.Domain}' (your documentation site's identifier) and '${Input.BaseUrl}'.`,
      'http',
      { status, publicMessage: 'The assistant does not know this documentation site (HTTP 404).' },
    );
  }
  return new ServiceError(`${where} answered HTTP ${status}${said}`, 'http', {
    status,
    retryAfterMs: parseRetryAfter(response.headers['retry-after'], now),
    publicMessage: `The assistant answered HTTP ${status}.`,
  });
}

function describeType(type: string): string {
  if (!type) return 'a body of no declared type';
  if (/html/i.test(type)) return 'an HTML page';
  return `'${forLog(type, 60)}'`;
}
