import { errorMessage } from '../base/errors.ts';
import { markAwaiting } from '../github/awaiting-release.ts';
import { commentOn, type PullRequest } from '../github/pull-requests.ts';
import { sameRepository } from '../github/docs-pr-trust.ts';
import { markDocsPull } from '../step/backlog.ts';
import type { FollowContext } from './context.ts';
import { docsAccess, said, settleDocs, signedDocs, type Looked, type Settled, type Vetted } from './docs-pull.ts';
import { check } from './write.ts';

/**
 * The code pull request closed: with `ready-when: released` and a merge, the docs pull request waits
 * for a release (waitForRelease); otherwise it is settled as always (docs-pull.ts, `settleDocs`).
 */
export async function settleOrWait(
  context: FollowContext,
  link: string,
  vetted: Vetted,
  drafted: boolean,
  code: Pick<PullRequest, 'url' | 'headSha' | 'merged' | 'mergeSha'>,
): Promise<Settled> {
  const found = await signedDocs(context, link, vetted);
  if (!code.merged || context.follow.release.readyWhen !== 'released') {
    return settleDocs(context, link, found, code.merged, drafted, code.url);
  }
  return waitForRelease(context, link, found, { ...code, jobId: vetted.job.id });
}

/**
 * `ready-when: released` at the merge: the docs pull request stays a draft, is told which commit a
 * release must contain, and joins the awaiting-release index (github/awaiting-release.ts) that the
 * release run and the sweep read; the head's Docs check says it waits. A docs pull request someone
 * marked ready by hand (or closed) is left as it is: a person decided.
 */
async function waitForRelease(
  context: FollowContext,
  link: string,
  found: Looked,
  code: Pick<PullRequest, 'url' | 'headSha' | 'mergeSha'> & { jobId: string },
): Promise<Settled> {
  const { deps, repository, number } = context;
  const { log } = deps.runner;
  if ('problem' in found)
    return said(false, `The code merged; the docs pull request cannot wait for a release: ${found.problem}.`);
  const { octokit, docs, read: pull } = found;
  try {
    if (pull.state === 'closed') return said(true, 'The code merged; the docs pull request is closed: left as it is.');
    if (!pull.draft)
      return said(true, 'The code merged; the docs pull request was marked ready by hand: left as it is.');
    // The code pull request as read under the lock (close.ts): its merge commit with it.
    if (!code.mergeSha)
      return said(false, 'The code merged, but GitHub gave no merge commit yet: a re-run of this run retries.');
    const short = code.mergeSha.slice(0, 7);
    // The release finds it by its signed line (the pairing) and this label (the index).
    await markDocsPull(docsAccess(context), link, { number, pull: true, jobId: code.jobId }, {}, found);
    await markAwaiting(octokit, docs, found.number);
    await commentOn(
      octokit,
      docs,
      found.number,
      `The code pull request ${code.url} was merged. These docs stay a draft until a published release contains ` +
        `commit ${short}; then they are marked ready for review.`,
    );
    if (!sameRepository(docs, repository)) {
      log.notice(
        `The release run looks for waiting docs pull requests in 'docs-repository': set it to ` +
          `${docs.owner}/${docs.repo}, with a 'docs-token' that may write there.`,
      );
    }
    const title = `docs PR #${found.number}, waiting for a release`;
    await check(context, code.headSha, {
      title,
      summary: `The code merged as ${short}. The docs pull request is marked ready for review when a published release contains it.`,
      conclusion: 'success',
    });
    return said(true, `The code merged: the docs pull request waits for a release that contains commit ${short}.`);
  } catch (error) {
    log.warning(`Could not keep the docs pull request ${link} waiting for a release: ${errorMessage(error)}`);
    return said(
      false,
      `The code merged; keeping the docs pull request waiting failed: ${errorMessage(error).slice(0, 200)}`,
    );
  }
}
