import { getProxyUrl } from '@actions/http-client/lib/proxy';
import pRetry from 'p-retry';
import { runHost } from './docs-pr-trust.ts';
import { systemClock, type Clock } from '../base/clock.ts';
import { errorMessage } from '../base/errors.ts';
import { formatSeconds } from '../base/format.ts';
import type { Logger } from '../base/log.ts';
import { forLog } from '../text/text-gate.ts';
import { BodyTooLarge, cappedFetch } from './capped-fetch.ts';
import { rateLimitOf } from './rate-limit.ts';

/** The issue a run reports to. */
export interface IssueTarget {
  owner: string;
  repo: string;
  issueNumber: number;
}

export type Octokit = ReturnType<typeof import('@actions/github').getOctokit>;

/** How long GitHub calls may take, and what stops them. */
export interface GitHubLimits {
  /** The first wait before a call is repeated. */
  retryDelayMs: number;
  /** Longest wait for one answer. */
  requestTimeoutMs: number;
  /**
   * The wait after a rate limit that names none (neither `retry-after` nor a spent quota): GitHub
   * asks for at least a minute, more each time (rate-limit.ts).
   */
  rateLimitWaitMs: number;
  /** Epoch ms after which no call is started again and each gets only `requestTimeoutMs`' floor. */
  deadline: number;
  /** The run's cancel: calls in flight end at once. */
  signal?: AbortSignal | undefined;
  /** The clock of the waits (base/clock.ts); tests pass one that does not sleep. */
  clock?: Pick<Clock, 'now' | 'sleep'> | undefined;
}

/** Past the deadline, or after a cancel, a call (the final comment) still gets this long at most. */
const LAST_CALL_MS = 2_000;

/** Rate-limit waits of one call at most, whatever the deadline: a limit that never lifts ends the call. */
const MAX_RATE_LIMIT_WAITS = 5;

/**
 * One Octokit for the run. @actions/github is imported here, on demand: runs that never talk to
 * GitHub (a plain `uses:` step) do not load it, which keeps start-up quick. It reads
 * GITHUB_API_URL (so GHES works) and the runner's proxy settings; its log goes to debug lines.
 * Requests are retried as described at `isRetryable`, `retryDelayMs` apart and more.
 * A rate limit (a 429, or a 403 that is one: rate-limit.ts) is a wait, for every call the action
 * makes: as long as GitHub asks (`retry-after`, `x-ratelimit-reset`), else `rateLimitWaitMs` and
 * twice that the next time, then the call is sent again. A wait that would pass the deadline is
 * not begun, and a cancel ends one: the call then fails with GitHub's answer, which
 * `describeGitHubError` words as a rate limit, never as a missing permission.
 * Every call is bounded: a GitHub that never answers must not hold the run past `timeout-minutes`
 * (nor past a cancel, which leaves the runner 7.5 s before it kills the step). A call in flight
 * when the run is cancelled is abandoned; one started after the cancel, such as the final
 * comment, still gets a short try, so the issue does not keep saying "working".
 */
export async function createOctokit(token: string, log: Logger, limits: GitHubLimits): Promise<Octokit> {
  const { getOctokit } = await import('@actions/github');
  const clock = limits.clock ?? systemClock;
  const now = clock.now;
  // Octokit's own words may quote GitHub's: outside text, one inert line each.
  const debug = (message: string): void => log.debug(forLog(message, 2_000));
  const octokit = getOctokit(token, { log: { debug, info: debug, warn: debug, error: debug } });
  const stopped = (): boolean => limits.signal?.aborted === true || now() >= limits.deadline;
  octokit.hook.wrap('request', async (request, options) => {
    // The body is read with a cap. Through a proxy (the runner's https_proxy, unless no_proxy names
    // GitHub's host), with the fetch @actions/github gave Octokit, whose dispatcher goes through it;
    // without one, with Node's own fetch: the same undici, part of Node already, where the given one
    // loads the bundled copy (dist/undici.cjs, about 40 ms of CPU).
    const given = options.request?.fetch as typeof globalThis.fetch | undefined;
    const fetch = cappedFetch(given && getProxyUrl(new URL(options.baseUrl)) ? given : globalThis.fetch);
    const send = () =>
      pRetry(
        () => {
          // The hooks inside this one were bound to this very options object (before-after-hook), so the
          // signal is set on it rather than passed in a copy, which they would never see.
          options.request = { ...options.request, signal: callSignal(limits, now), fetch };
          return request(options);
        },
        {
          retries: 2,
          minTimeout: limits.retryDelayMs,
          randomize: true,
          shouldRetry: ({ error }) => {
            const tooLarge = (error as { cause?: unknown }).cause instanceof BodyTooLarge;
            const retry =
              !stopped() &&
              !tooLarge &&
              rateLimitOf(error, now()) === undefined &&
              isRetryable(options.method, (error as { status?: number }).status, graphqlQuery(options));
            // GitHub's error text is outside text: one inert, redacted line, whatever logger was passed.
            const line = `GitHub ${options.method} ${options.url} failed (${error.message}); trying again.`;
            if (retry) log.info(forLog(line));
            return retry;
          },
        },
      );
    for (let waits = 0; ; waits++) {
      try {
        return await send();
      } catch (error) {
        const limit = rateLimitOf(error, now());
        if (!limit) throw error;
        const waitMs = limit.waitMs ?? limits.rateLimitWaitMs * 2 ** waits;
        if (stopped() || waits >= MAX_RATE_LIMIT_WAITS || now() + waitMs >= limits.deadline) throw error;
        log.info(
          `GitHub's ${limit.kind} rate limit on ${options.method} ${options.url}: waiting ` +
            `${formatSeconds(waitMs)} before trying again.`,
        );
        await clock.sleep(waitMs, limits.signal);
        if (limits.signal?.aborted) throw error;
      }
    }
  });
  return octokit;
}

function callSignal(limits: GitHubLimits, now: () => number): AbortSignal {
  const floor = Math.min(limits.requestTimeoutMs, LAST_CALL_MS);
  if (limits.signal?.aborted) return AbortSignal.timeout(floor);
  const left = limits.deadline - now();
  const timeout = AbortSignal.timeout(Math.max(floor, Math.min(limits.requestTimeoutMs, left)));
  return limits.signal ? AbortSignal.any([limits.signal, timeout]) : timeout;
}

/**
 * A stale "working" comment is what a lost update leaves, so GitHub calls are retried when that
 * is safe: reads and updates (GET, PATCH, DELETE are idempotent) after a network error or a 5xx.
 * A POST (a new comment or reaction) is not, so a retry never writes a comment twice, but for a
 * GraphQL `query` (`graphql`: its text), which reads only. Other 4xx (400, 401, 403, 404, 422)
 * are final. A rate limit, which GitHub did not act on, is no failure but a wait, whatever the
 * method (createOctokit).
 */
export function isRetryable(method: string, status: number | undefined, graphql?: string): boolean {
  const reads = graphql !== undefined && /^\s*(?:query\b|\{)/.test(graphql);
  if (method.toUpperCase() === 'POST' && !reads) return false;
  return status === undefined || status >= 500;
}

/** The text of a GraphQL call's query or mutation (Octokit's graphql passes it as `query`). */
function graphqlQuery(options: { url?: string; query?: unknown }): string | undefined {
  return /\/graphql$/.test(options.url ?? '') && typeof options.query === 'string' ? options.query : undefined;
}

/** A link to this workflow run, for comments. */
export function runUrl(env = process.env): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = env;
  if (!GITHUB_SERVER_URL || !GITHUB_REPOSITORY || !GITHUB_RUN_ID) return undefined;
  return `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`;
}

/**
 * Hosts a pull request link may point at: the server this run belongs to (GITHUB_SERVER_URL,
 * github.com when unset) and no other: on GitHub Enterprise Server a github.com link names
 * another server's pull request, which no token of this run may touch (github/docs-pr-trust.ts).
 */
export function codeHosts(env = process.env): string[] {
  return [runHost(env)];
}

/**
 * One line about a failed GitHub call: which call, what GitHub answered, and what to do. GitHub's
 * own words are kept (through the gate) only for 4xx answers, where they say what is wrong; a 5xx
 * answer's body is a generic page ("Server Error") that tells a reader nothing.
 * `permission` is what the workflow's token needs for the call, as the workflow's `permissions:`
 * names it (e.g. 'issues: write').
 */
export function describeGitHubError(call: string, error: unknown, permission: string): string {
  const failure = (error ?? {}) as { status?: unknown; request?: unknown; response?: unknown };
  // Octokit reports a request that got no answer (a timeout, a reset) as a 500 without a response.
  const answered = typeof failure.status === 'number' && !(failure.request !== undefined && !failure.response);
  const status = answered ? (failure.status as number) : undefined;
  const said = forLog(errorMessage(error), 160);
  if (status === undefined) return `${call} failed: GitHub did not answer (${said}). Re-run the workflow.`;
  if (status >= 500) {
    return `${call} failed: GitHub answered HTTP ${status}, a fault on GitHub's side. Re-run the workflow later.`;
  }
  if (status === 401) return `${call} failed: GitHub refused the token (HTTP 401). Check the 'github-token' input.`;
  const limit = rateLimitOf(error, Date.now());
  if (limit) {
    return (
      `${call} failed: GitHub's ${limit.kind} rate limit (HTTP ${status}) did not lift in the time the step ` +
      'could wait. Nothing is wrong with the permissions; re-run the workflow later.'
    );
  }
  if (status === 403 || status === 404) {
    return (
      `${call} failed: GitHub answered HTTP ${status} (${said}). The token needs '${permission}': ` +
      `add it under 'permissions:' in the workflow, or pass a token that has it as 'github-token'.`
    );
  }
  return `${call} failed: GitHub answered HTTP ${status} (${said}).`;
}
