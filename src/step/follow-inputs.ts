import * as core from '@actions/core';
import { Input } from '../base/constants.ts';
import { ConfigError } from '../base/errors.ts';
import { readDocsToken } from './backlog-inputs.ts';
import { readBoolean, type InputProblems } from './inputs.ts';
import { readReleaseSettings, type ReleaseSettings } from './release-inputs.ts';

/**
 * The inputs of follow mode, read once by the decision of the mode that needs them: follow mode's
 * (pulls/mode.ts) and the sweep's (sweep/mode.ts), which hands them to follow mode's finisher.
 */
export interface FollowSettings {
  /** Write access to the docs repository; '' when the workflow gives none. */
  docsToken: string;
  draftUntilMerged: boolean;
  /** '' when no label skips. */
  skipLabel: string;
  maxFollowUps: number;
  checkName: string;
  /** false: create the job, leave the check in progress with how to pick it up, and end. */
  wait: boolean;
  /** When the docs pull request is marked ready: at the merge, or by a release (release-wait.ts). */
  release: ReleaseSettings;
}

/** The most follow-ups the budget may allow: each costs one of the project's 100 requests an hour. */
const MAX_FOLLOW_UPS = 100;

/** Follow mode's inputs, every error at once in `problems`; a wrong value is read as its default. */
export function readFollowSettings(problems: InputProblems): FollowSettings {
  const check = problems.check;
  return {
    docsToken: readDocsToken(),
    draftUntilMerged: check(() => readBoolean(Input.DraftUntilMerged, true), true),
    skipLabel: core.getInput(Input.SkipLabel).trim(),
    maxFollowUps: check(readMaxFollowUps, 10),
    checkName: check(readCheckName, 'Docs'),
    wait: check(() => readBoolean(Input.Wait, true), true),
    release: readReleaseSettings(problems),
  };
}

function readMaxFollowUps(): number {
  const raw = core.getInput(Input.MaxFollowUps) || '10';
  const count = Number(raw);
  if (!Number.isSafeInteger(count) || count < 0 || count > MAX_FOLLOW_UPS) {
    throw new ConfigError(
      `Invalid '${Input.MaxFollowUps}' '${raw.slice(0, 40)}': expected a whole number from 0 to ${MAX_FOLLOW_UPS}, ` +
        `for example "${Input.MaxFollowUps}: 10".`,
    );
  }
  return count;
}

/** GitHub's limit for a check run's name is not documented; its UI cuts long ones, so 100 is plenty. */
function readCheckName(): string {
  const raw = (core.getInput(Input.CheckName) || 'Docs').trim();
  if (raw.length > 100 || /[\r\n]/.test(raw)) {
    throw new ConfigError(`Invalid '${Input.CheckName}': use one line of at most 100 characters, for example "Docs".`);
  }
  return raw;
}
