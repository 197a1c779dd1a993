// The one vocabulary of failures for both endpoint families: a failed connection or a refused
// request becomes a ServiceError (src/base/errors.ts) with the same words whichever endpoint it was,
// and an error body becomes one clean line the same way. Only the messages that name a family's own
// inputs (its key, the assistant's domain) are worded by that family's client.
import { ServiceError } from '../base/errors.ts';
import { formatSeconds } from '../base/format.ts';
import { forLog } from '../text/text-gate.ts';

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

/** The request got no answer within its timeout. */
export class RequestTimeout extends Error {}

/** The caller's signal stopped the request: the run's cancel, or a deadline of its own. */
export class RequestCancelled extends Error {
  readonly reason: unknown;

  constructor(reason: unknown) {
    super('cancelled');
    this.reason = reason;
  }
}

/** A success body longer than the transport will read. */
export class BodyTooLarge extends Error {
  constructor(limit: number) {
    super(`a body over ${Math.round(limit / 1024 / 1024)} MiB`);
  }
}

/** What a failure message needs to know of the request. */
export interface FailedRequest {
  method: string;
  url: string;
  timeoutMs: number;
  /** How a public message names the far end: 'the service' (the default) or 'the assistant'. */
  publicName?: string | undefined;
}

/** A failure of the connection (or of the caller's signal) as the ServiceError every caller knows. */
export function connectionFailure(error: unknown, request: FailedRequest): ServiceError {
  if (error instanceof ServiceError) return error;
  const url = new URL(request.url);
  const where = `${request.method} ${url.pathname}`;
  const publicWhere = request.publicName ?? 'the service';
  if (error instanceof RequestCancelled) {
    // A signal that fired for its own deadline (AbortSignal.timeout) is not the run's cancel.
    if ((error.reason as { name?: unknown } | undefined)?.name === 'TimeoutError') {
      return new ServiceError(`${where} was stopped: the run's time limit was reached`, 'timeout');
    }
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
    const why = forLog(proxy[1] ? `HTTP ${proxy[1]}` : (proxy[2] ?? code), 120);
    return new ServiceError(`The proxy did not connect to ${url.host} (${why}); nothing was sent`, 'unreachable', {
      publicMessage: `The runner's proxy did not connect to ${publicWhere} (${why}); nothing was sent.`,
    });
  }
  if (UNREACHABLE_CODES.has(code)) {
    return new ServiceError(`Could not connect to ${url.host} (${code})`, 'unreachable', {
      publicMessage: `Could not connect to ${publicWhere} (${code}).`,
    });
  }
  return new ServiceError(`${where} was interrupted (${forLog(code || message, 120)})`, 'interrupted');
}

/**
 * One clean line from an error body: the service's `{"error": ...}`, a `{"message": ...}`, the
 * title of a proxy's HTML page, or the first line of plain text.
 */
export function errorDetail(response: { body: string; headers: { 'content-type'?: string | undefined } }): string {
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
