import { appendFileSync } from 'node:fs';
import { EOL } from 'node:os';
import * as core from '@actions/core';
import { AgentClient } from './agent-client.ts';
import { isAskRun, readAskRouting } from './ask/route.ts';
import { watchForCancel } from './cancel.ts';
import { claimRequest, requestKey } from './claim.ts';
import { systemClock, type Clock } from './clock.ts';
import {
  CANCELLED_STATUS,
  ERROR_STATUS,
  DRY_RUN_STATUS,
  Output,
  SKIPPED_STATUS,
  State,
  USER_AGENT,
} from './constants.ts';
import { ConfigError, errorMessage } from './errors.ts';
import { readEvent, type GitHubEvent } from './event.ts';
import { codeHosts, createOctokit, describeGitHubError, runUrl, type Octokit } from './github.ts';
import { createTransport } from './http.ts';
import { missingApiKey, readSettings, type Settings } from './inputs.ts';
import type { Logger } from './logger.ts';
import type { Outcome } from './outcome.ts';
import { checkPermission, isBot } from './permissions.ts';
import { runPost } from './post.ts';
import { ProgressComments } from './progress-comment.ts';
import { buildPrompt } from './prompt.ts';
import { reportOutcome } from './report.ts';
import { runJob } from './run-job.ts';
import { gateLines, gatedLogger } from './text-gate.ts';
import { decideTrigger } from './trigger.ts';

/** Longest wait for one answer from the service, before the delay scale. */
const REQUEST_TIMEOUT_MS = 30_000;
/** The first wait before a GitHub call is repeated, before the delay scale. */
const GITHUB_RETRY_DELAY_MS = 1_000;
/** Longest wait for one answer from GitHub, before the delay scale. */
const GITHUB_REQUEST_TIMEOUT_MS = 15_000;
/** GitHub calls may outlast `timeout-minutes` by this much, so the final comment can still be written. */
const GITHUB_REPORT_GRACE_MS = 15_000;
/** The emulator-backed tests scale waits down, but never a request below this. */
const MIN_REQUEST_TIMEOUT_MS = 2_000;

/** What the logic talks to; tests pass their own. */
export interface Dependencies {
  client: AgentClient;
  clock: Clock;
  log: Logger;
  /** Octokit for the run, created on first use. */
  octokit: () => Promise<Octokit>;
  /** Aborted when the runner cancels the run. */
  signal: AbortSignal;
  runUrl: string | undefined;
  runId: string;
}

/** A run that did no work: nothing triggered it, the requester was refused, or a dry run. */
export interface NoWork {
  kind: 'skipped' | 'dry-run';
  message: string;
}

/** The action's entry point, for both the main and the post step: every failure ends here as one clean line. */
export async function run(): Promise<void> {
  process.on('unhandledRejection', (reason) => {
    core.setFailed(gateLines(`Unexpected error: ${errorMessage(reason)}`));
  });
  if (core.getState(State.IsPost) === 'true') {
    await runPost(gatedLogger(core));
    return;
  }
  markPostStep();
  const cancel = watchForCancel(core);
  try {
    const event = readEvent();
    const routing = readAskRouting();
    if (isAskRun(event, routing)) {
      // Ask mode and the `ai` package it reads answers with load only for runs that ask.
      const { runAsk } = await import('./ask/run.ts');
      await runAsk(routing, event, cancel.signal);
      return;
    }
    const settings = readSettings();
    const result = await execute(settings, event, productionDependencies(settings, cancel.signal));
    if ('ok' in result) {
      if (!result.ok) core.setFailed(gateLines(result.message));
    } else {
      core.setOutput(Output.Status, result.kind === 'skipped' ? SKIPPED_STATUS : DRY_RUN_STATUS);
      core.notice(gateLines(result.message));
    }
  } catch (error) {
    // `status` is set on every exit: a cancel that ended a GitHub call before any job was asked
    // for, or an error before or around the job (a wrong input, a missing secret, GitHub refusing).
    core.setOutput(Output.Status, cancel.signal.aborted ? CANCELLED_STATUS : ERROR_STATUS);
    core.setFailed(gateLines(errorMessage(error)));
  } finally {
    cancel.dispose();
  }
}

/**
 * core.saveState(State.IsPost, 'true'), written in the state file's one-line form `isPost=true`.
 * core writes every value between random delimiters, so that no value can end its block early, and
 * its randomUUID() would load node:crypto (about 3 ms) before the first request; a constant needs
 * no delimiter. Without GITHUB_STATE (an old runner), core's own command.
 */
function markPostStep(): void {
  const file = process.env.GITHUB_STATE;
  if (!file) return core.saveState(State.IsPost, 'true');
  appendFileSync(file, `${State.IsPost}=true${EOL}`, 'utf8');
}

function productionDependencies(settings: Settings, signal: AbortSignal): Dependencies {
  let octokit: Promise<Octokit> | undefined;
  const githubLimits = {
    retryDelayMs: GITHUB_RETRY_DELAY_MS * settings.delayScale,
    requestTimeoutMs: Math.max(MIN_REQUEST_TIMEOUT_MS, GITHUB_REQUEST_TIMEOUT_MS * settings.delayScale),
    deadline:
      Date.now() + settings.timeoutMs + Math.max(MIN_REQUEST_TIMEOUT_MS, GITHUB_REPORT_GRACE_MS * settings.delayScale),
    signal,
  };
  return {
    client: new AgentClient({
      baseUrl: settings.baseUrl,
      projectId: settings.projectId,
      apiKey: settings.apiKey,
      transport: createTransport(USER_AGENT),
      requestTimeoutMs: Math.max(MIN_REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS * settings.delayScale),
      codeHosts: codeHosts(),
      debug: (line) => core.debug(line),
      now: () => Date.now(),
    }),
    clock: systemClock,
    log: gatedLogger(core),
    octokit: () => (octokit ??= createOctokit(settings.githubToken, core, githubLimits)),
    signal,
    runUrl: runUrl(),
    runId: process.env.GITHUB_RUN_ID ?? '',
  };
}

/** Decides whether to act on the event, checks who asked, and runs the job. */
export async function execute(settings: Settings, event: GitHubEvent, deps: Dependencies): Promise<Outcome | NoWork> {
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
          deps.log,
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
    trigger.issue = await readIssue(octokit, event.repository, trigger.issue.number);
  }
  const changedFiles =
    octokit && trigger.mergedPullRequest !== undefined
      ? (
          await octokit.paginate(octokit.rest.pulls.listFiles, {
            ...event.repository,
            pull_number: trigger.mergedPullRequest,
            per_page: 100,
          })
        ).map((file) => file.filename)
      : [];
  // Attaching to a job sends no prompt.
  const prompt = settings.jobId ? '' : buildPrompt(trigger, settings, event.repository, changedFiles);

  if (settings.dryRun) {
    const target = settings.jobId
      ? `GET ${deps.client.url('v2', `/job/${encodeURIComponent(settings.jobId)}`)}`
      : `POST ${deps.client.url('v2', '/job')}`;
    const body = settings.jobId ? '' : `\n${JSON.stringify({ prompt }, null, 2)}`;
    deps.log.info(`Dry run: would send ${target}\nAuthorization: Bearer ***${body}`);
    return {
      kind: 'dry-run',
      message: 'Dry run: the inputs and the event are valid; nothing was sent to the service.',
    };
  }

  const started = deps.clock.now();
  const key = requestKey(event.name, trigger, deps.runId);
  const claim =
    octokit && progress
      ? () => claimRequest(octokit, { ...event.repository, issueNumber: progress.issueNumber }, progress, key, deps.log)
      : undefined;
  const ran = await runJob({ settings, trigger, prompt, progress, deps, key: key.key, claim });
  if (!('outcome' in ran)) return ran;
  const { outcome, conversation } = ran;
  await core.group('Report the outcome', () =>
    reportOutcome(outcome, { progress, conversation, deps, elapsedMs: deps.clock.now() - started }),
  );
  return outcome;
}

/**
 * Runs for a pull request from a fork (its head repository is another, or was deleted) and runs
 * Dependabot starts get no secrets: an empty key there is expected, not a mistake. Everywhere else,
 * pull_request_target and a pull request from a branch of this repository included, an empty key
 * is a secret the workflow forgot.
 */
function getsSecrets(event: GitHubEvent, env = process.env): boolean {
  const dependabot = [event.payload.sender?.login, env.GITHUB_ACTOR].includes('dependabot[bot]');
  if (dependabot) return false;
  const pr = event.payload.pull_request;
  if (!pr || event.name === 'pull_request_target' || !event.name.startsWith('pull_request')) return true;
  const head = pr.head?.repo?.full_name;
  return head !== undefined && head === pr.base?.repo?.full_name;
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
