import { RELEASED_STATUS, SKIPPED_STATUS } from '../base/constants.ts';
import { errorMessage } from '../base/errors.ts';
import { releaseOf, type Release } from '../github/awaiting-release.ts';
import type { GitHubEvent } from '../github/event.ts';
import { checkPermission } from '../github/permissions.ts';
import { productionDependencies } from '../step/deps.ts';
import type { BacklogSettings } from '../step/backlog-inputs.ts';
import { missingApiKey, missingGitHubToken, type InputProblems, type ServiceSettings } from '../step/inputs.ts';
import type { Step } from '../step/mode.ts';
import { releaseWaiting, type ReleaseResult } from '../step/release-docs.ts';
import { forLog, forMarkdown, forOutput } from '../text/text-gate.ts';
import type { ReleaseSettings } from '../step/release-inputs.ts';

/** The settings of a release run, every input error kept in `problems` until the releaser passed. */
export interface ReleaseDecision {
  settings: ServiceSettings;
  release: ReleaseSettings;
  backlog: BacklogSettings;
  problems: InputProblems;
}

/** Why this release event marks nothing ready, from the payload alone; undefined when it may. */
function ignored(event: GitHubEvent): string | undefined {
  const { payload } = event;
  if (payload.action !== 'published') {
    return `a release '${forLog(payload.action ?? '', 40)}' event marks no docs ready: only 'published' does`;
  }
  const release = releaseOf(payload.release);
  if (!release) return 'the release names no tag this action can show';
  if (release.draft) return `the release ${release.tag} is a draft`;
  return undefined;
}

/**
 * A release run (`release: published`): the releaser's permission, then the inputs, then the docs
 * pull requests waiting for a release this one contains are marked ready (step/release-docs.ts).
 * No service request, unless `release-follow-up: true`: then one follow-up per released job.
 */
export async function runRelease(step: Step, event: GitHubEvent, decision: ReleaseDecision): Promise<void> {
  const { runner, record } = step;
  const { settings, problems } = decision;
  const skip = (notice: string): void => {
    record.writeOutputs({ status: SKIPPED_STATUS, message: forOutput(`skipped: ${notice}`) });
    runner.log.notice(`Nothing to do: ${notice}.`);
  };
  const why = ignored(event);
  if (why) return skip(why);
  const release = releaseOf(event.payload.release) as Release;
  if (!settings.githubToken) throw missingGitHubToken('a release run needs it to find the docs waiting for it');
  const deps = productionDependencies(settings, step);
  const octokit = await deps.octokit();
  const releaser = event.payload.sender ?? { login: '' };
  const verdict = await checkPermission(octokit, event.repository, releaser, settings);
  if (!verdict.allowed) return skip(`the release was published by ${forLog(releaser.login, 40)}: ${verdict.reason}`);
  problems.throwIfAny();
  const options = decision.release;
  if (options.readyWhen !== 'released') {
    return skip("'ready-when' is merged: docs pull requests are marked ready at the merge, not by a release");
  }
  if (release.prerelease && !options.includePrereleases) {
    return skip(`${release.tag} is a prerelease (set 'include-prereleases: true' to release docs with prereleases)`);
  }
  if (!settings.apiKey) throw missingApiKey();
  const access = {
    octokit,
    repository: event.repository,
    key: settings.apiKey,
    docsToken: decision.backlog.docsToken,
    timeoutMs: settings.timeoutMs,
    step,
  };
  const result = await releaseWaiting(access, [release], {
    settings: options,
    docsRepository: decision.backlog.docsRepository,
    client: deps.client,
  });
  await report(step, release, result);
}

/** One line for the `message` output and the log, and the rows in the job summary. */
async function report(step: Step, release: Release, result: ReleaseResult): Promise<void> {
  const { runner, record } = step;
  const count = (kind: string) => result.rows.filter((row) => row.kind === kind).length;
  const line =
    result.skipped ??
    `Release ${release.tag}: ${count('ready')} docs pull request(s) marked ready, ${count('waiting')} still waiting` +
      `${count('error') ? `, ${count('error')} error(s)` : ''}${result.truncated ? ' (more left for the next run)' : ''}.`;
  record.writeOutputs({ status: RELEASED_STATUS, message: forOutput(line) });
  runner.log.info(forLog(line));
  const summary = runner
    .summary()
    .addHeading('Docs that ship with the release', 3)
    .addRaw(forMarkdown(line, 300), true);
  for (const row of result.rows) summary.addRaw(`- ${row.kind}: ${row.docs} (${row.detail})`, true);
  await summary
    .write()
    .catch((error: unknown) => runner.log.warning(`Could not write the job summary: ${errorMessage(error)}`));
}
