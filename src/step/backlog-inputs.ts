// The inputs of the docs pull request backlog (step/backlog.ts), shared by agent mode, follow mode
// and the sweep: each reads them with its other settings, every error kept in `problems`.
import * as core from '@actions/core';
import { Input } from '../base/constants.ts';
import { ConfigError } from '../base/errors.ts';
import type { Repository } from '../github/pull-requests.ts';
import { registerSecret } from '../text/secrets.ts';
import { forLog } from '../text/text-gate.ts';
import type { InputProblems } from './inputs.ts';

export interface BacklogSettings {
  /** Write access to the docs repository; '' when the workflow gives none (github-token then, for this repository). */
  docsToken: string;
  /**
   * Where the service opens the docs pull requests, which the backlog lists and counts; undefined:
   * this repository. The action cannot learn it before a job (only a job's link names it), and a
   * limit must be judged before one, so the workflow names it.
   */
  docsRepository: Repository | undefined;
  /** Docs pull requests nobody touched for this many days are closed by the sweep; 0: never. */
  staleDays: number;
  /** New requests are refused while this many docs pull requests of this action are open; 0: no limit. */
  maxOpenDocsPrs: number;
}

export const NO_BACKLOG: BacklogSettings = {
  docsToken: '',
  docsRepository: undefined,
  staleDays: 0,
  maxOpenDocsPrs: 0,
};

/** Ten years: past that a number is a mistake, not a policy. */
const MAX_STALE_DAYS = 3650;
/** The count is of at most 100 signed ones (github/docs-prs.ts `countOpenDocsPrs`): a higher limit could not be judged. */
const MAX_OPEN_LIMIT = 100;

export function readBacklogSettings(problems: InputProblems): BacklogSettings {
  const check = problems.check;
  return {
    docsToken: readDocsToken(),
    docsRepository: check(readDocsRepository, undefined),
    staleDays: check(() => readCount(Input.StaleDays, MAX_STALE_DAYS, '30'), 0),
    maxOpenDocsPrs: check(() => readCount(Input.MaxOpenDocsPrs, MAX_OPEN_LIMIT, '20'), 0),
  };
}

/** `docs-token`, masked and registered with the gate as soon as it is read. */
export function readDocsToken(): string {
  const docsToken = core.getInput(Input.DocsToken);
  if (docsToken) {
    core.setSecret(docsToken);
    registerSecret(docsToken);
  }
  return docsToken;
}

/** '' or 0: off; otherwise a whole number from 1 to `max`. */
function readCount(name: string, max: number, example: string): number {
  const raw = core.getInput(name).trim();
  if (!raw) return 0;
  const count = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(count) || count > max) {
    throw new ConfigError(
      `Invalid '${name}' '${forLog(raw, 40)}': expected a whole number from 1 to ${max}, or 0 (or nothing) ` +
        `to turn it off, for example "${name}: ${example}".`,
    );
  }
  return count;
}

function readDocsRepository(): Repository | undefined {
  const raw = core.getInput(Input.DocsRepository).trim();
  if (!raw) return undefined;
  const match = /^([A-Za-z0-9_.-]{1,100})\/([A-Za-z0-9_.-]{1,100})$/.exec(raw);
  if (!match?.[1] || !match[2]) {
    throw new ConfigError(
      `Invalid '${Input.DocsRepository}' '${forLog(raw, 80)}': expected owner/repo, ` +
        `for example "${Input.DocsRepository}: my-org/docs".`,
    );
  }
  return { owner: match[1], repo: match[2] };
}
