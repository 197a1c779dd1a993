import { claimRequest, requestKey } from '../github/claim.ts';
import { getsSecrets, type GitHubEvent } from '../github/event.ts';
import { describeGitHubError, type Octokit } from '../github/octokit.ts';
import { checkPermission, isBot } from '../github/permissions.ts';
import { ProgressComments } from '../github/progress-comment.ts';
import { RunRecord } from '../github/run-record.ts';
import { decideTrigger } from '../github/trigger.ts';
import { ConfigError } from '../util/errors.ts';
import type { Dependencies, NoWork } from './deps.ts';
import { missingApiKey, type Settings } from './inputs.ts';
import { runJob } from './job.ts';
import type { Outcome } from './outcome.ts';
import { buildPrompt } from './prompt.ts';
import { reportNoWork, reportOutcome } from './report.ts';

/** Decides whether to act on the event, checks who asked, runs the job, and reports how the run ended. */
export async function execute(settings: Settings, event: GitHubEvent, deps: Dependencies): Promise<Outcome | NoWork> {
  const result = await handleEvent(settings, event, deps);
  if (!('ok' in result)) reportNoWork(result, deps);
  return result;
}

async function handleEvent(settings: Settings, event: GitHubEvent, deps: Dependencies): Promise<Outcome | NoWork> {
  const trigger = decideTrigger(event, settings);
  if (trigger.kind === 'skip') return { kind: 'skipped', message: `Nothing to do: ${trigger.reason}.` };
  if (!settings.apiKey) {
    if (!getsSecrets(event)) {
      return {
        kind: 'skipped',
        message:
          "Skipped: 'api-key' is empty because GitHub gives no secrets to runs from forks or Dependabot. " +
          'Nothing was sent to the service.',
      };
    }
    throw missingApiKey();
  }

  const needsGitHub = trigger.issue !== undefined || trigger.requester !== undefined;
  if (needsGitHub && !settings.githubToken) {
    throw new ConfigError(
      "Input 'github-token' is empty, but this event needs it to check who asked and to report on the issue. " +
        'Remove the input to use the default ${{ github.token }}.',
    );
  }
  const octokit = needsGitHub ? await deps.octokit() : undefined;
  const progress =
    octokit && trigger.issue
      ? new ProgressComments(
          octokit,
          { ...event.repository, issueNumber: trigger.issue.number },
          deps.runner.log,
          settings.apiKey,
        )
      : undefined;

  if (octokit && trigger.requester) {
    const verdict = await checkPermission(octokit, event.repository, trigger.requester, settings);
    if (!verdict.allowed) {
      // Bots get no reply: two bots would answer each other for ever.
      if (progress && settings.replyOnRefusal && !settings.dryRun && !isBot(trigger.requester)) {
        await progress.refuse(trigger.requester.login, verdict.reason);
      }
      return { kind: 'skipped', message: `Not started for ${trigger.requester.login}: ${verdict.reason}.` };
    }
  }

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

  const started = deps.clock.now();
  const key = requestKey(event.name, trigger, deps.runId);
  const claim =
    octokit && progress
      ? () =>
          claimRequest(
            octokit,
            { ...event.repository, issueNumber: progress.issueNumber },
            progress,
            key,
            deps.runner.log,
          )
      : undefined;
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
  const ran = await runJob({ settings, trigger, prompt, progress, deps, key: key.key, claim, runRecord });
  if (!('outcome' in ran)) return ran;
  const { outcome, conversation } = ran;
  await deps.runner.group('Report the outcome', () =>
    reportOutcome(outcome, { progress, conversation, deps, elapsedMs: deps.clock.now() - started }),
  );
  return outcome;
}

/** The tracking issue's title and body, which then are the request. */
async function readIssue(
  octokit: Octokit,
  repository: GitHubEvent['repository'],
  number: number,
): Promise<NonNullable<Extract<ReturnType<typeof decideTrigger>, { kind: 'run' }>['issue']>> {
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
