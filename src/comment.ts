import { errorMessage } from './errors.ts';
import type { GitHubAccess } from './github.ts';
import type { Logger } from './logger.ts';
import type { Outcome } from './outcome.ts';

/**
 * Hidden in every comment the action writes, so a later run can find its comment again.
 * It holds only the job id, which the service generated; never user text.
 */
export const MARKER_PREFIX = '<!-- docs-agent-action';

export function marker(jobId: string | undefined): string {
  return `${MARKER_PREFIX} job=${jobId ? encodeURIComponent(jobId) : ''} -->`;
}

export function renderOutcome(outcome: Outcome, runUrl: string | undefined): string {
  const lines = [marker(outcome.job?.id), headline(outcome)];
  if (outcome.job) lines.push('', `Job: \`${outcome.job.id.replace(/`/g, '')}\``);
  if (runUrl) lines.push('', `[Workflow run](${runUrl})`);
  return lines.join('\n');
}

function headline(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'pull-request':
      return `**Documentation update ready:** ${outcome.prLink}`;
    case 'no-change':
      return '**The documentation agent finished without opening a pull request**: no files needed to change, or the service committed directly to the deploy branch.';
    case 'timed-out':
      return '**Stopped waiting for the documentation agent.** The job continues on the service.';
    case 'cancelled':
      return '**Cancelled.** The job continues on the service.';
    default:
      return `**The documentation update failed.** ${neutralise(outcome.message)}`;
  }
}

/** Text from the service is shown as text: no mentions, links or markup of its own. */
export function neutralise(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+!|<>~@]/g, (c) => `\\${c}`);
}

/** Posts the outcome on the issue that asked for it. Reporting never fails the run: it warns. */
export async function commentOutcome(access: GitHubAccess, outcome: Outcome, runUrl: string | undefined, log: Logger): Promise<void> {
  const { octokit, target } = access;
  try {
    const { data } = await octokit.rest.issues.createComment({
      owner: target.owner,
      repo: target.repo,
      issue_number: target.issueNumber,
      body: renderOutcome(outcome, runUrl),
    });
    log.info(`Reported the outcome on issue #${target.issueNumber}: ${data.html_url}`);
  } catch (error) {
    log.warning(`Could not comment on issue #${target.issueNumber}: ${errorMessage(error)}`);
  }
}
