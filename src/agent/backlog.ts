// Agent mode's two touches of the docs pull request backlog (step/backlog.ts): the limit before a
// new job, and the mark on the docs pull request a job opened. Kept apart from execute.ts.
import type { GitHubEvent } from '../github/event.ts';
import type { Octokit } from '../github/octokit.ts';
import { isBot } from '../github/permissions.ts';
import type { ProgressComments } from '../github/progress-comment.ts';
import type { Trigger } from '../github/trigger.ts';
import { backlogFull, markDocsPull, type DocsAccess } from '../step/backlog.ts';
import type { Dependencies } from '../step/deps.ts';
import type { Settings } from './inputs.ts';
import type { NoWork, RunResult } from './outcome.ts';
import { isOutcome } from './outcomes.ts';

function accessOf(octokit: Octokit, event: GitHubEvent, settings: Settings, deps: Dependencies): DocsAccess {
  return {
    octokit,
    repository: event.repository,
    key: settings.apiKey,
    docsToken: settings.backlog?.docsToken ?? '',
    docsRepository: settings.backlog?.docsRepository,
    timeoutMs: settings.timeoutMs,
    step: deps,
  };
}

/**
 * With `max-open-docs-prs`, a request that would create a new job (no `job-id`, no job on its issue
 * yet: a follow-up of an existing job is never held back) is refused at the limit: a skip, green,
 * with the refusal reply on the issue (reply-on-refusal). Undefined: go on.
 */
export async function refuseOverBacklog(
  request: {
    octokit: Octokit | undefined;
    progress: ProgressComments | undefined;
    trigger: Extract<Trigger, { kind: 'run' }>;
  },
  event: GitHubEvent,
  settings: Settings,
  deps: Dependencies,
): Promise<NoWork | undefined> {
  const { progress, trigger } = request;
  if (!settings.backlog?.maxOpenDocsPrs || settings.jobId) return undefined;
  // A run without an issue (a prompt on a schedule) counts too, when it has a token to count with.
  const octokit = request.octokit ?? (settings.githubToken ? await deps.octokit() : undefined);
  if (!octokit) return undefined;
  // A failed read judges nothing: a GitHub hiccup refuses nobody.
  const found = progress ? await progress.find().catch(() => undefined) : [];
  if (!found || found.some((progressComment) => progressComment.jobId)) return undefined;
  const full = await backlogFull(accessOf(octokit, event, settings, deps), settings.backlog);
  if (!full) return undefined;
  const who = trigger.requester;
  // Bots get no reply, as for every refusal: two bots would answer each other for ever.
  if (progress && who && settings.replyOnRefusal && !isBot(who)) await progress.refuse(who.login, full.reason);
  return { kind: 'skipped', message: `Not started: ${full.reason}.` };
}

/** A job that opened a docs pull request for an issue or pull request: the docs pull request is marked as this action's. */
export async function markOpenedDocs(
  result: RunResult,
  octokit: Octokit | undefined,
  trigger: Extract<Trigger, { kind: 'run' }>,
  event: GitHubEvent,
  settings: Settings,
  deps: Dependencies,
): Promise<void> {
  if (!octokit || !isOutcome(result) || !result.job || !result.prLink) return;
  const number = trigger.issue?.number ?? trigger.mergedPullRequest;
  if (number === undefined) return;
  const pull = trigger.issue ? trigger.issue.isPullRequest === true : true;
  await markDocsPull(
    accessOf(octokit, event, settings, deps),
    result.prLink,
    {
      number,
      pull,
      jobId: result.job.id,
    },
    result.job,
  );
}
