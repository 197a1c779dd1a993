import { claimRequest, requestKey } from '../github/claim.ts';
import type { GitHubEvent } from '../github/event.ts';
import { describeGitHubError, type Octokit } from '../github/octokit.ts';
import { checkPermission, isBot } from '../github/permissions.ts';
import { ProgressComments } from '../github/progress-comment.ts';
import type { Trigger } from '../github/trigger.ts';
import type { Actor } from '../github/event.ts';
import { RunRecord } from '../github/run-record.ts';
import { ConfigError } from '../base/errors.ts';
import type { Dependencies } from '../step/deps.ts';
import { missingApiKey, missingGitHubToken } from '../step/inputs.ts';
import type { Settings } from './inputs.ts';
import { Conversation } from './conversation.ts';
import type { AgentDecision } from './decide.ts';
import { runJob } from './job.ts';
import type { NoWork, RunResult } from '../outcome/outcome.ts';
import { isOutcome } from '../outcome/words.ts';
import { buildPrompt } from './prompt.ts';
import { reportOutcome } from './report.ts';

/**
 * A run agent mode decided has nothing to do (agent/mode.ts): its notice, and the reply to someone
 * who asked for what the workflow does not answer. The input errors found are not judged: an
 * event the workflow is not set up for never causes or learns about an input error.
 */
export async function skip(
  decision: Extract<AgentDecision, { kind: 'skip' }>,
  event: GitHubEvent,
  deps: Pick<Dependencies, 'runner' | 'record'> & { octokit?: () => Promise<Octokit> },
): Promise<NoWork> {
  if (decision.problems.messages.length) {
    deps.runner.log.debug(`Not judged, as this run has nothing to do: ${decision.problems.messages.join(' ')}`);
  }
  if (decision.tell && deps.octokit) await tell(decision.tell, event, { log: deps.runner.log, octokit: deps.octokit });
  const result: NoWork = { kind: 'skipped', message: decision.notice };
  await reportOutcome(result, { deps, elapsedMs: 0 });
  return result;
}

/**
 * Checks who asked, runs the job the decided trigger asks for, and reports how the run ended. The
 * decision's input errors are thrown only once the requester passed the permission check: before
 * that a wrong input is no business of a commenter who may not ask.
 */
export async function execute(
  decision: Extract<AgentDecision, { kind: 'run' }>,
  event: GitHubEvent,
  deps: Dependencies,
): Promise<RunResult> {
  const result = await handleEvent(decision, event, deps);
  // A run with a job reported its outcome (and said its final word) already.
  if (!isOutcome(result)) await reportOutcome(result, { deps, elapsedMs: 0 });
  return result;
}

async function handleEvent(
  { trigger, settings, problems }: Extract<AgentDecision, { kind: 'run' }>,
  event: GitHubEvent,
  deps: Dependencies,
): Promise<RunResult> {
  const needsGitHub = trigger.issue !== undefined || trigger.requester !== undefined;
  if (needsGitHub && !settings.githubToken) {
    throw missingGitHubToken('this event needs it to check who asked and to report on the issue');
  }
  const octokit = needsGitHub ? await deps.octokit() : undefined;
  const target = trigger.issue && { ...event.repository, issueNumber: trigger.issue.number };
  const progress = octokit && target && new ProgressComments(octokit, target, deps.runner.log, settings.apiKey);

  if (octokit) {
    const refused = await refusal(octokit, trigger, settings, event);
    if (refused) {
      // Bots get no reply: two bots would answer each other for ever.
      if (progress && settings.replyOnRefusal && !settings.dryRun && !isBot(refused.who)) {
        await progress.refuse(refused.who.login, refused.reason);
      }
      return { kind: 'skipped', message: `Not started for ${refused.who.login}: ${refused.reason}.` };
    }
  }

  // Who may ask is settled: now the inputs of this path are judged, every error at once.
  problems.throwIfAny();
  if (!settings.apiKey) throw missingApiKey();

  // A scheduled or dispatched run pointed at an issue, without a prompt: the issue says what to do.
  if (
    octokit &&
    trigger.issue?.title === undefined &&
    trigger.issue &&
    !settings.prompt &&
    !settings.jobId &&
    !trigger.request
  ) {
    const tracking = trigger.issue.tracking ? { tracking: true as const } : {};
    trigger.issue = { ...(await readIssue(octokit, event.repository, trigger.issue.number)), ...tracking };
  }
  const changedFiles =
    octokit && trigger.mergedPullRequest !== undefined
      ? await listFiles(octokit, event.repository, trigger.mergedPullRequest)
      : [];
  // Attaching to a job sends no prompt.
  const prompt = settings.jobId ? '' : buildPrompt(trigger, settings, event.repository, changedFiles);

  if (settings.dryRun) {
    const target = settings.jobId
      ? `GET ${deps.client.url('v2', `/job/${encodeURIComponent(settings.jobId)}`)}`
      : `POST ${deps.client.url('v2', '/job')}`;
    const body = settings.jobId ? '' : `\n${JSON.stringify({ prompt }, null, 2)}`;
    deps.runner.log.info(`Dry run: would send ${target}\nAuthorization: Bearer ***${body}`);
    return {
      kind: 'dry-run',
      message: 'Dry run: the inputs and the event are valid; nothing was sent to the service.',
    };
  }

  // The docs pull request backlog (agent/backlog.ts): at max-open-docs-prs no new job starts.
  // Loaded only when a limit is set: most runs have none, and every run's start-up pays for a module.
  if (settings.backlog?.maxOpenDocsPrs) {
    const { refuseOverBacklog } = await import('./backlog.ts');
    const over = await refuseOverBacklog({ octokit, progress, trigger }, event, settings, deps);
    if (over) return over;
  }

  const started = deps.clock.now();
  const key = requestKey(event.name, trigger, deps.runId);
  const claim = octokit && progress ? () => claimRequest(progress, key, deps.runner.log) : undefined;
  // Without an issue, the job is recorded on the run's commit, so a re-run resumes it (run-record.ts).
  const runRecord =
    !progress && !settings.jobId && settings.githubToken
      ? new RunRecord(
          deps.octokit,
          event.repository,
          deps.workflowRun,
          { projectId: settings.projectId, prompt, key: settings.apiKey },
          deps.runner.log,
        )
      : undefined;
  if (!progress && !settings.jobId && !settings.githubToken) {
    deps.runner.log.info("'github-token' is empty: a re-run of this workflow run will create a new job.");
  }
  // The one conversation with the issue: the job says "working" in it, the report its final word.
  const conversation = Conversation.forRun({
    progress,
    deps,
    trigger,
    key: key.key,
    notify: settings.notify,
    startedAt: started,
    detached: !settings.wait,
    sweep: settings.sweepReports,
  });
  const ran = await runJob({
    settings,
    trigger,
    prompt,
    progress,
    deps,
    conversation,
    key: key.key,
    claim,
    runRecord,
  });
  if (!isOutcome(ran)) return ran;
  // The reported link goes through the one check (step/docs-access.ts) before any report names it.
  const { outcome, mark } = ran.prLink
    ? await (await import('./backlog.ts')).vetOpenedDocs(ran, octokit, trigger, event, settings, deps)
    : { outcome: ran, mark: undefined };
  await deps.runner.group('Report the outcome', () =>
    reportOutcome(outcome, { conversation, deps, elapsedMs: deps.clock.now() - started }),
  );
  await mark?.();
  return outcome;
}

/**
 * The first of the people the request needs who may not ask, and why; undefined when all may. An
 * edited comment needs both its editor and its author (allow-edits): the author's words must not
 * start work on the editor's permission.
 */
async function refusal(
  octokit: Octokit,
  trigger: Extract<Trigger, { kind: 'run' }>,
  settings: Settings,
  event: GitHubEvent,
): Promise<{ who: Actor; reason: string } | undefined> {
  const { requester, author } = trigger;
  for (const who of [requester, author]) {
    if (!who) continue;
    const verdict = await checkPermission(octokit, event.repository, who, settings);
    if (verdict.allowed) continue;
    const reason =
      who === author
        ? `${verdict.reason}; an edited comment starts work only when its author may ask too`
        : verdict.reason;
    return { who, reason };
  }
  return undefined;
}

/**
 * Tells someone once per issue why nothing starts for what they asked (a question where ask mode
 * is not set up), under the rules of a refusal reply: only with reply-on-refusal, never in a dry
 * run, never to a bot. Nothing here fails the run: without a token there is no reply, and a failed
 * reply is a warning.
 */
async function tell(
  told: NonNullable<Extract<AgentDecision, { kind: 'skip' }>['tell']>,
  event: GitHubEvent,
  deps: { log: Dependencies['runner']['log']; octokit: () => Promise<Octokit> },
): Promise<void> {
  const { settings } = told;
  if (!settings.replyOnRefusal || settings.dryRun || !settings.githubToken || isBot(told.who)) return;
  const octokit = await deps.octokit();
  const target = { ...event.repository, issueNumber: told.issueNumber };
  await new ProgressComments(octokit, target, deps.log, settings.apiKey).refuse(told.who.login, told.reason);
}

/** The tracking issue's title and body, which then are the request. */
async function readIssue(
  octokit: Octokit,
  repository: GitHubEvent['repository'],
  number: number,
): Promise<NonNullable<Extract<Trigger, { kind: 'run' }>['issue']>> {
  try {
    const { data } = await octokit.rest.issues.get({ ...repository, issue_number: number });
    return {
      number,
      title: data.title,
      body: data.body ?? '',
      isPullRequest: !!data.pull_request,
      url: data.html_url,
    };
  } catch (error) {
    throw new ConfigError(describeGitHubError(`Reading issue #${number} ('issue-number')`, error, 'issues: read'));
  }
}

/** The files a merged pull request changed, for its prompt. */
async function listFiles(octokit: Octokit, repository: GitHubEvent['repository'], number: number): Promise<string[]> {
  try {
    const files = await octokit.paginate(octokit.rest.pulls.listFiles, {
      ...repository,
      pull_number: number,
      per_page: 100,
    });
    return files.map((file) => file.filename);
  } catch (error) {
    throw new ConfigError(
      describeGitHubError(`Listing the files of pull request #${number}`, error, 'pull-requests: read'),
    );
  }
}
