import { errorMessage } from '../base/errors.ts';
import {
  clearAwaiting,
  enableAutoMerge,
  listAwaiting,
  tagContains,
  type Awaiting,
  type Release,
} from '../github/awaiting-release.ts';
import { readPullRequest, commentOn, setDraft, type Repository } from '../github/pull-requests.ts';
import type { Octokit } from '../github/octokit.ts';
import type { AgentClient } from '../service/client.ts';
import { forLog, forMarkdown } from '../text/text-gate.ts';
import { docsClient, type DocsAccess } from './backlog.ts';
import type { ReleaseSettings } from './release-inputs.ts';

/**
 * Docs that ship with the release: the docs pull requests waiting for a release
 * (github/awaiting-release.ts) whose code's merge commit a published release's tag contains are
 * marked ready for review, told which release with a link, and, with `auto-merge`, set to merge.
 * Shared by the release mode (one release, from its event) and the sweep (the releases published
 * since, for a release no run listened to). The service is asked nothing but, with
 * `release-follow-up: true`, one follow-up per released job.
 */

/** One waiting docs pull request's line in the run's summary and log. */
export interface ReleasedRow {
  /** ready: marked ready now. waiting: no release here contains it yet. left: closed by hand, index cleared. error: see detail. */
  kind: 'ready' | 'waiting' | 'left' | 'error';
  docs: string;
  /** One line, inert for markdown. */
  detail: string;
}

export interface ReleaseResult {
  rows: ReleasedRow[];
  /** More were waiting than one run looks at. */
  truncated: boolean;
  /** Why nothing was looked at (no token for the docs repository, a failed list). */
  skipped?: string;
}

export interface ReleaseOptions {
  settings: ReleaseSettings;
  /** Where the docs pull requests are (`docs-repository`); undefined: this repository. */
  docsRepository: Repository | undefined;
  /** The service, asked only with `release-follow-up: true`: the one follow-up a released job gets. */
  client: Pick<AgentClient, 'sendMessage'>;
}

/**
 * Marks ready every waiting docs pull request of this repository's code that one of `releases` (oldest
 * first) contains. `releases` not yet published, drafts, and prereleases without `include-prereleases`
 * must be left out by the caller.
 */
export async function releaseWaiting(
  access: DocsAccess,
  releases: readonly Release[],
  options: ReleaseOptions,
): Promise<ReleaseResult> {
  const { log } = access.step.runner;
  const docs = options.docsRepository ?? access.repository;
  const name = `${docs.owner}/${docs.repo}`;
  const octokit = await docsClient(access, docs);
  if (!octokit) {
    const skipped = `no token here may write to ${name}: set 'docs-token' to mark its docs pull requests ready`;
    log.warning(`No docs pull request was released: ${skipped}.`);
    return { rows: [], truncated: false, skipped };
  }
  let listed: { items: Awaiting[]; truncated: boolean };
  try {
    listed = await listAwaiting(octokit, docs, access.key);
  } catch (error) {
    const skipped = `listing the docs pull requests of ${name} waiting for a release failed: ${errorMessage(error)}`;
    log.warning(`No docs pull request was released: ${forLog(skipped)}`);
    return { rows: [], truncated: false, skipped: forMarkdown(skipped, 300) };
  }
  const here = `${access.repository.owner}/${access.repository.repo}`.toLowerCase();
  const rows: ReleasedRow[] = [];
  const warned = { autoMerge: false };
  for (const item of listed.items) {
    if (access.step.signal.aborted) return { rows, truncated: true };
    // A label without this action's signed line was put on by hand: it leaves the index, or it
    // would take a place of the 100 in every run.
    if (!item.request?.pull) {
      await clearAwaiting(octokit, docs, item.number).catch((error: unknown) =>
        log.warning(`Could not take the awaiting-release label off ${item.url}: ${errorMessage(error)}`),
      );
      continue;
    }
    // Another repository's code (a docs repository shared by several): its own releases decide.
    if (item.request.repository.toLowerCase() !== here) continue;
    try {
      rows.push(await releaseOne(access, octokit, docs, item, releases, options, warned));
    } catch (error) {
      log.warning(`Could not release the docs pull request ${item.url}: ${errorMessage(error)}`);
      rows.push({ kind: 'error', docs: item.url, detail: forMarkdown(errorMessage(error), 200) });
    }
  }
  if (listed.truncated) {
    log.notice(
      `More docs pull requests wait for a release than one run reads: the ${listed.items.length} least recently ` +
        `updated were looked at; those marked ready leave the index, so the next run reads further.`,
    );
  }
  return { rows, truncated: listed.truncated };
}

async function releaseOne(
  access: DocsAccess,
  octokit: Octokit,
  docs: Repository,
  item: Awaiting,
  releases: readonly Release[],
  options: ReleaseOptions,
  warned: { autoMerge: boolean },
): Promise<ReleasedRow> {
  const { log } = access.step.runner;
  const request = item.request!;
  if (item.state === 'closed') {
    // Closed or merged by hand while it waited: the person's call stands; only the index forgets it.
    await clearAwaiting(octokit, docs, item.number);
    return { kind: 'left', docs: item.url, detail: 'closed by hand while it waited: left as it is' };
  }
  const merge = await readPullRequest(access.octokit, access.repository, request.number);
  if (!merge.merged || !merge.mergeSha) {
    await clearAwaiting(octokit, docs, item.number);
    return { kind: 'left', docs: item.url, detail: `#${request.number} is not merged: nothing to wait for` };
  }
  const release = await firstContaining(access, merge, releases);
  if (!release) {
    return { kind: 'waiting', docs: item.url, detail: `no release here contains ${merge.mergeSha.slice(0, 7)} yet` };
  }
  const pull = await readPullRequest(octokit, docs, item.number);
  if (pull.draft) await setDraft(octokit, pull.nodeId, false);
  const tag = forMarkdown(release.tag, 100);
  // The tag passed its grammar at the door (awaiting-release.ts `releaseOf`); markdown gets its gated form all the same.
  const named = release.url ? `[${tag}](${release.url})` : tag;
  await commentOn(
    octokit,
    docs,
    item.number,
    `Released in ${named}: it contains the code pull request ${merge.url} (commit ${merge.mergeSha.slice(0, 7)}), ` +
      `so these docs are ready for review.`,
  );
  await clearAwaiting(octokit, docs, item.number);
  log.info(`Released in ${forLog(release.tag, 100)}: ${item.url} is ready for review.`);
  if (options.settings.autoMerge) {
    try {
      await enableAutoMerge(octokit, pull.nodeId);
    } catch (error) {
      // Once per run: a repository that does not allow auto-merge says so for every pull request.
      if (!warned.autoMerge)
        log.warning(
          `Could not enable auto-merge on ${item.url} (the docs repository must allow auto-merge, and the ` +
            `token needs 'pull-requests: write'): ${errorMessage(error)}`,
        );
      warned.autoMerge = true;
    }
  }
  if (options.settings.releaseFollowUp) {
    const text = `The code of this job was released in ${release.tag}.`;
    await options.client
      .sendMessage(request.jobId, text, access.step.signal)
      .catch((error: unknown) =>
        log.warning(`Could not tell job ${request.jobId} about the release: ${errorMessage(error)}`),
      );
  }
  return { kind: 'ready', docs: item.url, detail: `released in ${tag}` };
}

/**
 * The oldest release whose tag contains the merge commit. Releases published before the merge are
 * not asked (their tag cannot hold it unless it moved: a moved tag is judged where it points now).
 */
async function firstContaining(
  access: DocsAccess,
  merge: { mergeSha: string; mergedAt: string },
  releases: readonly Release[],
): Promise<Release | undefined> {
  for (const release of releases) {
    if (merge.mergedAt && release.publishedAt && release.publishedAt < merge.mergedAt) continue;
    if (await tagContains(access.octokit, access.repository, merge.mergeSha, release.tag)) return release;
  }
  return undefined;
}
