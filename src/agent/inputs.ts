// The inputs of agent mode, read once and checked before any request: first those that decide the
// trigger, then, for a run that has work, the rest (agent/mode.ts). The readers modes share are
// in step/inputs.ts, the routing inputs in step/mode.ts.
import * as core from '@actions/core';
import { Input } from '../base/constants.ts';
import { ConfigError } from '../base/errors.ts';
import { JOB_ID } from '../service/client.ts';
import { forLog } from '../text/text-gate.ts';
import { needsPrompt, type Trigger, type TriggerSettings } from '../github/trigger.ts';
import {
  InputProblems,
  missingApiKey,
  readServiceSettings,
  type ServiceSettings,
  readBoolean,
  readIssueNumber,
} from '../step/inputs.ts';
import type { Routing } from '../step/mode.ts';
import { readBacklogSettings, type BacklogSettings } from '../step/backlog-inputs.ts';

/** Everything the action was asked to do, read and checked once before any request is sent. */
export interface Settings extends TriggerSettings, ServiceSettings {
  /** false: create the job and return its id at once. */
  wait: boolean;
  dryRun: boolean;
  /** Mention the requester in a new comment when the job ends (edits notify nobody). */
  notify: boolean;
  /** A sweep (`mode: sweep`) reports the end of jobs no run waits for: the comment says so. */
  sweepReports: boolean;
  /** The docs pull request backlog (step/backlog.ts); absent: none of it. */
  backlog?: BacklogSettings;
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
    // `pull-requests: merged` (step/mode.ts reads `document-merged-pull-requests: true` so too);
    // the older input is still checked here, so a wrong value of it is named.
    documentMergedPullRequests:
      check(() => readBoolean(Input.DocumentMergedPullRequests, false), false) || routing.pullRequests === 'merged',
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
  const check = problems.check;
  const service = readServiceSettings(problems);
  const settings: Settings = {
    ...triggerSettings,
    ...service,
    wait: check(() => readBoolean(Input.Wait, true), true),
    dryRun: check(() => readBoolean(Input.DryRun, false), false),
    notify: check(() => readBoolean(Input.Notify, true), true),
    // A sweep switched on for requests in flight (`sweep-workflow`) is a sweep that reports them.
    sweepReports: check(() => readBoolean(Input.SweepReports, false), false) || Boolean(service.sweepWorkflow),
    backlog: readBacklogSettings(problems),
  };
  if (run) {
    // A job-id or issue-number that was given but is wrong is named already; it says what to do.
    const named = core.getInput(Input.JobId) || core.getInput(Input.IssueNumber);
    if (needsPrompt(run.trigger, settings) && !named) problems.add(missingPrompt().message);
    // A run that gets no secrets (a fork's pull request, Dependabot) skips on an empty key instead
    // (agent/decide.ts), and never judges this.
    if (!core.getInput(Input.ApiKey)) problems.add(missingApiKey().message);
  }
  return settings;
}

/** Raised by the trigger rules when neither the event nor the `prompt` input gives an instruction. */
export function missingPrompt(): ConfigError {
  return new ConfigError(
    `Input '${Input.Prompt}' is empty. Give the agent an instruction, for example: ` +
      `"prompt: Document the new --verbose flag".`,
  );
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
