import { errorMessage } from '../base/errors.ts';
import { listReleases, type Release } from '../github/awaiting-release.ts';
import { sweepAccess } from '../step/backlog.ts';
import type { BacklogSettings } from '../step/backlog-inputs.ts';
import type { SweepContext } from '../step/finish.ts';
import { releaseWaiting, type ReleaseResult } from '../step/release-docs.ts';
import type { ReleaseSettings } from '../step/release-inputs.ts';
import { forLog } from '../text/text-gate.ts';

/**
 * Releases a sweep catches up on: the newest published ones, at most this many, so one waiting docs
 * pull request costs at most this many compares (releases published before its merge cost none).
 */
const MAX_RELEASES = 5;

/**
 * The sweep's catch-up for `ready-when: released`: a release no run listened to (a release workflow
 * of its own, a failed run) marks its waiting docs pull requests ready here, as the release run
 * would have (step/release-docs.ts). Undefined when the workflow does not wait for releases, or
 * nothing was published. Never throws: a failure is a warning, the next sweep tries again.
 */
export async function catchUpReleases(
  context: SweepContext,
  release: ReleaseSettings,
  backlog: BacklogSettings,
): Promise<ReleaseResult | undefined> {
  if (release.readyWhen !== 'released') return undefined;
  const { log } = context.step.runner;
  let published: Release[];
  try {
    published = (await listReleases(context.octokit, context.repository, MAX_RELEASES))
      .filter((found) => !found.draft && found.publishedAt && (release.includePrereleases || !found.prerelease))
      .reverse();
  } catch (error) {
    log.warning(`Could not list the releases to catch up on: ${errorMessage(error)}`);
    return undefined;
  }
  if (!published.length) return undefined;
  const result = await releaseWaiting(sweepAccess(context, backlog.docsToken), published, {
    settings: release,
    docsRepository: backlog.docsRepository,
    client: context.client,
  });
  const ready = result.rows.filter((row) => row.kind === 'ready').length;
  const waiting = result.rows.filter((row) => row.kind === 'waiting').length;
  log.info(
    forLog(
      `Releases: ${ready} docs pull request(s) marked ready, ${waiting} still waiting ` +
        `(newest release ${published[published.length - 1]?.tag ?? ''}).`,
    ),
  );
  return result;
}
