// Response conventions shared by every route: error bodies and page-based pagination.

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

/** What failNext answers: the error body plus the headers a client retry policy looks at. */
export function failureReply(status: number): Reply {
  const reply = errorReply(status);
  if (status === 429 || status === 403) {
    reply.headers = { 'retry-after': '1', 'x-ratelimit-remaining': '0' };
  }
  return reply;
}

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
