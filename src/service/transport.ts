import { request as httpRequest, type Agent, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { HttpClient } from '@actions/http-client';
import { getProxyUrl } from '@actions/http-client/lib/proxy';
import { BodyTooLarge, connectionFailure, RequestCancelled, RequestTimeout } from './failure.ts';

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * Longest wait for the answer: for `send`, the whole body; for `open`, until a streamed answer
   * starts (its reader bounds the rest).
   */
  timeoutMs: number;
  /** The run's cancel (or a deadline): the request is destroyed at once, whatever is left of its timeout. */
  signal?: AbortSignal | undefined;
  /** How a public failure message names the far end: 'the service' unless said. */
  publicName?: string;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body was longer than the cap for its kind and was cut (error bodies only). */
  truncated?: boolean;
}

/** A 2xx answer whose body is handed over unread; any other answer is read as `send` reads it. */
export type OpenedResponse =
  | (HttpResponse & { stream?: undefined })
  | { status: number; headers: IncomingHttpHeaders; stream: ReadableStream<Uint8Array> };

/**
 * Sends one request, once: retrying is the caller's decision (retry.ts), as it knows which requests
 * are safe to repeat. Every failure is a ServiceError in the words of failure.ts.
 */
export interface Transport {
  /** The whole answer, its body read within the caps (BODY_LIMITS). */
  send(request: HttpRequest): Promise<HttpResponse>;
  /**
   * The answer as soon as it starts, a 2xx body as a stream (the assistant's answer). The run's
   * signal still destroys the connection while the stream is read.
   */
  open(request: HttpRequest): Promise<OpenedResponse>;
}

/**
 * How much of a body is read. An error body only feeds a one-line message, so a gateway's
 * megabyte page is cut, not parsed; a job is a few hundred bytes, so a success body past the
 * larger cap is an answer the client refuses rather than buffers. A streamed body is bounded by
 * its reader instead (assistant-stream.ts).
 */
export const BODY_LIMITS = { error: 64 * 1024, success: 4 * 1024 * 1024 } as const;

/**
 * A transport on Node's http(s) with the agent of @actions/http-client when the runner's
 * https_proxy, http_proxy and no_proxy send a request through a proxy, as every other action does.
 * Node's request is used directly so that a timeout destroys the socket (http-client only
 * half-closes it, which leaves a server that never answers holding the process open) and so that
 * bodies are read with a cap. The `ai` package's own transport would use the global fetch
 * (undici), which ignores the proxy variables: the assistant's stream comes through here too.
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
  const exchange = (request: HttpRequest, streamed: boolean): Promise<OpenedResponse> =>
    new Promise<OpenedResponse>((resolve, reject) => {
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
        reject(connectionFailure(error, request));
      };
      if (signal?.aborted) {
        fail(new RequestCancelled(signal.reason));
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
        onAbort = () => req.destroy(new RequestCancelled(signal?.reason));
        signal?.addEventListener('abort', onAbort, { once: true });
        req.on('error', fail);
        req.on('response', (response) => {
          const status = response.statusCode ?? 0;
          if (streamed && status >= 200 && status < 300) {
            // The answer has started: its reader bounds it from here, and the cancel still ends it.
            clearTimeout(timer);
            response.once('close', done);
            resolve({
              status,
              headers: response.headers,
              stream: Readable.toWeb(response) as ReadableStream<Uint8Array>,
            });
            return;
          }
          readCapped(response).then(
            (read) => {
              done();
              resolve({ status, headers: response.headers, ...read });
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
  return {
    send: (request) => exchange(request, false) as Promise<HttpResponse>,
    open: (request) => exchange(request, true),
  };
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
