import { parseRetryAfter } from '../base/retry-after.ts';

/**
 * GitHub's rate limits, told apart from refusals. GitHub answers a request over a limit with 429,
 * or with 403, the status it also uses for a token that lacks a permission. A 403 is a rate limit
 * when it says so (its message names a rate limit), when it says how long to wait (`retry-after`),
 * or when no requests are left (`x-ratelimit-remaining: 0`): then the request is waited for and
 * sent again, never taken as "not allowed" (two runs that both took a limited claim for a refusal
 * made two jobs). Only a 403 without these is a refusal.
 * https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api
 */
export interface RateLimit {
  /**
   * 'secondary': too many requests at once or too fast (an abuse limit); 'primary': the hourly
   * quota of the token is spent.
   */
  kind: 'primary' | 'secondary';
  /** How long GitHub asks to wait, from `retry-after` or `x-ratelimit-reset`; undefined when it says nothing. */
  waitMs: number | undefined;
}

interface GitHubFailure {
  status?: unknown;
  message?: unknown;
  response?: { headers?: Record<string, string | number | undefined> };
}

/** GitHub's words for both limits: "API rate limit exceeded", "You have exceeded a secondary rate limit". */
const RATE_LIMIT_MESSAGE = /rate limit/i;
const SECONDARY_MESSAGE = /secondary rate limit|abuse/i;

/** The rate limit a failed GitHub call hit, or undefined when it hit none (a refusal, a fault). */
export function rateLimitOf(error: unknown, now: number): RateLimit | undefined {
  const failure = (error ?? {}) as GitHubFailure;
  if (failure.status !== 403 && failure.status !== 429) return undefined;
  const headers = failure.response?.headers ?? {};
  const header = (name: string): string | undefined => {
    const value = headers[name];
    return value === undefined ? undefined : String(value);
  };
  const message = typeof failure.message === 'string' ? failure.message : '';
  const retryAfter = parseRetryAfter(header('retry-after'), now);
  const spent = header('x-ratelimit-remaining')?.trim() === '0';
  if (failure.status === 403 && retryAfter === undefined && !spent && !RATE_LIMIT_MESSAGE.test(message)) {
    return undefined;
  }
  const reset = Number(header('x-ratelimit-reset'));
  // The reset is in whole seconds: one more second, so the retry does not come a moment too early.
  const untilReset = spent && Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - now) + 1000 : undefined;
  const kind = SECONDARY_MESSAGE.test(message) || (!spent && retryAfter !== undefined) ? 'secondary' : 'primary';
  return { kind, waitMs: retryAfter ?? untilReset };
}

/** Whether a failed GitHub call hit a rate limit: a wait, never a refusal. */
export function isRateLimited(error: unknown): boolean {
  return rateLimitOf(error, Date.now()) !== undefined;
}
