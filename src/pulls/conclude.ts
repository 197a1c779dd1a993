// The two things said about a round of a followed pull request's job, each written from one place
// whoever says it: the waiting run (follow.ts) or the sweep (finisher.ts). The plan while
// the job works, and the end once it ended: the verdict on the check of the head the job was told
// about and in the thread, the docs pull request a draft until the code merges, the label off.
import { errorMessage } from '../base/errors.ts';
import { readPullRequest, type PullRequest } from '../github/pull-requests.ts';
import type { Job } from '../service/client.ts';
import { WORKING_SYMBOL } from '../outcome/words.ts';
import { forMarkdown } from '../text/text-gate.ts';
import type { FollowContext } from './context.ts';
import { markFollowedDocs } from './backlog.ts';
import { docsPull, draftDocs, type Vetted } from './docs-pull.ts';
import { planLines } from './plan-view.ts';
import type { Thread } from './thread.ts';
import { failedVerdict, verdictOf, type Verdict } from './verdict.ts';
import { check, flagInFlight, readSession, say, working } from './write.ts';

export function workingHeadline(head: string): string {
  return `${WORKING_SYMBOL} **Docs:** the agent is updating the documentation for ${head.slice(0, 12)}.`;
}

/**
 * The job's plan on the head's check and in the thread, written only when it differs from
 * `shown` (what the caller last saw written). Returns what is shown now; '' while the service
 * reports no plan (nothing is written then).
 */
export async function showPlan(
  context: FollowContext,
  thread: Thread,
  job: Job,
  head: string,
  checkId: number | undefined,
  shown: { check: string; comment: string },
): Promise<string> {
  const lines = planLines(await readSession(context, job.id));
  const text = lines.join('\n');
  if (!text) return '';
  if (text !== shown.check) await check(context, head, working(text), checkId);
  // The comment's plan is what lies between its headline and its footer; the footer names the run
  // that wrote it last, so it is not compared (each sweep is another run).
  if (!shown.comment.includes(`${workingHeadline(head)}\n\n${text}\n`)) {
    await say(context, thread, { headline: workingHeadline(head), lines });
  }
  return text;
}

/**
 * The end of a round, for a job that ended, as vetted (docs-pull.ts `vetFollowedJob`: a refused link
 * is text, never drafted or marked; the docs pull request read there is acted on): its verdict
 * (verdict.ts) concludes the check of `head` (the head the job was told about) and heads the
 * thread's comment; the docs pull request is a draft while `code` (read once the job ended;
 * undefined counts as open) is open (draft-until-merged); then the in-flight label comes off. The
 * caller holds the pull request (lock.ts), so one run or sweep at a time writes this.
 */
export async function concludeRound(
  context: FollowContext,
  thread: Thread,
  { job, docs }: Vetted,
  head: string,
  checkId: number | undefined,
  code: PullRequest | undefined,
): Promise<Verdict> {
  const { follow } = context;
  const session = await readSession(context, job.id);
  const verdict = verdictOf(job, session);
  const toDraft = !!job.prLink && follow.draftUntilMerged && !thread.state.drafted && code?.state !== 'closed';
  const found = toDraft && job.prLink && (docs ?? (await docsPull(context, job.prLink, job.id, job)));
  const drafted = found && job.prLink ? await draftDocs(context, job.prLink, found) : false;
  if (drafted) thread.state = { ...thread.state, drafted: true };
  if (job.prLink) await markFollowedDocs(context, job.prLink, job, docs);
  const link = job.prLink ? ` <${job.prLink}>` : '';
  const summary = [`**${forMarkdown(verdict.line)}**${link}`, '', `Job \`${job.id}\`, told about ${head}.`];
  await check(
    context,
    head,
    { title: verdict.line, summary: summary.join('\n'), conclusion: verdict.conclusion },
    checkId,
  );
  await say(context, thread, {
    headline: `${verdict.symbol} **Docs:** ${forMarkdown(verdict.line)}${link}`,
    lines: [
      `Up to date with ${head.slice(0, 12)}${thread.state.drafted ? '; the docs pull request stays a draft until this one merges' : ''}.`,
    ],
    message: session?.messageToUser,
  });
  await flagInFlight(context, false);
  return verdict;
}

/** The code pull request read afresh once its job ended; undefined (a warning) when the read failed. */
export async function readCode(context: FollowContext): Promise<PullRequest | undefined> {
  try {
    return await readPullRequest(context.octokit, context.repository, context.number);
  } catch (error) {
    context.deps.runner.log.warning(`Could not read pull request #${context.number}: ${errorMessage(error)}`);
    return undefined;
  }
}

/**
 * A round that failed before its job could end (the service refused the job, or no longer knows
 * it): the failed verdict on the head's check and, when the thread has a comment of the job, there.
 */
export function failRound(
  context: FollowContext,
  thread: Thread,
  head: string,
  checkId: number | undefined,
  why: string,
): Promise<Verdict> {
  return endRound(context, thread, head, checkId, failedVerdict(why));
}

/** A round that ended without a job to wait for: `verdict` on the head's check and, when the thread has a comment, there. */
export async function endRound(
  context: FollowContext,
  thread: Thread,
  head: string,
  checkId: number | undefined,
  verdict: Verdict,
): Promise<Verdict> {
  const line = forMarkdown(verdict.line);
  await check(
    context,
    head,
    { title: verdict.line, summary: line, conclusion: verdict.conclusion ?? 'failure' },
    checkId,
  );
  if (thread.jobId || thread.commentId !== undefined)
    await say(context, thread, { headline: `${verdict.symbol} **Docs:** ${line}` });
  return verdict;
}

/** What a pull request whose create may have reached the service says, wherever it is said. */
export const MAY_EXIST =
  'A docs job may exist: none is created again on its own; a `/docs new` comment on the pull request starts a fresh one.';

/** A create whose answer was lost: no second job; the check and the thread say so. */
export async function mayExist(
  context: FollowContext,
  thread: Thread,
  head: string,
  checkId: number | undefined,
): Promise<Verdict> {
  const line = 'skipped: a docs job may exist already';
  await check(context, head, { title: line, summary: MAY_EXIST, conclusion: 'neutral' }, checkId);
  await say(context, thread, { headline: `⚠️ **Docs:** ${MAY_EXIST}` });
  // No run can learn the job's end: nothing is left in flight for the sweep.
  await flagInFlight(context, false);
  return { line, conclusion: 'neutral' };
}
