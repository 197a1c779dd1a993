// Agent mode's two touches of the docs pull request backlog (step/backlog.ts): the limit before a
// new job, and the mark on the docs pull request a job opened. Kept apart from execute.ts.
import type { GitHubEvent } from '../github/event.ts';
import type { Octokit } from '../github/octokit.ts';
import { isBot } from '../github/permissions.ts';
import type { ProgressComments } from '../github/progress-comment.ts';
import type { Trigger } from '../github/trigger.ts';
import type { Logger } from '../base/log.ts';
import { backlogFull, markDocsPull, vetJobLink, type DocsAccess, type DocsPull } from '../step/backlog.ts';
import { decideOutcome } from '../outcome/decide.ts';
import type { Dependencies } from '../step/deps.ts';
import type { Settings } from './inputs.ts';
import type { NoWork, Outcome } from '../outcome/outcome.ts';

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

/** The request of a run, as the docs pull request's signed line names it; number 0: none (a prompt on a schedule). */
function requestOf(trigger: Extract<Trigger, { kind: 'run' }>): { number: number; pull: boolean } {
  const number = trigger.issue?.number ?? trigger.mergedPullRequest;
  if (number === undefined) return { number: 0, pull: false };
  return { number, pull: trigger.issue ? trigger.issue.isPullRequest === true : true };
}

/**
 * The outcome as the run may report it: a link the one check (step/docs-access.ts) refuses is not
 * reported as a docs pull request (nor notified, nor output, nor marked) but named as text, with
 * the reason, as any link the run cannot vouch for (decide-outcome.ts). A link no token here may
 * read, or one in another repository while 'docs-repository' is unset, is reported as the
 * service's word and never touched; a failed read is a warning and changes nothing. `mark` marks
 * the docs pull request the outcome names as this action's, with what the check read.
 */
export async function vetOpenedDocs(
  ran: Outcome,
  octokit: Octokit | undefined,
  trigger: Extract<Trigger, { kind: 'run' }>,
  event: GitHubEvent,
  settings: Settings,
  deps: Dependencies,
): Promise<{ outcome: Outcome; mark: () => Promise<void> }> {
  const access = octokit ? accessOf(octokit, event, settings, deps) : undefined;
  const request = requestOf(trigger);
  const { outcome, docs } = await vetDocsLink(ran, access, request, deps.runner.log);
  const mark = async (): Promise<void> => {
    const { job, prLink } = outcome;
    if (access && request.number && job && prLink)
      await markDocsPull(access, prLink, { ...request, jobId: job.id }, job, docs);
  };
  return { outcome, mark };
}

/** `vetOpenedDocs` for any run that reports a job's end (the sweep's too), with its access and request. */
export async function vetDocsLink(
  outcome: Outcome,
  access: DocsAccess | undefined,
  request: { number: number; pull: boolean },
  log: Pick<Logger, 'warning'>,
): Promise<{ outcome: Outcome; docs?: Extract<DocsPull, { ok: true }> }> {
  const { job, prLink } = outcome;
  if (!job || !prLink) return { outcome };
  const { job: refused, docs } = await vetJobLink(access, job, request, log);
  if (refused === job) return { outcome, docs };
  if (outcome.kind !== 'pull-request') return { outcome: { ...outcome, job: refused, prLink: '' } };
  return { outcome: decideOutcome({ job: refused, end: 'terminal' }, { elapsedMs: 0, session: outcome.session }) };
}
