import { Input } from '../base/constants.ts';
import { listInFlight } from '../github/in-flight.ts';
import { describeGitHubError } from '../github/octokit.ts';
import { ownWorkflowFile, WorkflowSwitch } from '../github/workflows.ts';
import type { SweepSetup } from '../step/finish.ts';
import type { SweepRow } from './summary.ts';

/**
 * With `sweep-workflow`, the sweep turns its own schedule off once it leaves nothing in flight (it
 * found nothing, or finished the last request): an idle repository then runs no sweep at all, and
 * the next run that puts a request in flight turns it on again (github/in-flight.ts). A request
 * labelled while this sweep worked may have enabled the workflow before this disable: the index is
 * read again after it, and anything found there turns the schedule back on. So whichever order the
 * calls land in, the workflow ends enabled while anything is in flight.
 */
export async function settleSchedule(setup: SweepSetup, rows: readonly SweepRow[], left: number): Promise<void> {
  const file = setup.settings.sweepWorkflow;
  if (!file) return;
  const { log } = setup.step.runner;
  const own = ownWorkflowFile();
  if (own !== file) {
    log.warning(
      `'${Input.SweepWorkflow}' is '${file}', but this sweep runs from ${own ? `'${own}'` : 'a workflow GITHUB_WORKFLOW_REF does not name'}: ` +
        "its schedule is left alone. Give every workflow of the action the sweep workflow's file name.",
    );
    return;
  }
  // A request still working, or not reached, needs the next sweep.
  if (left > 0 || rows.some(({ kind }) => kind === 'active' || kind === 'error')) return;
  const { octokit, repository } = setup;
  const schedule = new WorkflowSwitch(file, log);
  if (!(await schedule.set(octokit, repository, false))) return;
  let arrived = true;
  try {
    arrived = (await listInFlight(octokit, repository, 1)).items.length > 0;
  } catch (error) {
    // Not knowing is treated as a request in flight: a sweep too many costs a minute, one too few a request.
    log.warning(describeGitHubError('Listing the requests in flight again', error, 'issues: read'));
  }
  if (arrived && (await schedule.set(octokit, repository, true))) {
    log.info(`A request came in flight meanwhile: the workflow '${file}' stays enabled.`);
  } else if (!arrived) {
    log.info(`Nothing is in flight: the workflow '${file}' is disabled until a run puts a request in flight.`);
  }
}
