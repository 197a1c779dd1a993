import type { Octokit } from './octokit.ts';

/** A repository as the REST API addresses it. */
export interface Repository {
  owner: string;
  repo: string;
}

/** The fields of a pull request follow mode and the release read, fresh from the API (a payload may be stale on a re-run). */
export interface PullRequest {
  number: number;
  nodeId: string;
  state: 'open' | 'closed';
  merged: boolean;
  /** The merge commit ('' when GitHub gave none yet) and when it merged ('' unmerged): what a release needs. */
  mergeSha: string;
  mergedAt: string;
  draft: boolean;
  title: string;
  body: string;
  url: string;
  headSha: string;
  baseSha: string;
  labels: string[];
  author: { login: string; type?: string };
}

export async function readPullRequest(octokit: Octokit, repository: Repository, number: number): Promise<PullRequest> {
  const { data } = await octokit.rest.pulls.get({ ...repository, pull_number: number });
  return {
    number: data.number,
    nodeId: data.node_id,
    state: data.state === 'closed' ? 'closed' : 'open',
    merged: data.merged === true,
    mergeSha: /^[0-9a-f]{40}$/.test(data.merge_commit_sha ?? '') ? (data.merge_commit_sha ?? '') : '',
    mergedAt: data.merged_at ?? '',
    draft: data.draft === true,
    title: data.title,
    body: data.body ?? '',
    url: data.html_url,
    headSha: data.head.sha,
    baseSha: data.base.sha,
    labels: data.labels.map((label) => label.name),
    author: { login: data.user.login, type: data.user.type },
  };
}

/** One changed file of a range, with the start of its patch (GitHub leaves it out for binary and huge files). */
export interface ChangedFile {
  filename: string;
  status: string;
  additions: number;
  deletions: number;
  patch?: string | undefined;
}

/** At most this many pages of 100 files are read: GitHub itself lists 3,000 files at most. */
const MAX_FILE_PAGES = 3;

/** The pull request's changed files, at most 300, and whether there were more. */
export async function listChangedFiles(
  octokit: Octokit,
  repository: Repository,
  number: number,
): Promise<{ files: ChangedFile[]; more: boolean }> {
  const files: ChangedFile[] = [];
  let pages = 0;
  let more = false;
  for await (const page of octokit.paginate.iterator(octokit.rest.pulls.listFiles, {
    ...repository,
    pull_number: number,
    per_page: 100,
  })) {
    files.push(...page.data.map(changedFile));
    if (++pages >= MAX_FILE_PAGES) {
      more = page.data.length === 100;
      break;
    }
  }
  return { files, more };
}

/** Only the fields of ChangedFile: GitHub's file has many more (its links, its sha). */
function changedFile({ filename, status, additions, deletions, patch }: ChangedFile): ChangedFile {
  return { filename, status, additions, deletions, patch };
}

/** What changed between two commits: the commits (oldest first) and the files, as GitHub compares them. */
export interface Range {
  base: string;
  head: string;
  /** First line of each message, at most 250 commits (GitHub's own cap on one compare page). */
  commits: { sha: string; subject: string }[];
  totalCommits: number;
  files: ChangedFile[];
}

/** `base...head`, one page: GitHub answers up to 250 commits and 300 files, which is more than a prompt takes. */
export async function compareRange(
  octokit: Octokit,
  repository: Repository,
  base: string,
  head: string,
): Promise<Range> {
  const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
    ...repository,
    basehead: `${base}...${head}`,
    per_page: 100,
  });
  return {
    base,
    head,
    commits: data.commits.map((commit) => ({
      sha: commit.sha,
      subject: (commit.commit.message.split('\n', 1)[0] ?? '').slice(0, 200),
    })),
    totalCommits: data.total_commits,
    files: (data.files ?? []).map(changedFile),
  };
}

/** A comment on an issue or pull request; returns its address. */
export async function commentOn(
  octokit: Octokit,
  repository: Repository,
  number: number,
  body: string,
): Promise<string> {
  const { data } = await octokit.rest.issues.createComment({ ...repository, issue_number: number, body });
  return data.html_url;
}

export async function closePullRequest(octokit: Octokit, repository: Repository, number: number): Promise<void> {
  await octokit.rest.pulls.update({ ...repository, pull_number: number, state: 'closed' });
}

export async function reopenPullRequest(octokit: Octokit, repository: Repository, number: number): Promise<void> {
  await octokit.rest.pulls.update({ ...repository, pull_number: number, state: 'open' });
}

/**
 * Draft and ready for review exist only in GraphQL. `draft: true` converts the pull request to a
 * draft, `false` marks it ready for review.
 */
export async function setDraft(octokit: Octokit, nodeId: string, draft: boolean): Promise<void> {
  const mutation = draft
    ? 'mutation($id: ID!) { convertPullRequestToDraft(input: {pullRequestId: $id}) { pullRequest { isDraft } } }'
    : 'mutation($id: ID!) { markPullRequestReadyForReview(input: {pullRequestId: $id}) { pullRequest { isDraft } } }';
  await octokit.graphql(mutation, { id: nodeId });
}
