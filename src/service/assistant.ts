// The assistant endpoint: sends a question and hands back the answer's body as a stream of bytes,
// which the `ai` package reads (assistant-stream.ts): no hand-written event-stream parsing. The
// request goes through the one transport (transport.ts) with its proxy, timeout, cancel and caps;
// its failures are worded by failure.ts, and only what names ask mode's own inputs is said here.
import { Input } from '../base/constants.ts';
import { ServiceError } from '../base/errors.ts';
import { parseRetryAfter } from '../base/retry-after.ts';
import { forLog } from '../text/text-gate.ts';
import { errorDetail } from './failure.ts';
import type { HttpResponse, Transport } from './transport.ts';

export interface TextMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: { type: 'text'; text: string }[];
}

/** The body of POST /discovery/v2/assistant/{domain}/message (assistant-api.md). */
export interface AskBody {
  fp: string;
  messages: TextMessage[];
  threadId?: string;
  retrievalPageSize: number;
  context?: { type: 'textSelection'; value: string }[];
}

export interface AskClientOptions {
  baseUrl: string;
  domain: string;
  assistantKey: string;
  transport: Transport;
  /** Longest wait for the answer to start (its status line and headers). */
  requestTimeoutMs: number;
  /** Receives one line per request; never the key. */
  debug: (line: string) => void;
  now: () => number;
}

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
  async open(body: AskBody, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
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
    if (response.stream === undefined) throw httpError(where, response, now());
    const type = response.headers['content-type'];
    if (!/^text\/event-stream\b/i.test(type ?? '')) {
      void response.stream.cancel().catch(() => undefined);
      throw notAStream(where, response.status, type);
    }
    return response.stream;
  }
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
