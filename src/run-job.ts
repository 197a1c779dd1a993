import * as core from '@actions/core';
import type { Job } from './agent-client.ts';
import { Output, RUNNING_STATUS, State } from './constants.ts';
import { sendOnce } from './create-job.ts';
import { ServiceError, errorMessage, publicErrorMessage } from './errors.ts';
import type { Settings } from './inputs.ts';
import type { Dependencies } from './main.ts';
import { decideOutcome, errorOutcome, startedOutcome, type Outcome } from './outcome.ts';
import type { ProgressComments } from './progress-comment.ts';
import type { Trigger } from './trigger.ts';
import { waitForJob } from './wait.ts';

/** How long a just-created job may answer 404 before that is believed, before the delay scale. */
const NOT_FOUND_GRACE_MS = 30_000;

/** The progress comment of this request and what its marker records. */
export interface Conversation {
  commentId: number | undefined;
  triggers: string[];
  startedAt: string;
  /** The comment that asked, for the final reaction. */
  requestCommentId: number | undefined;
}

type Plan =
  | { kind: 'create' }
  | { kind: 'follow-up'; jobId: string }
  /** The job exists already: named by `job-id`, or by this request's own comment on a re-run. */
  | { kind: 'attach'; jobId: string; reason: string };

export interface JobRequest {
  settings: Settings;
  trigger: Extract<Trigger, { kind: 'run' }>;
  prompt: string;
  progress: ProgressComments | undefined;
  deps: Dependencies;
}

/**
 * Gets the job (created, continued with a follow-up, or attached to) and waits for it.
 * A re-run of a workflow for a request that already has a job never creates a second one.
 */
export async function runJob(request: JobRequest): Promise<{ outcome: Outcome; conversation: Conversation }> {
  const { settings, trigger, progress, deps } = request;
  const { clock, log } = deps;
  const started = clock.now();
  const key = trigger.commentId !== undefined ? `c${trigger.commentId}` : `r${deps.runId}`;
  const conversation: Conversation = {
    commentId: undefined,
    triggers: [key],
    startedAt: new Date(started).toISOString(),
    requestCommentId: trigger.commentId,
  };

  let job: Job | undefined;
  try {
    const plan = await planJob(request, key, conversation);
    if (plan.kind !== 'create')
      log.info(plan.kind === 'attach' ? plan.reason : `Sending the request to job ${plan.jobId} as a follow-up.`);
    await progress?.react('eyes', trigger.commentId);
    job = await core.group(plan.kind === 'create' ? 'Create the job' : 'Find the job', () =>
      obtainJob(plan, request, started + settings.timeoutMs),
    );
    // Set at once, so the output and the post step know the job even if this run is killed.
    core.setOutput(Output.JobId, job.id);
    core.saveState(State.JobId, job.id);
    if (progress) {
      // Saved before the comment is written: a run killed in between still lets the post step find it.
      saveProgressState(progress.issueNumber, conversation);
      conversation.commentId = await progress.write(
        { state: 'working', jobId: job.id, ...conversation, runUrl: deps.runUrl },
        conversation.commentId,
      );
      if (conversation.commentId !== undefined) core.saveState(State.CommentId, String(conversation.commentId));
    }
    if (deps.signal.aborted)
      return { outcome: decideOutcome({ job, end: 'cancelled' }, { elapsedMs: clock.now() - started }), conversation };
    const attached = plan.kind === 'attach';
    const found = job;
    const result = await core.group('Wait for the job', () =>
      waitForJob({
        client: deps.client,
        job: found,
        // wait: false still reads an attached job once, to report its status.
        deadline: settings.wait ? started + settings.timeoutMs : clock.now(),
        notFoundGraceMs: attached ? 0 : NOT_FOUND_GRACE_MS * settings.delayScale,
        pollFirst: attached,
        delayScale: settings.delayScale,
        clock,
        log,
        signal: deps.signal,
      }),
    );
    job = result.job;
    if (!settings.wait && result.end !== 'terminal') return { outcome: startedOutcome(job), conversation };
    const agentMessage =
      result.end === 'terminal' && job.status !== 'completed' ? await deps.client.getMessageToUser(job.id) : undefined;
    return { outcome: decideOutcome(result, { elapsedMs: clock.now() - started, agentMessage }), conversation };
  } catch (error) {
    const notFound = error instanceof ServiceError && error.status === 404 && job;
    const message = notFound
      ? `Job ${job?.id ?? ''} was not found in project '${settings.projectId}'. Check 'job-id' and 'project-id'.`
      : errorMessage(error);
    return { outcome: errorOutcome(message, job, notFound ? message : publicErrorMessage(error)), conversation };
  }
}

async function planJob(request: JobRequest, key: string, conversation: Conversation): Promise<Plan> {
  const { settings, trigger, progress } = request;
  if (settings.jobId)
    return { kind: 'attach', jobId: settings.jobId, reason: `Attaching to job ${settings.jobId} (job-id).` };
  if (!progress) return { kind: 'create' };
  const existing = await progress.find();
  const own = existing.find((found) => found.triggers.includes(key));
  if (own) {
    conversation.commentId = own.commentId;
    conversation.triggers = own.triggers;
    if (own.jobId) {
      return {
        kind: 'attach',
        jobId: own.jobId,
        reason: `This request already has job ${own.jobId} (a re-run): resuming it instead of creating one.`,
      };
    }
    return { kind: 'create' };
  }
  const latest = existing.findLast((found) => found.jobId);
  if (trigger.commentId !== undefined && !trigger.forceNew && latest) {
    conversation.commentId = latest.commentId;
    conversation.triggers = [...latest.triggers, key];
    return { kind: 'follow-up', jobId: latest.jobId };
  }
  return { kind: 'create' };
}

async function obtainJob(plan: Plan, request: JobRequest, deadline: number): Promise<Job> {
  const { client, clock, log } = request.deps;
  const options = { deadline, delayScale: request.settings.delayScale, clock, log };
  switch (plan.kind) {
    case 'create': {
      const job = await sendOnce('Creating the job', () => client.createJob(request.prompt), options);
      log.info(`Created job ${job.id} (${job.status || 'no status yet'}).`);
      return job;
    }
    case 'follow-up':
      return sendOnce(
        `Sending the follow-up to job ${plan.jobId}`,
        () => client.sendMessage(plan.jobId, request.prompt),
        options,
      );
    case 'attach':
      // Read by the wait loop's first poll.
      return { id: plan.jobId, status: RUNNING_STATUS, prLink: null };
  }
}

function saveProgressState(issueNumber: number, conversation: Conversation): void {
  core.saveState(State.IssueNumber, String(issueNumber));
  core.saveState(State.StartedAt, conversation.startedAt);
  core.saveState(State.Triggers, conversation.triggers.join(','));
}
