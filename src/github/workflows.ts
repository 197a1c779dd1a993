import type { Logger } from '../base/log.ts';
import { describeGitHubError, type Octokit } from './octokit.ts';
import { isRateLimited } from './rate-limit.ts';

/**
 * The sweep's schedule switched on and off (`sweep-workflow`, docs/sweep.md). GitHub bills a
 * scheduled job that finds nothing as a whole minute, so the sweep's workflow runs only while a
 * request is in flight: the run that puts a request in the index enables it (in-flight.ts,
 * `markInFlight`), the sweep that leaves nothing there disables it (sweep/schedule.ts). Both calls
 * need `actions: write`; without it the schedule stays as it is, which one warning per run says.
 * Nothing here throws: a schedule left as it was costs minutes, never a request.
 */
export class WorkflowSwitch {
  readonly file: string;
  readonly #log: Logger;
  /** The token may not switch workflows: said once, and not asked again in this run. */
  #refused = false;

  /** `file`: the workflow's file name in .github/workflows, which GitHub takes for its id. */
  constructor(file: string, log: Logger) {
    this.file = file;
    this.#log = log;
  }

  /** Enables (`on`) or disables the workflow; true when GitHub did it. */
  async set(octokit: Octokit, repository: { owner: string; repo: string }, on: boolean): Promise<boolean> {
    if (this.#refused) return false;
    const params = { ...repository, workflow_id: this.file };
    try {
      if (on) await octokit.rest.actions.enableWorkflow(params);
      else await octokit.rest.actions.disableWorkflow(params);
      return true;
    } catch (error) {
      this.#warn(error, on, repository);
      return false;
    }
  }

  #warn(error: unknown, on: boolean, repository: { owner: string; repo: string }): void {
    const status = (error as { status?: unknown }).status;
    const what = `${on ? 'Enabling' : 'Disabling'} the workflow '${this.file}'`;
    if (status === 403 && !isRateLimited(error)) {
      this.#refused = true;
      this.#log.warning(
        `${what} was refused (HTTP 403): the token needs 'actions: write' (add it under 'permissions:'). ` +
          (on
            ? 'If the sweep turned its schedule off, this request waits until it is enabled again or run by hand.'
            : 'The schedule keeps running, a billed job each time it is due (on private repositories).'),
      );
      return;
    }
    if (status === 404) {
      this.#log.warning(
        `${what} failed: ${repository.owner}/${repository.repo} has no workflow '${this.file}' in .github/workflows ` +
          "(HTTP 404). Set 'sweep-workflow' to the file name of the workflow that runs mode: sweep.",
      );
      return;
    }
    this.#log.warning(describeGitHubError(what, error, 'actions: write'));
  }
}

/** The file name of this run's workflow, from GITHUB_WORKFLOW_REF (owner/repo/.github/workflows/file.yml@ref). */
export function ownWorkflowFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return /\/\.github\/workflows\/([\w.-]+\.ya?ml)@/.exec(env.GITHUB_WORKFLOW_REF ?? '')?.[1];
}

/** The switch a run's Octokit carries (sweepSwitchOf), so every caller of markInFlight uses it unasked. */
const carried = new WeakMap<Octokit, WorkflowSwitch>();

/**
 * `make` (a run's lazy Octokit) with the sweep's switch attached to what it makes, when
 * `sweep-workflow` names a workflow; `make` itself when it is empty (schedules left alone).
 */
export function withSweepSwitch(
  make: () => Promise<Octokit>,
  file: string | undefined,
  log: Logger,
): () => Promise<Octokit> {
  if (!file) return make;
  const sweep = new WorkflowSwitch(file, log);
  return async () => {
    const octokit = await make();
    carried.set(octokit, sweep);
    return octokit;
  };
}

export function sweepSwitchOf(octokit: Octokit): WorkflowSwitch | undefined {
  return carried.get(octokit);
}
