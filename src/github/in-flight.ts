import type { Octokit } from './octokit.ts';
import type { Repository } from './pull-requests.ts';
import { sweepSwitchOf } from './workflows.ts';

/**
 * The in-flight index: a label this action puts on an issue or pull request while a request of it
 * has a job that no run has reported the end of (a detached request, a waiting run cancelled or
 * timed out, a followed pull request's job), and takes off when the final word is written. The
 * sweep (`mode: sweep`) lists it, one call per hundred, so its cost grows with the requests in
 * flight and not with the size of the repository. docs/sweep.md ("The in-flight label") says why
 * people should leave it alone.
 */
export const IN_FLIGHT_LABEL = 'docs-agent: in flight';

/** Labelled issues and pull requests read at most per sweep: 10 pages of 100. */
export const MAX_IN_FLIGHT = 1000;
const PER_PAGE = 100;

/** An issue or pull request the index lists. */
export interface InFlightItem {
  number: number;
  pullRequest: boolean;
  state: 'open' | 'closed';
  /** ISO time of the issue's or pull request's last change. */
  updatedAt: string;
}

/**
 * Puts the label on (idempotent: GitHub keeps a label once), then enables the sweep's workflow when
 * the run's Octokit carries its switch (`sweep-workflow`, workflows.ts). In that order, every time:
 * a sweep that disables itself reads the index again afterwards, so either it sees this label or
 * this enable comes after its disable. Throws when the label fails; callers decide whether that is
 * a warning (a failed enable is one already).
 */
export async function markInFlight(octokit: Octokit, repository: Repository, number: number): Promise<void> {
  await octokit.rest.issues.addLabels({ ...repository, issue_number: number, labels: [IN_FLIGHT_LABEL] });
  await sweepSwitchOf(octokit)?.set(octokit, repository, true);
}

export async function clearInFlight(octokit: Octokit, repository: Repository, number: number): Promise<void> {
  await removeLabel(octokit, repository, number, IN_FLIGHT_LABEL);
}

/** Takes the label `name` off; a label already gone (404) is what was wanted. Throws otherwise. */
export async function removeLabel(
  octokit: Octokit,
  repository: Repository,
  number: number,
  name: string,
): Promise<void> {
  try {
    await octokit.rest.issues.removeLabel({ ...repository, issue_number: number, name });
  } catch (error) {
    if ((error as { status?: number }).status !== 404) throw error;
  }
}

/**
 * The issues and pull requests carrying the label, open or closed, least recently updated first
 * (the longest waiting are finished first when a sweep stops early), at most `max`.
 */
export async function listInFlight(
  octokit: Octokit,
  repository: Repository,
  max = MAX_IN_FLIGHT,
): Promise<{ items: InFlightItem[]; truncated: boolean }> {
  const items: InFlightItem[] = [];
  for (let page = 1; items.length < max; page++) {
    const { data } = await octokit.rest.issues.listForRepo({
      ...repository,
      labels: IN_FLIGHT_LABEL,
      state: 'all',
      sort: 'updated',
      direction: 'asc',
      per_page: PER_PAGE,
      page,
    });
    for (const issue of data.slice(0, max - items.length)) {
      items.push({
        number: issue.number,
        pullRequest: issue.pull_request !== undefined && issue.pull_request !== null,
        state: issue.state === 'closed' ? 'closed' : 'open',
        updatedAt: issue.updated_at,
      });
    }
    if (data.length < PER_PAGE) return { items, truncated: false };
  }
  return { items, truncated: true };
}
