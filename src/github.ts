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
 * GITHUB_API_URL (so GHES works) and the runner's proxy settings.
 */
export async function createOctokit(token: string, log: Logger): Promise<Octokit> {
  const { getOctokit } = await import('@actions/github');
  return getOctokit(token, {
    log: {
      debug: (m: string) => log.debug(m),
      info: (m: string) => log.debug(m),
      warn: (m: string) => log.debug(m),
      error: (m: string) => log.debug(m),
    },
  });
}

/** A link to this workflow run, for comments. */
export function runUrl(env = process.env): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = env;
  if (!GITHUB_SERVER_URL || !GITHUB_REPOSITORY || !GITHUB_RUN_ID) return undefined;
  return `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`;
}
