import * as core from '@actions/core';
import { STEP_STATUSES, type PlanStep } from './agent-client.ts';
import { Input, State } from './constants.ts';
import { errorMessage } from './errors.ts';
import { createOctokit, runUrl } from './github.ts';
import type { Logger } from './logger.ts';
import { readDelayScale } from './inputs.ts';
import { ProgressComments } from './progress-comment.ts';
import type { ProgressState, ProgressView } from './progress-view.ts';
import { registerSecret } from './text-gate.ts';

/** The post step's whole budget for GitHub, before the delay scale; the runner waits for it. */
const POST_BUDGET_MS = 30_000;

/**
 * The post step runs even after the main step was cancelled or killed. When the main step left
 * its progress comment unfinished ("working", or a final update that failed or hung), this
 * finishes it: with the outcome the main step knew, saved before its last update, or else as
 * cancelled, so no stale comment remains. It never fails the job.
 */
export async function runPost(log: Logger): Promise<void> {
  try {
    const issueNumber = Number(core.getState(State.IssueNumber));
    if (!issueNumber || core.getState(State.Finished) === 'true') return;
    const token = core.getInput(Input.GitHubToken);
    const apiKey = core.getInput(Input.ApiKey);
    const [owner = '', repo = ''] = (process.env.GITHUB_REPOSITORY ?? '').split('/');
    if (!token || !apiKey || !owner || !repo) return;
    for (const secret of [token, apiKey]) {
      core.setSecret(secret);
      registerSecret(secret);
    }
    const scale = readDelayScale(process.env.DOCS_AGENT_DELAY_SCALE);
    const octokit = await createOctokit(token, log, {
      retryDelayMs: 1_000 * scale,
      requestTimeoutMs: Math.max(2_000, POST_BUDGET_MS * scale),
      deadline: Date.now() + Math.max(2_000, POST_BUDGET_MS * scale),
    });
    const progress = new ProgressComments(octokit, { owner, repo, issueNumber }, log, apiKey);
    const triggers = core.getState(State.Triggers).split(',').filter(Boolean);
    // The main step may have died after creating the comment but before saving its id.
    const commentId =
      Number(core.getState(State.CommentId)) ||
      (await progress.find()).find((found) => triggers.some((key) => found.triggers.includes(key)))?.commentId;
    if (!commentId) return;
    const known = savedView(core.getState(State.FinalView));
    const jobId = known?.jobId ?? core.getState(State.JobId);
    await progress.writeOrThrow(
      {
        state: known?.state ?? 'cancelled',
        jobId,
        triggers: known?.triggers ?? triggers,
        startedAt: known?.startedAt ?? (core.getState(State.StartedAt) || new Date().toISOString()),
        runUrl: runUrl(),
        prLink: known?.prLink,
        detail: known?.detail,
        title: known?.title,
        steps: known?.steps,
        message: known?.message,
        elapsedMs: known?.elapsedMs,
      },
      commentId,
    );
    log.info(
      known
        ? `The main step could not finish the progress comment: wrote its outcome (${known.state}).`
        : `The main step stopped before it finished the progress comment: marked it cancelled.` +
            (jobId ? ` Job ${jobId} continues on the service.` : ''),
    );
  } catch (error) {
    log.warning(`The post step could not finish the progress comment: ${errorMessage(error)}`);
  }
}

const STATES: readonly ProgressState[] = [
  'working',
  'pull-request',
  'no-change',
  'failed',
  'archived',
  'timed-out',
  'cancelled',
  'started',
  'error',
];

/** The final view the main step saved; read defensively, since the state file is only ours by convention. */
function savedView(raw: string): ProgressView | undefined {
  if (!raw) return undefined;
  try {
    const view = JSON.parse(raw) as Partial<ProgressView>;
    if (!STATES.includes(view.state as ProgressState) || typeof view.jobId !== 'string') return undefined;
    return {
      state: view.state as ProgressState,
      jobId: view.jobId,
      triggers: Array.isArray(view.triggers) ? view.triggers.filter((key) => typeof key === 'string') : [],
      startedAt: typeof view.startedAt === 'string' ? view.startedAt : new Date().toISOString(),
      prLink: typeof view.prLink === 'string' ? view.prLink : undefined,
      detail: typeof view.detail === 'string' ? view.detail : undefined,
      title: typeof view.title === 'string' ? view.title : undefined,
      steps: Array.isArray(view.steps)
        ? view.steps.filter(
            (step): step is PlanStep =>
              typeof step?.content === 'string' && (STEP_STATUSES as readonly unknown[]).includes(step.status),
          )
        : undefined,
      message: typeof view.message === 'string' ? view.message : undefined,
      elapsedMs: typeof view.elapsedMs === 'number' ? view.elapsedMs : undefined,
    };
  } catch {
    return undefined;
  }
}
