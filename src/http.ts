import type { IncomingHttpHeaders } from 'node:http';
import { HttpClient } from '@actions/http-client';
import { ServiceError } from './errors.ts';

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Sends one request, once. Retrying is the caller's decision: it knows which requests are safe. */
export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

/** Errors that mean no connection was ever made, so the service cannot have seen the request. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/**
 * A transport on @actions/http-client, which honours the runner's https_proxy, http_proxy and
 * no_proxy variables the way every other action does.
 */
export function createTransport(userAgent: string): Transport {
  return async (request) => {
    const client = new HttpClient(userAgent, [], {
      allowRetries: false,
      allowRedirects: false,
      keepAlive: false,
      socketTimeout: request.timeoutMs,
    });
    const timeout = deadlineTimer(request.timeoutMs);
    try {
      const response = await Promise.race([
        client.request(request.method, request.url, request.body ?? null, request.headers),
        timeout.expired,
      ]);
      // The socket timeout covers only the wait for the headers; the timer also bounds the body.
      const body = await Promise.race([response.readBody(), timeout.expired]).catch((error: unknown) => {
        response.message.destroy();
        throw error;
      });
      return { status: response.message.statusCode ?? 0, headers: response.message.headers, body };
    } catch (error) {
      throw toServiceError(error, request);
    } finally {
      timeout.cancel();
    }
  };
}

function deadlineTimer(ms: number): { expired: Promise<never>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RequestTimeout()), ms);
  });
  // A rejection nobody awaits any more (the request won the race) must not crash the process.
  expired.catch(() => undefined);
  return { expired, cancel: () => clearTimeout(timer) };
}

class RequestTimeout extends Error {}

function toServiceError(error: unknown, request: HttpRequest): ServiceError {
  if (error instanceof ServiceError) return error;
  const where = `${request.method} ${new URL(request.url).pathname}`;
  const seconds = Math.round(request.timeoutMs / 100) / 10;
  if (error instanceof RequestTimeout || (error instanceof Error && error.message.startsWith('Request timeout'))) {
    return new ServiceError(`${where} got no answer within ${seconds} s`, 'timeout');
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (UNREACHABLE_CODES.has(code)) {
    return new ServiceError(`Could not connect to ${new URL(request.url).host} (${code})`, 'unreachable');
  }
  const detail = code || (error instanceof Error ? error.message : String(error));
  return new ServiceError(`${where} was interrupted (${detail})`, 'interrupted');
}
