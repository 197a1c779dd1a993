import { errorMessage } from '../base/errors.ts';
import { CANCELLED_STATUS, SKIPPED_STATUS } from '../base/constants.ts';
import { getsSecrets, type GitHubEvent } from '../github/event.ts';
import { checkPermission } from '../github/permissions.ts';
import { ProgressComments } from '../github/progress-comment.ts';
import { readPullRequest } from '../github/pull-requests.ts';
import { productionDependencies, type Dependencies } from '../step/deps.ts';
import {
  maskServiceSecrets,
  missingApiKey,
  missingGitHubToken,
  readServiceSettings,
  type InputProblems,
} from '../step/inputs.ts';
import type { Runner } from '../step/runner.ts';
import type { StepRecord } from '../step/state.ts';
import type { Timings } from '../step/timings.ts';
import { forMarkdown, forOutput } from '../text/text-gate.ts';
import { decidePullEvent, type PullDecision } from './decide.ts';
import { reopenDocs, settleDocs } from './docs-pull.ts';
import { followRound, type FollowContext, type Round } from './follow.ts';
import { readFollowSettings } from './inputs.ts';
import { lockPull, STALE_GRACE_MS } from './lock.ts';
import { findThread } from './thread.ts';
import { check, say } from './write.ts';
import { IssueThread } from '../github/thread.ts';
import { readBacklogSettings } from '../step/backlog-inputs.ts';
import { refusedOverBacklog } from './backlog.ts';

/** How many rounds one run plays at most: pushes that keep coming are the next run's. */
const MAX_ROUNDS = 5;

/**
 * Follow mode (`pull-requests: follow`) on a pull request event: one docs job per pull request for
 * its whole life. `problems`: input errors found before (routing inputs), named with these.
 */
export async function runFollow(
  step: { runner: Runner; record: StepRecord; timings: Timings; signal: AbortSignal },
  event: GitHubEvent,
  problems: InputProblems,
): Promise<void> {
  maskServiceSecrets();
  const follow = readFollowSettings(problems);
  const backlog = readBacklogSettings(problems);
  // The trigger rules of agent mode (a prompt, a phrase) are not this mode's: the service's own.
  const settings = readServiceSettings(problems);
  const deps = productionDependencies(settings, step);
  const decision = decidePullEvent(event, follow);
  const { runner, record } = step;
  if (decision.kind === 'ignore') {
    record.writeOutputs({ status: SKIPPED_STATUS });
    runner.log.notice(`Nothing to do: ${decision.reason}.`);
    return;
  }
  // A fork's run has no secrets: a skip with a notice, never an input error.
  if (!(decision.kind === 'skip' && !settings.apiKey)) problems.throwIfAny();
  if (!settings.githubToken) {
    throw missingGitHubToken('following a pull request needs it (comments, checks)');
  }
  const octokit = await deps.octokit();
  const issue = new IssueThread(
    octokit,
    { ...event.repository, issueNumber: decision.number },
    deps.runner.log,
    settings.apiKey,
  );
  const context: FollowContext = {
    settings,
    follow,
    deps,
    octokit,
    repository: event.repository,
    number: decision.number,
    scope: issue.scope,
    issue,
  };
  if (decision.kind === 'skip') {
    // A fork's token may not write checks: its run is told in the log only.
    if (getsSecrets(event))
      await check(context, decision.headSha, {
        title: `skipped: ${decision.reason}`,
        summary: `Not followed: ${decision.reason}.`,
        conclusion: 'neutral',
      });
    record.writeOutputs({ status: SKIPPED_STATUS, message: forOutput(`skipped: ${decision.reason}`) });
    runner.log.notice(`Skipped: ${decision.reason}.`);
    return;
  }
  if (!settings.apiKey) throw missingApiKey();
  if (decision.kind === 'close') return closeFollowed(context, decision);

  // Who may spend the quota: the pull request's author, whoever pushed or labelled.
  const pull = await readPullRequest(octokit, event.repository, decision.number);
  const verdict = await checkPermission(octokit, event.repository, pull.author, settings);
  if (!verdict.allowed) {
    const reason = `not started for ${pull.author.login}: ${verdict.reason}`;
    await check(context, pull.headSha, {
      title: `skipped: ${reason}`,
      summary: `${reason}. A \`/docs\` comment by a maintainer starts it.`,
      conclusion: 'neutral',
    });
    if (settings.replyOnRefusal) {
      await new ProgressComments(
        octokit,
        { ...event.repository, issueNumber: decision.number },
        runner.log,
        settings.apiKey,
      ).refuse(pull.author.login, `${verdict.reason}; a \`/docs\` comment by a maintainer starts it`);
    }
    record.writeOutputs({ status: SKIPPED_STATUS, message: forOutput(`skipped: ${reason}`) });
    runner.log.notice(`Skipped: ${reason}.`);
    return;
  }
  // The docs pull request backlog (pulls/backlog.ts): at max-open-docs-prs no first job starts.
  if (await refusedOverBacklog(context, backlog, pull, check)) return;
  await reopenClosedDocs(context, pull.url);
  if (decision.before) await supersede(context, decision.before, decision.headSha);
  const round = await followWhileHeld(context, decision.headSha);
  await report(round, deps);
}

/**
 * A pull request followed again after this action closed its docs pull request (the code was
 * closed unmerged, then reopened): the docs pull request is reopened first, and the thread's record
 * says it is open again, so a later close settles it once more.
 */
async function reopenClosedDocs(context: FollowContext, codeUrl: string): Promise<void> {
  const thread = await findThread(context.issue);
  if (!thread.jobId || thread.state.closed !== 'closed') return;
  const { deps } = context;
  const job = await deps.client.getJob(thread.jobId, undefined, deps.signal);
  const reopened = job.prLink
    ? await reopenDocs(context, job.prLink, codeUrl, job.id)
    : { done: true, line: 'The code pull request was reopened.' };
  if (reopened.done) thread.state = { ...thread.state, closed: '' };
  const link = job.prLink ? ` <${job.prLink}>` : '';
  await say(context, thread, {
    headline: `🔁 **Docs:** the code pull request was reopened.${link}`,
    lines: [forMarkdown(reopened.line, 600)],
  });
  deps.runner.log.info(reopened.line);
}

/** The previous head's check, still in progress, is completed: its head is no longer the pull request's. */
async function supersede(context: FollowContext, before: string, head: string): Promise<void> {
  const { findChecks } = await import('../github/checks.ts');
  try {
    const { octokit, repository, follow, settings } = context;
    const running = (await findChecks(octokit, repository, before, follow.checkName, settings.apiKey)).filter(
      (found) => found.status !== 'completed',
    );
    for (const found of running.slice(0, 5)) {
      await check(
        context,
        before,
        {
          title: 'superseded by a newer head',
          summary: `The pull request moved on to ${head}; the docs follow it there.`,
          conclusion: 'neutral',
        },
        found.id,
      );
    }
  } catch (error) {
    context.deps.runner.log.warning(`Could not complete the check of ${before.slice(0, 12)}: ${errorMessage(error)}`);
  }
}

/**
 * Rounds under the pull request's lock until the job knows the head, then lets go and looks once
 * more: a push that came while the lock was held was folded into this run's work by the run that
 * found the lock taken.
 */
async function followWhileHeld(context: FollowContext, headSha: string): Promise<Round | undefined> {
  const { deps, octokit, repository, number, settings } = context;
  const { log } = deps.runner;
  let last: Round | undefined;
  for (let rounds = 0; rounds < MAX_ROUNDS;) {
    const lock = await lockPull(context.issue, settings.timeoutMs + STALE_GRACE_MS, () => deps.clock.now());
    if (!lock.held) {
      if (last) return last;
      log.notice(
        `Another run is bringing the docs of #${number} up to date (since ${lock.since}): this push is folded into its next follow-up.`,
      );
      await check(context, headSha, {
        title: 'queued: folded into the next follow-up',
        summary: 'Another run holds the job of this pull request; it sends this head when its current round ends.',
      });
      return undefined;
    }
    // Recorded for the post step, which lets go of it should this run be killed holding it.
    if (lock.id !== undefined) deps.record.saveLock({ issueNumber: number, reactionId: lock.id });
    try {
      // Every round counts, also across letting go and taking the lock again: pushes that keep
      // coming are the next run's, never an endless run.
      while (rounds < MAX_ROUNDS) {
        rounds++;
        last = await followRound(context);
        if (last.stop || deps.signal.aborted) return last;
        const now = await readPullRequest(octokit, repository, number);
        if (now.state === 'closed' || !(await moved(context, now.headSha))) break;
        log.info(`The pull request moved on to ${now.headSha.slice(0, 12)} meanwhile: sending that too.`);
      }
    } finally {
      await lock
        .release()
        .then(() => deps.record.saveLock(undefined))
        .catch((error: unknown) => log.warning(`Could not let go of the pull request's 👀: ${errorMessage(error)}`));
    }
    const after = await readPullRequest(octokit, repository, number);
    if (after.state === 'closed' || !(await moved(context, after.headSha))) return last;
  }
  return last;
}

/** Whether the head is one the job was not told about. */
async function moved(context: FollowContext, head: string): Promise<boolean> {
  const thread = await findThread(context.issue);
  return !!thread.jobId && thread.state.head !== head;
}

/** The code pull request closed: settle the docs pull request once, and say so on the thread. */
async function closeFollowed(
  context: FollowContext,
  decision: Extract<PullDecision, { kind: 'close' }>,
): Promise<void> {
  const { deps, octokit, repository, number } = context;
  const { runner, record } = deps;
  const thread = await findThread(context.issue);
  if (!thread.jobId) {
    record.writeOutputs({ status: SKIPPED_STATUS });
    runner.log.notice(`Nothing to do: pull request #${number} has no docs job.`);
    return;
  }
  if (thread.state.closed) {
    record.writeOutputs({ status: SKIPPED_STATUS, jobId: thread.jobId });
    runner.log.notice(`The docs of #${number} were settled already (${thread.state.closed}).`);
    return;
  }
  const job = await deps.client.getJob(thread.jobId, undefined, deps.signal);
  const pull = await readPullRequest(octokit, repository, number);
  const settled = job.prLink
    ? await settleDocs(context, job.prLink, decision.merged, thread.state.drafted, pull.url, job.id)
    : { done: true, line: 'The job opened no docs pull request: nothing to close.' };
  if (settled.done) thread.state = { ...thread.state, closed: decision.merged ? 'merged' : 'closed' };
  const link = job.prLink ? ` <${job.prLink}>` : '';
  await say(context, thread, {
    headline: `${decision.merged ? '🔀' : '🚫'} **Docs:** ${decision.merged ? 'the code merged' : 'the code pull request was closed'}.${link}`,
    lines: [forMarkdown(settled.line, 600)],
  });
  record.writeOutputs({
    status: job.status,
    jobId: job.id,
    prLink: job.prLink ?? undefined,
    prNumber: job.prNumber,
    message: forOutput(settled.line),
  });
  runner.log.info(settled.line);
}

async function report(round: Round | undefined, deps: Dependencies): Promise<void> {
  const { runner, record } = deps;
  if (!round) {
    record.writeOutputs({ status: SKIPPED_STATUS, message: 'queued: folded into the next follow-up' });
    return;
  }
  const { job, verdict } = round;
  const status =
    deps.signal.aborted && !job
      ? CANCELLED_STATUS
      : (job?.status ?? (verdict.conclusion === 'failure' ? 'error' : SKIPPED_STATUS));
  record.writeOutputs({
    status,
    jobId: job?.id,
    prLink: job?.prLink ?? undefined,
    prNumber: job?.prNumber,
    message: forOutput(verdict.line),
  });
  const link = job?.prLink ? ` ${job.prLink}` : '';
  await runner
    .summary()
    .addHeading('Docs', 3)
    .addRaw(`${forMarkdown(verdict.line)}${link}`, true)
    .write()
    .catch((error: unknown) => runner.log.warning(`Could not write the job summary: ${errorMessage(error)}`));
  if (verdict.conclusion === 'failure') runner.setFailed(`Docs: ${verdict.line}`);
  else runner.log.notice(`Docs: ${verdict.line}`);
}
