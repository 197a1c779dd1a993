// Response conventions shared by every route: error bodies and page-based pagination.
import type { RateLimitFault } from './types.ts';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const DOCS = 'https://docs.github.com/rest';

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Bad credentials',
  403: 'Resource not accessible by integration',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  422: 'Validation Failed',
  501: 'Not Implemented',
  429: 'API rate limit exceeded',
  500: 'Server Error',
  502: 'Server Error',
  503: 'Service Unavailable',
};

/** GitHub's error envelope; 'status' is a string in real responses. */
export function errorReply(status: number, message?: string): Reply {
  return {
    status,
    body: {
      message: message ?? STATUS_MESSAGES[status] ?? 'Error',
      documentation_url: DOCS,
      status: String(status),
    },
  };
}

/**
 * What failNext answers: the error body, plus for a 429 the headers a client retry policy looks
 * at. A 403 is a refusal (a token without the permission), as GitHub words it: no rate-limit
 * headers, which would make it a rate limit (rateLimitNext answers those).
 */
export function failureReply(status: number): Reply {
  const reply = errorReply(status);
  if (status === 429) {
    reply.headers = { 'retry-after': '1', 'x-ratelimit-remaining': '0' };
  }
  return reply;
}

/** What rateLimitNext answers: GitHub's words and headers for a secondary or a primary rate limit. */
export function rateLimitReply(limit: RateLimitFault, now = Date.now()): Reply {
  const status = limit.status ?? 403;
  if (limit.kind === 'secondary') {
    const reply = errorReply(
      status,
      'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach ' +
        'out to GitHub Support for help, please include the request ID 0000:0000:000000:000000:00000000.',
    );
    reply.body = { ...(reply.body as object), documentation_url: SECONDARY_DOCS };
    if (limit.retryAfterSeconds !== undefined) reply.headers = { 'retry-after': String(limit.retryAfterSeconds) };
    return reply;
  }
  const reply = errorReply(status, 'API rate limit exceeded for installation ID 1000001.');
  reply.headers = {
    'x-ratelimit-remaining': '0',
    'x-ratelimit-used': '5000',
    'x-ratelimit-reset': String(Math.floor(now / 1000) + (limit.resetInSeconds ?? 60)),
  };
  return reply;
}

const SECONDARY_DOCS = 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits';

/**
 * Slices one page and builds the Link header the way GitHub does (next/last, then prev/first once
 * past page 1), keeping the caller's other query parameters so Octokit's paginate can follow it.
 */
export function paginate<T>(items: T[], requestUrl: URL): { page: T[]; headers: Record<string, string> } {
  const perPage = clamp(Number(requestUrl.searchParams.get('per_page') ?? 30), 30, 100);
  const page = Math.max(1, Number(requestUrl.searchParams.get('page') ?? 1) || 1);
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const link = (n: number, rel: string): string => {
    const target = new URL(requestUrl);
    target.searchParams.set('page', String(n));
    return `<${target.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(Math.min(page - 1, lastPage), 'prev'));
  if (page < lastPage) links.push(link(page + 1, 'next'), link(lastPage, 'last'));
  if (page > 1) links.push(link(1, 'first'));
  return { page: slice, headers: links.length > 0 ? { link: links.join(', ') } : {} };
}

function clamp(value: number, fallback: number, max: number): number {
  if (!Number.isFinite(value) || value < 1) return fallback;
  return Math.min(Math.floor(value), max);
}
