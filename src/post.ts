import * as core from '@actions/core';
import { Input, State } from './constants.ts';
import { errorMessage } from './errors.ts';
import { createOctokit, runUrl } from './github.ts';
import type { Logger } from './logger.ts';
import { readDelayScale } from './inputs.ts';
import { ProgressComments } from './progress-comment.ts';

/**
 * The post step runs even after the main step was cancelled or killed. When the main step left
 * its progress comment saying "working", this marks it cancelled, so no stale comment remains.
 * It never fails the job.
 */
export async function runPost(log: Logger): Promise<void> {
  try {
    const issueNumber = Number(core.getState(State.IssueNumber));
    if (!issueNumber || core.getState(State.Finished) === 'true') return;
    const token = core.getInput(Input.GitHubToken);
    const [owner = '', repo = ''] = (process.env.GITHUB_REPOSITORY ?? '').split('/');
    if (!token || !owner || !repo) return;
    const octokit = await createOctokit(token, log, 1_000 * readDelayScale(process.env.DOCS_AGENT_DELAY_SCALE));
    const progress = new ProgressComments(octokit, { owner, repo, issueNumber }, log);
    const triggers = core.getState(State.Triggers).split(',').filter(Boolean);
    // The main step may have died after creating the comment but before saving its id.
    const commentId =
      Number(core.getState(State.CommentId)) ||
      (await progress.find()).find((found) => triggers.some((key) => found.triggers.includes(key)))?.commentId;
    if (!commentId) return;
    const jobId = core.getState(State.JobId);
    await progress.write(
      {
        state: 'cancelled',
        jobId,
        triggers,
        startedAt: core.getState(State.StartedAt) || new Date().toISOString(),
        runUrl: runUrl(),
      },
      commentId,
    );
    log.info(
      `The main step stopped before it finished the progress comment: marked it cancelled. Job ${jobId} continues on the service.`,
    );
  } catch (error) {
    log.warning(`The post step could not finish the progress comment: ${errorMessage(error)}`);
  }
}
