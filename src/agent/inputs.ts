// The inputs of agent mode, read once and checked before any request: first those that decide the
// trigger, then, for a run that has work, the rest (agent/mode.ts). The readers modes share are
// in step/inputs.ts, the routing inputs in step/mode.ts.
import * as core from '@actions/core';
import { Input, PERMISSION_LEVELS } from '../base/constants.ts';
import { ConfigError } from '../base/errors.ts';
import { JOB_ID } from '../service/client.ts';
import { adminKeyProblem } from '../text/checks.ts';
import { forLog, registerSecret } from '../text/text-gate.ts';
import type { PermissionSettings } from '../github/permissions.ts';
import { needsPrompt, type Trigger, type TriggerSettings } from '../github/trigger.ts';
import {
  DEFAULT_TIMEOUT_MINUTES,
  InputProblems,
  readAllowedBots,
  readBaseUrl,
  readBoolean,
  readIssueNumber,
  readTimeoutMinutes,
} from '../step/inputs.ts';
import type { Routing } from '../step/mode.ts';

/** Everything the action was asked to do, read and checked once before any request is sent. */
export interface Settings extends TriggerSettings, PermissionSettings {
  projectId: string;
  /**
   * The admin key; masked in the log as soon as it is read. '' when the workflow passed none (or a
   * wrong one), which the decision (agent/decide.ts) turns into a skip for runs that get no secrets
   * (forks, Dependabot) and into an error otherwise.
   */
  apiKey: string;
  /** The service's base address without a trailing slash, so paths can be appended. */
  baseUrl: string;
  /** Token for comments on the triggering issue; empty when the workflow gives none. */
  githubToken: string;
  /** How long to wait for the job, from the start of the step. */
  timeoutMs: number;
  replyOnRefusal: boolean;
  /** false: create the job and return its id at once. */
  wait: boolean;
  dryRun: boolean;
  /** Mention the requester in a new comment when the job ends (edits notify nobody). */
  notify: boolean;
}

/**
 * Masks the admin key and the token before anything can print them, even an error about the key
 * itself. Once accepted, the gate also takes them, whole or in part, out of every text from
 * outside (an echoed header). Done for every agent run, whatever it then decides.
 */
export function maskAgentSecrets(): void {
  const apiKey = core.getInput(Input.ApiKey);
  const githubToken = core.getInput(Input.GitHubToken);
  for (const secret of [apiKey, githubToken]) {
    if (secret) core.setSecret(secret);
  }
  if (githubToken) registerSecret(githubToken);
}

/**
 * The inputs the trigger rules read, each error kept in `problems` and the input read meanwhile as
 * its default. The routing inputs (phrase, ask-word) were read before, with the mode.
 */
export function readTriggerSettings(routing: Routing, problems: InputProblems): TriggerSettings {
  const check = problems.check;
  return {
    prompt: core.getInput(Input.Prompt),
    triggerPhrase: routing.triggerPhrase,
    triggerLabel: core.getInput(Input.TriggerLabel),
    askWord: routing.askWord,
    askConfigured: routing.askConfigured,
    allowEdits: check(() => readBoolean(Input.AllowEdits, false), false),
    documentMergedPullRequests: check(() => readBoolean(Input.DocumentMergedPullRequests, false), false),
    issueNumber: check(readIssueNumber, undefined),
    jobId: check(readJobId, ''),
  };
}

/**
 * The rest of the settings, for a trigger that runs (or a skip that replies): every input read and
 * every error kept in `problems` instead of thrown. The agent throws them only once the run has
 * work and the requester passed the permission check (execute.ts), so that a refused commenter
 * never causes or learns about an input error. A wrong input is read meanwhile as the safest
 * value (`required-permission`: admin) or its default. With `trigger`, the inputs that trigger
 * needs and that are empty are named too: `prompt` when nothing else says what to do, `api-key`.
 */
export function readSettings(
  triggerSettings: TriggerSettings,
  problems: InputProblems,
  run?: { trigger: Extract<Trigger, { kind: 'run' }> },
): Settings {
  const apiKey = core.getInput(Input.ApiKey);
  const check = problems.check;
  const settings: Settings = {
    ...triggerSettings,
    projectId: check(readProjectId, ''),
    apiKey: check(() => apiKey && checkApiKey(apiKey), ''),
    baseUrl: check(readBaseUrl, ''),
    githubToken: core.getInput(Input.GitHubToken),
    timeoutMs: check(readTimeoutMinutes, DEFAULT_TIMEOUT_MINUTES) * 60_000,
    requiredPermission: check(readRequiredPermission, 'admin'),
    allowedBots: readAllowedBots(),
    replyOnRefusal: check(() => readBoolean(Input.ReplyOnRefusal, true), true),
    wait: check(() => readBoolean(Input.Wait, true), true),
    dryRun: check(() => readBoolean(Input.DryRun, false), false),
    notify: check(() => readBoolean(Input.Notify, true), true),
  };
  if (run) {
    // A job-id or issue-number that was given but is wrong is named already; it says what to do.
    const named = core.getInput(Input.JobId) || core.getInput(Input.IssueNumber);
    if (needsPrompt(run.trigger, settings) && !named) problems.add(missingPrompt().message);
    // A run that gets no secrets (a fork's pull request, Dependabot) skips on an empty key instead
    // (agent/decide.ts), and never judges this.
    if (!apiKey) problems.add(missingApiKey().message);
  }
  if (settings.apiKey) registerSecret(settings.apiKey);
  return settings;
}

function readRequiredPermission(): Settings['requiredPermission'] {
  const raw = (core.getInput(Input.RequiredPermission) || 'write').toLowerCase();
  const allowed = PERMISSION_LEVELS.filter((level) => level !== 'none');
  if (!(allowed as string[]).includes(raw)) {
    throw new ConfigError(`Invalid '${Input.RequiredPermission}' '${raw}': expected one of ${allowed.join(', ')}.`);
  }
  return raw as Settings['requiredPermission'];
}

/** Raised by the trigger rules when neither the event nor the `prompt` input gives an instruction. */
export function missingPrompt(): ConfigError {
  return new ConfigError(
    `Input '${Input.Prompt}' is empty. Give the agent an instruction, for example: ` +
      `"prompt: Document the new --verbose flag".`,
  );
}

/** Raised when a run that should have the secret has none. */
export function missingApiKey(): ConfigError {
  return new ConfigError(
    `Input '${Input.ApiKey}' is empty. Pass the admin key from a secret: ` +
      `"api-key: \${{ secrets.DOCS_AGENT_API_KEY }}".`,
  );
}

function readProjectId(): string {
  const projectId = core.getInput(Input.ProjectId);
  if (!projectId) {
    throw new ConfigError(
      `Input '${Input.ProjectId}' is required. Set it to your Documentation Agent project's identifier.`,
    );
  }
  if (/\s/.test(projectId)) {
    throw new ConfigError(`Invalid '${Input.ProjectId}' '${projectId}': a project identifier has no spaces.`);
  }
  return projectId;
}

/** The key itself is never quoted: a message may end up in a public log. */
function checkApiKey(apiKey: string): string {
  const problem = adminKeyProblem(apiKey, { subject: `Input '${Input.ApiKey}'`, name: `'${Input.ApiKey}'` });
  if (problem) throw new ConfigError(problem);
  return apiKey;
}

/** The same rule as for ids the service returns: a job id is used exactly as given, or refused. */
function readJobId(): string {
  const raw = core.getInput(Input.JobId);
  if (raw && !JOB_ID.test(raw)) {
    throw new ConfigError(
      `Invalid '${Input.JobId}' '${forLog(raw, 80)}': a job id has only letters, digits, '_', '.' and '-' ` +
        `(at most 128), as in the job-id output of an earlier run.`,
    );
  }
  return raw;
}
