import { readDocsMarker, type DocsPr } from './docs-prs.ts';
import { removeLabel } from './in-flight.ts';
import type { Octokit } from './octokit.ts';
import type { Repository } from './pull-requests.ts';

/**
 * The awaiting-release index (`ready-when: released`): a label on each docs pull request that stays
 * a draft after its code merged, until a published release contains the merge commit. A release
 * run lists it in the docs repository, one call per hundred, so its cost grows with the docs pull
 * requests waiting and not with the repository. The label is only the cheap index: what pairs a
 * docs pull request with its code pull request is the signed line of its description
 * (docs-prs.ts), never the label, so a label put on by hand makes nothing ready.
 */
export const AWAITING_RELEASE_LABEL = 'docs-agent: awaiting release';

/** Waiting docs pull requests looked at per run: the rest are the next release's or sweep's. */
export const MAX_AWAITING = 100;

/** A git tag name as a release names it: kept only when it is this plain (it is shown in comments). */
const TAG = /^[A-Za-z0-9@][A-Za-z0-9._/+@-]{0,99}$/;
/** A release's address as GitHub gives it (http on a GitHub Enterprise Server without TLS); anything else is not linked. */
const RELEASE_URL =
  /^https?:\/\/[A-Za-z0-9.-]+(?::\d+)?\/[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+\/releases\/tag\/[A-Za-z0-9._/+%@-]+$/;

/** A published release, as the event or the list gives it. */
export interface Release {
  tag: string;
  /** The release's page, '' when GitHub gave none of the expected form. */
  url: string;
  prerelease: boolean;
  draft: boolean;
  /** ISO time; '' for a draft. */
  publishedAt: string;
}

/** A waiting docs pull request, as the label lists it. */
export type Awaiting = Omit<DocsPr, 'updatedAt'>;

interface RawRelease {
  tag_name?: unknown;
  html_url?: unknown;
  prerelease?: unknown;
  draft?: unknown;
  published_at?: unknown;
}

/** A release from GitHub's JSON (an event's `release`, a list's item); undefined when its tag is not plain. */
export function releaseOf(raw: RawRelease | undefined): Release | undefined {
  const tag = typeof raw?.tag_name === 'string' ? raw.tag_name : '';
  if (!TAG.test(tag)) return undefined;
  const url = typeof raw?.html_url === 'string' && RELEASE_URL.test(raw.html_url) ? raw.html_url : '';
  return {
    tag,
    url,
    prerelease: raw?.prerelease === true,
    draft: raw?.draft === true,
    publishedAt: typeof raw?.published_at === 'string' ? raw.published_at : '',
  };
}

/** Puts the label on a docs pull request (idempotent). Throws. */
export async function markAwaiting(octokit: Octokit, docs: Repository, number: number): Promise<void> {
  await octokit.rest.issues.addLabels({ ...docs, issue_number: number, labels: [AWAITING_RELEASE_LABEL] });
}

export async function clearAwaiting(octokit: Octokit, docs: Repository, number: number): Promise<void> {
  await removeLabel(octokit, docs, number, AWAITING_RELEASE_LABEL);
}

/**
 * The labelled pull requests of `docs`, open or closed (a closed one is cleared from the index),
 * least recently updated first, at most MAX_AWAITING, each with its verified request.
 */
export async function listAwaiting(
  octokit: Octokit,
  docs: Repository,
  key: string,
): Promise<{ items: Awaiting[]; truncated: boolean }> {
  const { data } = await octokit.rest.issues.listForRepo({
    ...docs,
    labels: AWAITING_RELEASE_LABEL,
    state: 'all',
    sort: 'updated',
    direction: 'asc',
    per_page: MAX_AWAITING,
  });
  const items = data
    .filter((issue) => !!issue.pull_request)
    .map((issue) => ({
      number: issue.number,
      url: issue.html_url,
      state: issue.state === 'closed' ? ('closed' as const) : ('open' as const),
      request: readDocsMarker(issue.body ?? '', key, docs, issue.number),
    }));
  return { items, truncated: data.length >= MAX_AWAITING };
}

/**
 * Whether the tag contains the commit: GitHub's compare of the commit with the tag is `ahead` (the
 * tag is after it) or `identical`. `behind` and `diverged` (a tag of another line) do not; a commit
 * or tag GitHub does not know (404) does not either.
 */
export async function tagContains(
  octokit: Octokit,
  repository: Repository,
  sha: string,
  tag: string,
): Promise<boolean> {
  try {
    const { data } = await octokit.rest.repos.compareCommits({ ...repository, base: sha, head: tag, per_page: 1 });
    return data.status === 'ahead' || data.status === 'identical';
  } catch (error) {
    if ((error as { status?: number }).status === 404) return false;
    throw error;
  }
}

interface ReleaseNode {
  tagName?: unknown;
  url?: unknown;
  isPrerelease?: unknown;
  isDraft?: unknown;
  publishedAt?: unknown;
}

/**
 * The newest releases of `repository`, newest first, at most `max` (drafts included: callers judge),
 * in one GraphQL query (the REST list's answer is a page of whole releases with their assets).
 */
export async function listReleases(octokit: Octokit, repository: Repository, max = 5): Promise<Release[]> {
  const answer = await octokit.graphql<{ repository?: { releases?: { nodes?: (ReleaseNode | null)[] } } | null }>(
    'query($owner: String!, $name: String!, $last: Int!) { repository(owner: $owner, name: $name) { ' +
      'releases(first: $last, orderBy: {field: CREATED_AT, direction: DESC}) { ' +
      'nodes { tagName url isPrerelease isDraft publishedAt } } } }',
    { owner: repository.owner, name: repository.repo, last: Math.min(max, 100) },
  );
  return (answer.repository?.releases?.nodes ?? []).slice(0, max).flatMap(
    (node) =>
      releaseOf({
        tag_name: node?.tagName,
        html_url: node?.url,
        prerelease: node?.isPrerelease,
        draft: node?.isDraft,
        published_at: node?.publishedAt,
      }) ?? [],
  );
}

/** Auto-merge exists only in GraphQL. Throws, with GitHub's words when the repository does not allow it. */
export async function enableAutoMerge(octokit: Octokit, nodeId: string): Promise<void> {
  await octokit.graphql(
    'mutation($id: ID!) { enablePullRequestAutoMerge(input: {pullRequestId: $id}) { pullRequest { number } } }',
    { id: nodeId },
  );
}
