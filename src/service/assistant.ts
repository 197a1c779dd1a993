// Sends a question to the assistant and hands back the answer's body as a stream of bytes.
//
// The request goes through Node's http(s) with @actions/http-client's agent, as src/service/transport.ts does,
// so the runner's https_proxy/no_proxy apply. The `ai` package's DefaultChatTransport would use
// the global fetch (undici), which ignores those variables; so we make the request ourselves and
// let the `ai` package read the body (src/service/assistant-stream.ts): no hand-written event-stream parsing.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { HttpClient } from '@actions/http-client';
import { Input } from '../base/constants.ts';
import { ServiceError } from '../base/errors.ts';
import { formatSeconds } from '../base/format.ts';
import { parseRetryAfter } from '../base/retry-after.ts';
import { forLog } from '../text/text-gate.ts';

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
  userAgent: string;
  /** Longest wait for the answer to start (its status line and headers). */
  requestTimeoutMs: number;
}

/** An error body feeds one line; a proxy's page is cut, not read whole. */
const ERROR_BODY_LIMIT = 64 * 1024;

export class AskClient {
  readonly #options: AskClientOptions;
  readonly #agentSource: HttpClient;

  constructor(options: AskClientOptions) {
    this.#options = options;
    this.#agentSource = new HttpClient(options.userAgent, [], {
      allowRetries: false,
      allowRedirects: false,
      keepAlive: false,
    });
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
    const response = await this.#send(JSON.stringify(body), signal);
    const status = response.statusCode ?? 0;
    const where = `POST ${new URL(this.url).pathname}`;
    if (status < 200 || status >= 300) {
      const text = await readCapped(response);
      throw failure(status, response, text, where);
    }
    const type = String(response.headers['content-type'] ?? '');
    if (!/^text\/event-stream\b/i.test(type)) {
      response.destroy();
      throw new ServiceError(
        `${where} answered with ${describeType(type)} instead of an event stream: is '${Input.BaseUrl}' the service's address?`,
        'malformed',
        { status, publicMessage: 'The assistant answered with something other than an answer stream.' },
      );
    }
    return Readable.toWeb(response) as ReadableStream<Uint8Array>;
  }

  #send(payload: string, signal: AbortSignal): Promise<IncomingMessage> {
    const url = new URL(this.url);
    const where = `POST ${url.pathname}`;
    return new Promise((resolve, reject) => {
      const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
        method: 'POST',
        agent: this.#agentSource.getAgent(url.href),
        signal,
        headers: {
          'User-Agent': this.#options.userAgent,
          Authorization: `Bearer ${this.#options.assistantKey}`,
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
          'Content-Length': String(Buffer.byteLength(payload)),
        },
      });
      const timer = setTimeout(() => req.destroy(new StartTimeout()), this.#options.requestTimeoutMs);
      req.on('response', (response) => {
        clearTimeout(timer);
        resolve(response);
      });
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(connectionError(error, where, this.#options.requestTimeoutMs, url.host));
      });
      req.end(payload);
    });
  }
}

class StartTimeout extends Error {}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

function connectionError(error: unknown, where: string, timeoutMs: number, host: string): ServiceError {
  if (error instanceof StartTimeout) {
    return new ServiceError(`${where} got no answer within ${formatSeconds(timeoutMs)}`, 'timeout');
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code === 'ABORT_ERR') return new ServiceError(`${where} was cancelled`, 'interrupted');
  if (UNREACHABLE.has(code)) {
    return new ServiceError(`Could not connect to ${host} (${code})`, 'unreachable', {
      publicMessage: `Could not connect to the assistant (${code}).`,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ServiceError(`${where} was interrupted (${forLog(code || message, 120)})`, 'interrupted');
}

function failure(status: number, response: IncomingMessage, text: string, where: string): ServiceError {
  const retryAfterMs = parseRetryAfter(response.headers['retry-after'], Date.now());
  const detail = errorDetail(text, String(response.headers['content-type'] ?? ''));
  if (status === 401 || status === 403) {
    return new ServiceError(
      `The assistant refused '${Input.AssistantKey}' (HTTP ${status}${detail}): use the assistant key ` +
        `(svc_dsc_) of the documentation site named in '${Input.Domain}'.`,
      'http',
      { status, publicMessage: `The assistant refused the action's key (HTTP ${status}).` },
    );
  }
  if (status === 404) {
    return new ServiceError(
      `${where} answered HTTP 404${detail}: check '${Input.Domain}' (your documentation site's identifier) and '${Input.BaseUrl}'.`,
      'http',
      { status, publicMessage: 'The assistant does not know this documentation site (HTTP 404).' },
    );
  }
  return new ServiceError(`${where} answered HTTP ${status}${detail}`, 'http', {
    status,
    retryAfterMs,
    publicMessage: `The assistant answered HTTP ${status}.`,
  });
}

/** `: <the service's error>` from a JSON body, ` (an HTML page)` for a proxy's page, or ''. */
function errorDetail(text: string, type: string): string {
  if (/html/i.test(type) || /^\s*</.test(text)) return ' (an HTML page)';
  try {
    const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : parsed.message;
    if (typeof message === 'string' && message.trim()) return `: ${forLog(message, 200)}`;
  } catch {
    // Not JSON: the first line of plain text is still worth a look.
  }
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line ? `: ${forLog(line, 200)}` : '';
}

function describeType(type: string): string {
  if (!type) return 'a body of no declared type';
  if (/html/i.test(type)) return 'an HTML page';
  return `'${forLog(type, 60)}'`;
}

function readCapped(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (): void => resolve(Buffer.concat(chunks).toString('utf8'));
    response.on('data', (chunk: Buffer) => {
      if (size >= ERROR_BODY_LIMIT) return;
      chunks.push(chunk.subarray(0, ERROR_BODY_LIMIT - size));
      size += chunk.length;
      if (size >= ERROR_BODY_LIMIT) response.destroy();
    });
    response.on('end', done);
    response.on('close', done);
    response.on('error', done);
  });
}
