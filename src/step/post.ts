import { describeGitHubError, type Octokit } from '../github/octokit.ts';
import type { Logger } from '../base/log.ts';
import { ProgressComments } from '../github/progress-comment.ts';
import type { ProgressView } from '../github/progress-view.ts';
import type { ProgressFacts, SavedProgress, StepRecord } from './state.ts';
import { writeRunRecord } from '../github/run-record.ts';
import { errorMessage } from '../base/errors.ts';

/** What the post step needs; the entry builds it from the runner and the inputs. */
export interface PostDependencies {
  record: StepRecord;
  log: Logger;
  /** Octokit and the marker's key, made only when there is something to write; undefined without the inputs for them. */
  connect: () => Promise<{ octokit: Octokit; apiKey: string; repository: { owner: string; repo: string } } | undefined>;
  runUrl: string | undefined;
  /**
   * Puts a progress comment's facts into words: step/progress-words.ts `progressWords`, given by
   * the entry (main.ts), which tests replace. Undefined for a state it does not know.
   */
  words: (facts: ProgressFacts, runUrl: string | undefined) => ProgressView | undefined;
}

/**
 * The post step runs even after the main step was cancelled or killed. When the main step left
 * its progress comment unfinished ("working", or a final update that failed or hung), this
 * finishes it: with the outcome the main step knew, saved before its last update, or else as
 * cancelled, so no stale comment remains. When the main step created a job for a run without an
 * issue, this records it on the commit for a re-run (github/run-record.ts). With nothing saved it
 * does nothing. It never fails the job.
 */
export async function runPost(deps: PostDependencies): Promise<void> {
  const saved = deps.record.unfinishedProgress();
  const entry = deps.record.runRecord();
  const lock = deps.record.heldLock();
  if (!saved && !entry && !lock) return;
  const github = await deps.connect().catch((error: unknown) => {
    deps.log.warning(`The post step could not reach GitHub: ${errorMessage(error)}`);
    return undefined;
  });
  if (!github) return;
  if (saved) await finishProgress(saved, github, deps);
  if (entry) await writeRunRecord(github.octokit, github.repository, entry, deps.runUrl, deps.log);
  if (lock) await letGo(lock, github, deps.log);
}

/**
 * A claim the main step held when it was killed (a follow run's 👀 on its pull request): let go,
 * so the next run need not wait for it to grow stale (github/claim.ts, `lockPull`). Gone already is fine.
 */
async function letGo(
  lock: { issueNumber: number; reactionId: number },
  github: NonNullable<Awaited<ReturnType<PostDependencies['connect']>>>,
  log: Logger,
): Promise<void> {
  try {
    await github.octokit.rest.reactions.deleteForIssue({
      ...github.repository,
      issue_number: lock.issueNumber,
      reaction_id: lock.reactionId,
    });
    log.info(`Let go of the 👀 the main step held on #${lock.issueNumber}.`);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return;
    log.warning(`The post step could not let go of the 👀 on #${lock.issueNumber}: ${errorMessage(error)}`);
  }
}

async function finishProgress(
  saved: SavedProgress,
  github: NonNullable<Awaited<ReturnType<PostDependencies['connect']>>>,
  { log, runUrl, words }: PostDependencies,
): Promise<void> {
  try {
    const { issueNumber, triggers, finalView: known } = saved;
    const progress = new ProgressComments(github.octokit, { ...github.repository, issueNumber }, log, github.apiKey);
    // The main step may have died after creating the comment but before saving its id.
    const commentId =
      saved.commentId ??
      (await progress.find()).find((found) => triggers.some((key) => found.triggers.includes(key)))?.commentId;
    if (!commentId) return;
    // The outcome the main step knew, or else cancelled: the job, if any, goes on without this run.
    const knownView = known && words(known, runUrl);
    const jobId = knownView ? knownView.jobId : saved.jobId;
    const startedAt = saved.startedAt || new Date().toISOString();
    const view =
      knownView ??
      words({ state: 'cancelled', jobId, triggers, startedAt, open: saved.open, sweep: saved.sweep }, runUrl);
    if (!view) return;
    await progress.writeOrThrow(view, commentId);
    // The request's end is written (its marker is no longer open): it leaves the sweep's index.
    // A job that goes on ("cancelled") keeps the label, for the sweep to report its end.
    if (view.open === undefined) await progress.inFlight(false);
    log.info(
      known && knownView
        ? `The main step could not finish the progress comment: wrote its outcome (${known.state}).`
        : `The main step stopped before it finished the progress comment: marked it cancelled.` +
            (jobId ? ` Job ${jobId} continues on the service.` : ''),
    );
  } catch (error) {
    // Reading the comments or writing the final word: GitHub's answer, through the one description of GitHub errors.
    log.warning(
      `The post step could not finish the progress comment. ${describeGitHubError('Finishing it', error, 'issues: write')}`,
    );
  }
}
