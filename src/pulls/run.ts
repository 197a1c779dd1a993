import { errorMessage } from '../base/errors.ts';
import { CANCELLED_STATUS, SKIPPED_STATUS, UNKNOWN_STATUS } from '../base/constants.ts';
import { getsSecrets, type GitHubEvent } from '../github/event.ts';
import { checkPermission } from '../github/permissions.ts';
import { readPullRequest } from '../github/pull-requests.ts';
import { productionDependencies, type Dependencies } from '../step/deps.ts';
import { missingApiKey, missingGitHubToken } from '../step/inputs.ts';
import type { Step } from '../step/mode.ts';
import { forMarkdown, forOutput } from '../text/text-gate.ts';
import { closeFollowed } from './close.ts';
import { followWhileHeld } from './held.ts';
import type { FollowContext, Round } from './follow.ts';
import type { FollowDecision } from './decide.ts';
import { check, refuse } from './write.ts';
import { IssueThread } from '../github/thread.ts';
import { refusedOverBacklog } from './backlog.ts';

/**
 * Follow mode (`pull-requests: follow`) on a pull request event: one docs job per pull request for
 * its whole life, as decided (mode.ts). Input errors are thrown only once the pull request's author
 * passed the permission check: an outsider's pull request never causes or learns of one.
 */
export async function runFollow(step: Step, event: GitHubEvent, decided: FollowDecision): Promise<void> {
  const { pull: decision, settings, follow, backlog, problems } = decided;
  const deps = productionDependencies(settings, step);
  const { runner, record } = step;
  if (decision.kind === 'ignore') {
    record.writeOutputs({ status: SKIPPED_STATUS });
    runner.log.notice(`Nothing to do: ${decision.reason}.`);
    return;
  }
  // A fork's run has no secrets: a skip with a notice, never an input error.
  if (decision.kind === 'skip' && !getsSecrets(event)) return skipped(decision.reason, deps);
  if (!settings.githubToken) {
    throw missingGitHubToken('following a pull request needs it (comments, checks)');
  }
  const octokit = await deps.octokit();
  const target = { ...event.repository, issueNumber: decision.number };
  const issue = new IssueThread(octokit, target, deps.runner.log, settings.apiKey);
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
  // A close reads the pull request under the lock only (close.ts).
  if (decision.kind === 'close') return closeFollowed(context, problems);
  // Read before the lock: who may spend the quota (its author) is settled before any input is judged.
  const pull = await readPullRequest(octokit, event.repository, decision.number);
  const verdict = await checkPermission(octokit, event.repository, pull.author, settings);
  if (!verdict.allowed) {
    // An author who may not ask: the check and the reply say a maintainer's `/docs` starts it.
    const reason = `not started for ${pull.author.login}: ${verdict.reason}`;
    const summary = `${reason}. A \`/docs\` comment by a maintainer starts it.`;
    const reply = `${verdict.reason}; a \`/docs\` comment by a maintainer starts it`;
    await refuse(context, pull, { title: `skipped: ${reason}`, summary }, reply);
    return skipped(reason, deps);
  }
  problems.throwIfAny();
  if (decision.kind === 'skip') {
    await check(context, decision.headSha, {
      title: `skipped: ${decision.reason}`,
      summary: `Not followed: ${decision.reason}.`,
      conclusion: 'neutral',
    });
    return skipped(decision.reason, deps);
  }
  if (!settings.apiKey) throw missingApiKey();
  // The docs pull request backlog (pulls/backlog.ts): at max-open-docs-prs no first job starts.
  if (await refusedOverBacklog(context, backlog, pull)) return;
  if (decision.before) await supersede(context, decision.before, decision.headSha);
  const round = await followWhileHeld(context, decision.headSha, pull.url);
  await report(round, deps);
}

function skipped(reason: string, deps: Dependencies): void {
  deps.record.writeOutputs({ status: SKIPPED_STATUS, message: forOutput(`skipped: ${reason}`) });
  deps.runner.log.notice(`Skipped: ${reason}.`);
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

async function report(round: Round | undefined, deps: Dependencies): Promise<void> {
  const { runner, record } = deps;
  if (!round) {
    record.writeOutputs({ status: SKIPPED_STATUS, message: 'queued: folded into the next follow-up' });
    return;
  }
  const { job, verdict } = round;
  const status =
    deps.signal.aborted && !job
      ? round.mayExist
        ? UNKNOWN_STATUS
        : CANCELLED_STATUS
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
  // A cancel before any job fails the step, as the table's cancelled row does in agent mode; its check is neutral.
  if (verdict.conclusion === 'failure' || status === CANCELLED_STATUS) runner.setFailed(`Docs: ${verdict.line}`);
  // A link the run cannot vouch for is a warning, never a silent end (as in agent mode).
  else if (job?.rejectedPrLink !== undefined) runner.log.warning(`Docs: ${verdict.line}`);
  else runner.log.notice(`Docs: ${verdict.line}`);
}
