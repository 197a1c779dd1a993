import { ServiceError, errorMessage } from '../base/errors.ts';
import { findChecks, writeCheck, type CheckView } from '../github/checks.ts';
import { compareRange, listChangedFiles, readPullRequest, type PullRequest } from '../github/pull-requests.ts';
import type { Job, Session } from '../service/client.ts';
import { sendOnce } from '../service/send-once.ts';
import { isTerminal, readJob, waitForJob } from '../service/wait.ts';
import { forMarkdown } from '../text/text-gate.ts';
import type { FollowSettings } from './inputs.ts';
import { followUpPrompt, openingPrompt } from './prompt.ts';
import { findThread, renderThread, writeThread, type Thread, type ThreadView } from './thread.ts';
import { failedVerdict, verdictOf, type Verdict } from './verdict.ts';
import { draftDocs } from './docs-pull.ts';
import { planLines } from './plan-view.ts';
import type { FollowContext } from './context.ts';
import { markFollowedDocs } from './backlog.ts';

export type { FollowContext } from './context.ts';

/** How a round of the job ended for this run. */
export interface Round {
  job: Job | undefined;
  verdict: Verdict;
  /** The run was cancelled or stopped waiting: the check stays in progress. */
  interrupted: boolean;
  /** The pull request is no longer followed now (closed, draft, label, budget): nothing more to send. */
  stop: boolean;
}

/** The key of a followed pull request in the progress marker's request keys. */
export function followKey(number: number): string {
  return `i${number}`;
}

/**
 * One round: read the pull request and its thread, bring the job up to date with the head (create
 * it, send the range since the last head it was told about, or take up the job already told about
 * it), wait for it, and report on the head's check and the thread.
 */
export async function followRound(context: FollowContext): Promise<Round> {
  const { octokit, repository, number, follow, deps } = context;
  const { log } = deps.runner;
  const pull = await readPullRequest(octokit, repository, number);
  const skip = pausedBecause(pull, follow);
  if (skip) {
    await check(context, pull.headSha, {
      title: `skipped: ${skip}`,
      summary: `Not followed now: ${skip}.`,
      conclusion: 'neutral',
    });
    return {
      job: undefined,
      verdict: { line: `skipped: ${skip}`, conclusion: 'neutral' },
      interrupted: false,
      stop: true,
    };
  }
  const thread = await findThread(context.issue);
  const checkId = await check(context, pull.headSha, working('Bringing the docs up to date with this head.'));
  let job: Job;
  try {
    if (!thread.jobId) {
      const files = await listChangedFiles(octokit, repository, number);
      job = await send(context, 'Creating the job', () =>
        deps.client.createJob(openingPrompt(repository, pull, files), undefined, deps.signal),
      );
      log.info(`Created job ${job.id} for pull request #${number} at ${pull.headSha.slice(0, 12)}.`);
      Object.assign(thread, { jobId: job.id, state: { ...thread.state, head: pull.headSha } });
    } else if (thread.state.head !== pull.headSha) {
      if (thread.state.sent >= follow.maxFollowUps) return await behind(context, thread, pull, checkId);
      const base = thread.state.head || pull.baseSha;
      const range = await compareRange(octokit, repository, base, pull.headSha);
      const prompt = followUpPrompt(pull, range, thread.state.head !== '');
      job = await send(context, `Sending the follow-up to job ${thread.jobId}`, () =>
        deps.client.sendMessage(thread.jobId, prompt, undefined, deps.signal),
      );
      log.info(`Sent ${base.slice(0, 12)}...${pull.headSha.slice(0, 12)} to job ${job.id} as a follow-up.`);
      thread.state = { ...thread.state, head: pull.headSha, sent: thread.state.sent + 1 };
    } else {
      log.info(`Job ${thread.jobId} was told about ${pull.headSha.slice(0, 12)} already: taking it up.`);
      job = await readJob({
        client: deps.client,
        id: thread.jobId,
        tries: 3,
        delayMs: deps.timings.poll.minMs,
        deadline: deps.clock.now() + context.settings.timeoutMs,
        clock: deps.clock,
        log,
        signal: deps.signal,
      });
    }
  } catch (error) {
    const verdict = failedVerdict(refusal(error));
    await check(
      context,
      pull.headSha,
      { title: verdict.line, summary: forMarkdown(verdict.line), conclusion: 'failure' },
      checkId,
    );
    if (thread.jobId) await say(context, thread, { headline: `❌ **Docs:** ${forMarkdown(verdict.line)}` });
    return { job: undefined, verdict, interrupted: false, stop: true };
  }
  deps.record.saveJob(job.id);
  await say(context, thread, {
    headline: `⏳ **Docs:** the agent is updating the documentation for ${pull.headSha.slice(0, 12)}.`,
  });
  const result = await deps.runner.group('Wait for the job', () =>
    waitForJob({
      client: deps.client,
      job,
      deadline: context.follow.wait ? deps.clock.now() + context.settings.timeoutMs : deps.clock.now(),
      notFoundGraceMs: deps.timings.notFoundGraceMs,
      schedule: deps.timings.poll,
      clock: deps.clock,
      log,
      signal: deps.signal,
      onPoll: livePlan(context, pull.headSha, checkId, thread),
    }),
  );
  job = result.job;
  if (!isTerminal(job.status)) {
    // Cancelled or out of time: the job goes on; the next event on the pull request, or a re-run, completes the check.
    const pickUp =
      `The job goes on on the service. The next event on this pull request, or a re-run of this workflow run, ` +
      `completes this check; to follow it by hand, run the action with \`job-id: ${job.id}\`.`;
    await check(context, pull.headSha, { title: 'working: this run stopped waiting', summary: pickUp }, checkId);
    await say(context, thread, { headline: `⏳ **Docs:** this run stopped waiting. ${pickUp}` });
    return { job, verdict: { line: 'working', conclusion: undefined }, interrupted: true, stop: true };
  }
  const session = await readSession(context, job.id);
  const verdict = verdictOf(job, session);
  const drafted =
    job.prLink && follow.draftUntilMerged && !thread.state.drafted ? await draftDocs(context, job.prLink) : false;
  if (drafted) thread.state = { ...thread.state, drafted: true };
  if (job.prLink) await markFollowedDocs(context, job.prLink, job.id);
  const link = job.prLink ? ` <${job.prLink}>` : '';
  const summary = [`**${forMarkdown(verdict.line)}**${link}`, '', `Job \`${job.id}\`, told about ${pull.headSha}.`];
  await check(
    context,
    pull.headSha,
    { title: verdict.line, summary: summary.join('\n'), conclusion: verdict.conclusion },
    checkId,
  );
  await say(context, thread, {
    headline: `${verdict.conclusion === 'failure' ? '❌' : '✅'} **Docs:** ${forMarkdown(verdict.line)}${link}`,
    lines: [
      `Up to date with ${pull.headSha.slice(0, 12)}${drafted || thread.state.drafted ? '; the docs pull request stays a draft until this one merges' : ''}.`,
    ],
    message: session?.messageToUser,
  });
  return { job, verdict, interrupted: false, stop: false };
}

/**
 * While the job works, its plan on the head's check and in the thread, read at most every
 * `live.readEveryMs` and written only when it changed. Never throws: a failed read waits for the next.
 */
function livePlan(context: FollowContext, sha: string, checkId: number | undefined, thread: Thread) {
  const { deps } = context;
  let lastRead = deps.clock.now();
  let shown = '';
  return async (job: Job): Promise<void> => {
    if (deps.clock.now() - lastRead < deps.timings.live.readEveryMs || isTerminal(job.status)) return;
    lastRead = deps.clock.now();
    const lines = planLines(await readSession(context, job.id));
    const text = lines.join('\n');
    if (!text || text === shown) return;
    shown = text;
    await check(context, sha, working(text), checkId);
    await say(context, thread, {
      headline: `⏳ **Docs:** the agent is updating the documentation for ${sha.slice(0, 12)}.`,
      lines,
    });
  };
}

/** Why the pull request is not followed now, or undefined. */
function pausedBecause(pull: PullRequest, follow: FollowSettings): string | undefined {
  if (pull.state === 'closed') return 'the pull request is closed';
  if (pull.draft) return 'the pull request is a draft';
  const label = follow.skipLabel.toLowerCase();
  if (label && pull.labels.some((name) => name.toLowerCase() === label))
    return `the pull request has the '${follow.skipLabel}' label`;
  return undefined;
}

/** Past `max-follow-ups`: the head is not sent; its check says the docs may be behind it. */
async function behind(
  context: FollowContext,
  thread: Thread,
  pull: PullRequest,
  checkId: number | undefined,
): Promise<Round> {
  const line = `docs may be behind this head: the job got ${context.follow.maxFollowUps} follow-ups (max-follow-ups)`;
  const summary = `${line}. A \`/docs\` comment on the pull request asks the job again.`;
  await check(context, pull.headSha, { title: line, summary, conclusion: 'neutral' }, checkId);
  // The action's own words and a number it read: markdown as written, its code span included.
  await say(context, thread, { headline: `⚠️ **Docs:** ${summary}` });
  return { job: undefined, verdict: { line, conclusion: 'neutral' }, interrupted: false, stop: true };
}

function working(summary: string): CheckView {
  return { title: 'working', summary };
}

async function send(context: FollowContext, what: string, request: () => Promise<Job>): Promise<Job> {
  const { deps, settings } = context;
  return sendOnce(what, request, {
    deadline: deps.clock.now() + settings.timeoutMs,
    backoff: deps.timings.send,
    clock: deps.clock,
    log: deps.runner.log,
  });
}

/** A refusal of the service said as the reason, with the wait when the project's rate limit answered. */
function refusal(error: unknown): string {
  if (error instanceof ServiceError && error.status === 429) {
    const wait = error.retryAfterMs ? ` Try again in ${Math.ceil(error.retryAfterMs / 60_000)} min.` : '';
    return `the project's rate limit refused the request (HTTP 429).${wait}`;
  }
  return error instanceof ServiceError ? (error.publicMessage ?? error.message) : errorMessage(error);
}

async function readSession(context: FollowContext, jobId: string): Promise<Session | undefined> {
  try {
    return await context.deps.client.getSession(jobId, context.deps.timings.serviceRequestMs, context.deps.signal);
  } catch {
    return undefined;
  }
}

/** The head's check of this action: the one a run made there before (a re-run picks it up), or a new one. */
export async function check(
  context: FollowContext,
  sha: string,
  view: CheckView,
  known?: number,
): Promise<number | undefined> {
  const { octokit, repository, follow, deps } = context;
  try {
    const existing = known ?? (await findChecks(octokit, repository, sha, follow.checkName))[0]?.id;
    return await writeCheck(octokit, repository, sha, follow.checkName, { ...view, detailsUrl: deps.runUrl }, existing);
  } catch (error) {
    deps.runner.log.warning(
      `Could not write the '${follow.checkName}' check on ${sha.slice(0, 12)} (needs 'checks: write'): ${errorMessage(error)}`,
    );
    return known;
  }
}

/** Writes the thread's comment; a failure is a warning. */
export async function say(context: FollowContext, thread: Thread, view: ThreadView): Promise<void> {
  const { number, scope, deps } = context;
  try {
    const body = renderThread(thread, { ...view, runUrl: deps.runUrl }, scope, followKey(number));
    thread.commentId = await writeThread(context.issue, thread, body);
  } catch (error) {
    deps.runner.log.warning(
      `Could not write the progress comment on #${number} (needs 'pull-requests: write'): ${errorMessage(error)}`,
    );
  }
}
