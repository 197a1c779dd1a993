import { request as httpRequest, type Agent, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { HttpClient } from '@actions/http-client';
import { getProxyUrl } from '@actions/http-client/lib/proxy';
import { ServiceError } from '../base/errors.ts';
import { formatSeconds } from '../base/format.ts';

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** The run's cancel: the request is destroyed at once, whatever is left of its timeout. */
  signal?: AbortSignal | undefined;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body was longer than the cap for its kind and was cut (error bodies only). */
  truncated?: boolean;
}

/** Sends one request, once. Retrying is the caller's decision: it knows which requests are safe. */
export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

/**
 * How much of a body is read. An error body only feeds a one-line message, so a gateway's
 * megabyte page is cut, not parsed; a job is a few hundred bytes, so a success body past the
 * larger cap is an answer the client refuses rather than buffers.
 */
export const BODY_LIMITS = { error: 64 * 1024, success: 4 * 1024 * 1024 } as const;

/** Errors that mean no connection was ever made, so the service cannot have seen the request. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);
/** Node refused to build the request (a header or URL it will not send): nothing left the machine. */
const NOT_SENT_CODES = new Set([
  'ERR_INVALID_CHAR',
  'ERR_INVALID_HTTP_TOKEN',
  'ERR_HTTP_INVALID_HEADER_VALUE',
  'ERR_INVALID_URL',
  'ERR_UNESCAPED_CHARACTERS',
]);

/**
 * A transport on Node's http(s) with the agent of @actions/http-client when the runner's
 * https_proxy, http_proxy and no_proxy send a request through a proxy, as every other action does. Node's request is used
 * directly so that a timeout destroys the socket (http-client only half-closes it, which leaves a
 * server that never answers holding the process open) and so that bodies are read with a cap.
 */
export function createTransport(userAgent: string): Transport {
  let proxyAware: HttpClient | undefined;
  // Without a proxy, a fresh agent per request (`false`): no keep-alive socket outlives the run.
  // With one, http-client's agent, created on first use.
  const agentFor = (url: URL): Agent | false =>
    getProxyUrl(url)
      ? (proxyAware ??= new HttpClient(userAgent, [], {
          allowRetries: false,
          allowRedirects: false,
          keepAlive: false,
        })).getAgent(url.href)
      : false;
  return (request) =>
    new Promise<HttpResponse>((resolve, reject) => {
      const url = new URL(request.url);
      const { signal } = request;
      let timer: NodeJS.Timeout | undefined;
      let onAbort = (): void => {};
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const fail = (error: unknown): void => {
        done();
        reject(toServiceError(error, request));
      };
      if (signal?.aborted) {
        fail(new RequestCancelled());
        return;
      }
      try {
        const body = request.body ?? '';
        const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
          method: request.method,
          agent: agentFor(url),
          headers: {
            'User-Agent': userAgent,
            ...request.headers,
            ...(request.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
          },
        });
        timer = setTimeout(() => req.destroy(new RequestTimeout()), request.timeoutMs);
        // A cancel destroys the socket at once: the runner kills the step soon after its signal.
        onAbort = () => req.destroy(new RequestCancelled());
        signal?.addEventListener('abort', onAbort, { once: true });
        req.on('error', fail);
        req.on('response', (response) => {
          readCapped(response).then(
            (read) => {
              done();
              resolve({ status: response.statusCode ?? 0, headers: response.headers, ...read });
            },
            (error: unknown) => {
              req.destroy();
              fail(error);
            },
          );
        });
        req.end(request.body);
      } catch (error) {
        // http.request throws at once for a header or URL it will not send.
        fail(error);
      }
    });
}

/** Reads the body up to its cap: an error body is cut there, a success body past it is refused. */
function readCapped(response: IncomingMessage): Promise<{ body: string; truncated?: boolean }> {
  const ok = (response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300;
  const limit = ok ? BODY_LIMITS.success : BODY_LIMITS.error;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      if (ok) {
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk.subarray(0, chunk.length - (size - limit)));
      response.destroy();
      resolve({ body: Buffer.concat(chunks).toString('utf8'), truncated: true });
    });
    response.on('end', () => resolve({ body: Buffer.concat(chunks).toString('utf8') }));
    response.on('error', reject);
    // A cut error body ends with a destroyed stream rather than 'end'.
    response.on('close', () => resolve({ body: Buffer.concat(chunks).toString('utf8'), truncated: true }));
  });
}

class RequestTimeout extends Error {}

class RequestCancelled extends Error {}

class BodyTooLarge extends Error {
  constructor(limit: number) {
    super(`a body over ${Math.round(limit / 1024 / 1024)} MiB`);
  }
}

function toServiceError(error: unknown, request: HttpRequest): ServiceError {
  if (error instanceof ServiceError) return error;
  const url = new URL(request.url);
  const where = `${request.method} ${url.pathname}`;
  const publicWhere = 'the service';
  if (error instanceof RequestCancelled) {
    return new ServiceError(`${where} was stopped: the run was cancelled`, 'cancelled');
  }
  if (error instanceof RequestTimeout) {
    return new ServiceError(`${where} got no answer within ${formatSeconds(request.timeoutMs)}`, 'timeout');
  }
  if (error instanceof BodyTooLarge) {
    return new ServiceError(`${where} answered with ${error.message}`, 'malformed');
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (NOT_SENT_CODES.has(code)) {
    return new ServiceError(`${where} was not sent: Node refused the request (${code})`, 'not-sent', {
      publicMessage: `The request to ${publicWhere} was not sent (${code}).`,
    });
  }
  // The tunnel agent's words when the proxy refuses CONNECT (407, 502, ...): the request never
  // reached the service, whatever error code the agent puts on it.
  const proxy = /^tunneling socket could not be established, (?:statusCode=(\d+)|cause=(.*))/.exec(message);
  if (proxy) {
    const why = proxy[1] ? `HTTP ${proxy[1]}` : (proxy[2] ?? code);
    return new ServiceError(`The proxy did not connect to ${url.host} (${why}); nothing was sent`, 'unreachable', {
      publicMessage: `The runner's proxy did not connect to ${publicWhere} (${why}); nothing was sent.`,
    });
  }
  if (UNREACHABLE_CODES.has(code)) {
    return new ServiceError(`Could not connect to ${url.host} (${code})`, 'unreachable', {
      publicMessage: `Could not connect to ${publicWhere} (${code}).`,
    });
  }
  return new ServiceError(`${where} was interrupted (${code || message})`, 'interrupted');
}
