// The inputs of docs that ship with the release (docs/pull-requests.md, "Docs that ship with the
// release"), shared by follow mode (at the merge), the release mode and the sweep: each reads them
// with its other settings, every error kept in `problems`.
import * as core from '@actions/core';
import { Input } from '../base/constants.ts';
import { ConfigError } from '../base/errors.ts';
import { forLog } from '../text/text-gate.ts';
import { readBoolean, type InputProblems } from './inputs.ts';

export const READY_WHEN = ['merged', 'released'] as const;
export type ReadyWhen = (typeof READY_WHEN)[number];

export interface ReleaseSettings {
  /** merged: the docs pull request is marked ready at the code's merge; released: by a release. */
  readyWhen: ReadyWhen;
  /** Auto-merge enabled on a docs pull request once a release marked it ready. */
  autoMerge: boolean;
  /** A published prerelease counts as a release. */
  includePrereleases: boolean;
  /** One follow-up "released in <tag>" to each released job; off: a release run asks the service nothing. */
  releaseFollowUp: boolean;
}

export function readReleaseSettings(problems: InputProblems): ReleaseSettings {
  const check = problems.check;
  const readyWhen = check(readReadyWhen, 'merged');
  // Only a docs pull request kept a draft can wait: without it the release has nothing to hold back.
  if (readyWhen === 'released' && /^(false|no|off)$/i.test(core.getInput(Input.DraftUntilMerged).trim())) {
    problems.add(
      `'${Input.ReadyWhen}: released' needs '${Input.DraftUntilMerged}: true' (the docs pull request waits for the ` +
        `release as a draft): remove '${Input.DraftUntilMerged}: false', or set '${Input.ReadyWhen}: merged'.`,
    );
  }
  return {
    readyWhen,
    autoMerge: check(() => readBoolean(Input.AutoMerge, false), false),
    includePrereleases: check(() => readBoolean(Input.IncludePrereleases, false), false),
    releaseFollowUp: check(() => readBoolean(Input.ReleaseFollowUp, false), false),
  };
}

function readReadyWhen(): ReadyWhen {
  const raw = (core.getInput(Input.ReadyWhen) || 'merged').trim().toLowerCase();
  if (!(READY_WHEN as readonly string[]).includes(raw)) {
    throw new ConfigError(
      `Invalid '${Input.ReadyWhen}' '${forLog(raw, 40)}': expected merged or released, ` +
        `for example "${Input.ReadyWhen}: released".`,
    );
  }
  return raw as ReadyWhen;
}
