import { errorMessage } from '../base/errors.ts';
import { closePullRequest, commentOn, reopenPullRequest, setDraft } from '../github/pull-requests.ts';
import type { JobFacts } from '../github/docs-pr-trust.ts';
import type { Job } from '../service/client.ts';
import { ourDocsPull, vetJobLink, type DocsAccess, type DocsPull } from '../step/backlog.ts';
import type { FollowContext } from './context.ts';

/** What was done to the docs pull request, in one line for the thread, and whether it is done. */
export type Settled = { done: boolean; line: string };
export const said = (done: boolean, line: string): Settled => ({ done, line });

/** What reaches the docs repository from a followed pull request (step/backlog.ts). */
export function docsAccess(context: FollowContext): DocsAccess {
  return {
    octokit: context.octokit,
    repository: context.repository,
    key: context.settings.apiKey,
    docsToken: context.follow.docsToken,
    timeoutMs: context.settings.timeoutMs,
    step: context.deps,
  };
}

/**
 * The job as follow mode reports it (the check, the thread, the outputs), the waiting run's and the
 * sweep's alike: a link the one check refuses is named as text with its reason, never as the docs
 * pull request (step/docs-access.ts `vetJobLink`, as agent mode).
 */
export function vetFollowedJob(context: FollowContext, job: Job): Promise<Vetted> {
  return vetJobLink(docsAccess(context), job, { number: context.number, pull: true }, context.deps.runner.log);
}

/** A job as vetted, with the docs pull request the check read when it accepted it: acted on without a second read. */
export type Vetted = { job: Job; docs?: Found };
type Found = Extract<DocsPull, { ok: true }>;
export type Looked = Found | { problem: string };

/** What a close or a reopen acts on: the vetted read when it carries the signed line they need, else the check again. */
export async function signedDocs(context: FollowContext, link: string, { job, docs }: Vetted): Promise<Looked> {
  return docs?.signed ? docs : docsPull(context, link, job.id);
}

/**
 * The docs pull request `link` names and a client that may write to it, when the one check
 * (step/docs-access.ts) says it is this job's; otherwise why not. A failed read is a reason too.
 */
export async function docsPull(context: FollowContext, link: string, jobId: string, job?: JobFacts): Promise<Looked> {
  try {
    const pull = await ourDocsPull(docsAccess(context), link, { number: context.number, jobId, pull: true }, job);
    if (pull.ok) return pull;
    return {
      problem: pull.noToken
        ? "no token here may write to it: set 'docs-token' to have this done"
        : `it ${pull.problem}`,
    };
  } catch (error) {
    return { problem: `reading it failed: ${errorMessage(error).slice(0, 200)}` };
  }
}

/**
 * Draft until merged: converts the docs pull request to a draft while the code pull request is open,
 * so nobody merges docs for code that is not merged. Returns whether it is a draft by this action's
 * hand now. A token that cannot is no failure: the docs pull request stays as it is, with a notice.
 */
export async function draftDocs(context: FollowContext, link: string, found: Looked): Promise<boolean> {
  const { log } = context.deps.runner;
  if ('problem' in found) {
    log.notice(
      `The docs pull request ${link} is not kept a draft: ${found.problem} ` + `(or set 'draft-until-merged: false').`,
    );
    return false;
  }
  const { octokit, read: pull } = found;
  try {
    if (pull.draft || pull.state === 'closed') return pull.draft === true;
    await setDraft(octokit, pull.node_id, true);
    log.info(`The docs pull request ${link} is a draft until the code pull request merges.`);
    return true;
  } catch (error) {
    log.warning(`Could not make the docs pull request ${link} a draft: ${errorMessage(error)}`);
    return false;
  }
}

/**
 * The code pull request closed: the docs pull request is closed with a comment that links it, or,
 * when it merged, told so and marked ready for review when this action had made it a draft. Returns
 * the line for the thread: what was done, or what someone with access should do.
 */
export async function settleDocs(
  context: FollowContext,
  link: string,
  found: Looked,
  merged: boolean,
  drafted: boolean,
  codeUrl: string,
): Promise<Settled> {
  // The link is in the thread's headline (a checked pull request link); these lines are words only.
  const todo = merged
    ? 'The code merged: the docs pull request can be reviewed and merged.'
    : 'The code pull request was closed without merging: the docs pull request can be closed.';
  if ('problem' in found) return said(false, `${todo} (Nothing was done to it: ${found.problem}.)`);
  const { octokit, docs, number } = found;
  try {
    if (merged) {
      await commentOn(octokit, docs, number, `The code pull request ${codeUrl} was merged.`);
      // A comment leaves the draft as the check read it.
      if (drafted && found.read.draft) await setDraft(octokit, found.read.node_id, false);
      const done = drafted ? 'is marked ready for review' : 'is told so';
      return said(true, `The code merged: the docs pull request ${done}.`);
    }
    await commentOn(
      octokit,
      docs,
      number,
      `The code pull request ${codeUrl} was closed without merging, so these docs are closed too.`,
    );
    await closePullRequest(octokit, docs, number);
    return said(true, 'The code pull request was closed without merging: the docs pull request is closed.');
  } catch (error) {
    context.deps.runner.log.warning(`Could not update the docs pull request ${link}: ${errorMessage(error)}`);
    return said(false, `${todo} (Updating it failed: ${errorMessage(error).slice(0, 200)})`);
  }
}

/**
 * The code pull request was reopened after this action closed its docs pull request (closed
 * unmerged): the docs pull request is reopened with a comment that links it, so the job's next
 * follow-ups land on it again. A docs pull request merged or deleted meanwhile stays as it is.
 * Returns the line for the thread, and whether the docs are open again.
 */
export async function reopenDocs(
  context: FollowContext,
  link: string,
  vetted: Vetted,
  codeUrl: string,
): Promise<Settled> {
  const found = await signedDocs(context, link, vetted);
  const reopened = 'The code pull request was reopened';
  if ('problem' in found) {
    return said(
      false,
      `${reopened}: the docs pull request can be reopened. (Nothing was done to it: ${found.problem}.)`,
    );
  }
  const { octokit, docs, number, read: pull } = found;
  try {
    if (pull.merged) return said(true, `${reopened}; its docs pull request was merged meanwhile.`);
    if (pull.state === 'closed') {
      await reopenPullRequest(octokit, docs, number);
      await commentOn(
        octokit,
        docs,
        number,
        `The code pull request ${codeUrl} was reopened, so these docs are reopened too.`,
      );
    }
    return said(true, `${reopened}: so is the docs pull request.`);
  } catch (error) {
    context.deps.runner.log.warning(`Could not reopen the docs pull request ${link}: ${errorMessage(error)}`);
    return said(false, `${reopened}; reopening the docs pull request failed: ${errorMessage(error).slice(0, 200)}`);
  }
}
