import type { Logger } from './logger.ts';

/** The issue a run reports to. */
export interface IssueTarget {
  owner: string;
  repo: string;
  issueNumber: number;
}

/** Events whose payload names an issue (or pull request) that asked for the run. */
const EVENTS_WITH_ISSUE = new Set(['issues', 'issue_comment']);

export type Octokit = ReturnType<typeof import('@actions/github').getOctokit>;

export interface GitHubAccess {
  octokit: Octokit;
  target: IssueTarget;
}

/**
 * Octokit and the issue to report to, or undefined when the run has nowhere to report.
 * @actions/github is imported only here, on demand: runs that report nowhere never load it, which
 * keeps start-up quick.
 */
export async function connectToIssue(token: string, log: Logger, env = process.env): Promise<GitHubAccess | undefined> {
  if (!EVENTS_WITH_ISSUE.has(env.GITHUB_EVENT_NAME ?? '')) return undefined;
  const { context, getOctokit } = await import('@actions/github');
  const issueNumber = context.payload.issue?.number;
  if (typeof issueNumber !== 'number') return undefined;
  if (!token) {
    log.warning("Input 'github-token' is empty, so the outcome cannot be reported on the issue.");
    return undefined;
  }
  const octokit = getOctokit(token, {
    log: { debug: log.debug, info: log.debug, warn: log.warning, error: log.warning },
  });
  return { octokit, target: { owner: context.repo.owner, repo: context.repo.repo, issueNumber } };
}

/** A link to this workflow run, for comments. */
export function runUrl(env = process.env): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = env;
  if (!GITHUB_SERVER_URL || !GITHUB_REPOSITORY || !GITHUB_RUN_ID) return undefined;
  return `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`;
}
