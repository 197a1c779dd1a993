import pRetry from 'p-retry';
import type { Logger } from './logger.ts';

/** The issue a run reports to. */
export interface IssueTarget {
  owner: string;
  repo: string;
  issueNumber: number;
}

export type Octokit = ReturnType<typeof import('@actions/github').getOctokit>;

/**
 * One Octokit for the run. @actions/github is imported here, on demand: runs that never talk to
 * GitHub (a plain `uses:` step) do not load it, which keeps start-up quick. It reads
 * GITHUB_API_URL (so GHES works) and the runner's proxy settings; its log goes to debug lines.
 * Requests are retried as described at `isRetryable`, `retryDelayMs` apart and more.
 */
export async function createOctokit(token: string, log: Logger, retryDelayMs = 1_000): Promise<Octokit> {
  const { getOctokit } = await import('@actions/github');
  const debug = (message: string): void => log.debug(message);
  const octokit = getOctokit(token, { log: { debug, info: debug, warn: debug, error: debug } });
  octokit.hook.wrap('request', (request, options) =>
    pRetry(() => request(options), {
      retries: 2,
      minTimeout: retryDelayMs,
      randomize: true,
      shouldRetry: ({ error }) => {
        const retry = isRetryable(options.method, (error as { status?: number }).status);
        if (retry) log.info(`GitHub ${options.method} ${options.url} failed (${error.message}); trying again.`);
        return retry;
      },
    }),
  );
  return octokit;
}

/**
 * A stale "working" comment is what a lost update leaves, so GitHub calls are retried when that
 * is safe: reads and updates (GET, PATCH, DELETE are idempotent) after a network error, a 5xx or
 * a 429; a POST (a new comment or reaction) only after a 429, which GitHub did not act on, so a
 * retry never writes a comment twice. Other 4xx (400, 401, 403, 404, 422) are final.
 */
export function isRetryable(method: string, status: number | undefined): boolean {
  if (status === 429) return true;
  if (method.toUpperCase() === 'POST') return false;
  return status === undefined || status >= 500;
}

/** A link to this workflow run, for comments. */
export function runUrl(env = process.env): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = env;
  if (!GITHUB_SERVER_URL || !GITHUB_REPOSITORY || !GITHUB_RUN_ID) return undefined;
  return `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`;
}

/**
 * Hosts a pull request link may point at: github.com, and the server this run belongs to
 * (GITHUB_SERVER_URL, a GitHub Enterprise Server).
 */
export function codeHosts(env = process.env): string[] {
  const hosts = new Set(['github.com']);
  try {
    if (env.GITHUB_SERVER_URL) hosts.add(new URL(env.GITHUB_SERVER_URL).hostname.toLowerCase());
  } catch {
    // An unreadable server address adds nothing.
  }
  return [...hosts];
}
