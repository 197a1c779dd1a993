import * as core from '@actions/core';
import type { Job } from './agent-client.ts';
import { Output, RUNNING_STATUS, State } from './constants.ts';
import type { Claim } from './claim.ts';
import { isAmbiguous, sendOnce } from './create-job.ts';
import { ServiceError, errorMessage, publicErrorMessage } from './errors.ts';
import type { Settings } from './inputs.ts';
import type { Dependencies, NoWork } from './main.ts';
import { cancelledBeforeJob, decideOutcome, errorOutcome, startedOutcome, type Outcome } from './outcome.ts';
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
  /** Whether someone asked on GitHub (a comment, an issue, a pull request): only then are there reactions. */
  react: boolean;
}

type Plan =
  | { kind: 'create' }
  | { kind: 'follow-up'; jobId: string }
  /** The job exists already: named by `job-id`, or by this request's own comment on a re-run. */
  | { kind: 'attach'; jobId: string; reason: string }
  /** Another run holds the request (see claim.ts), or the claim could not be made. */
  | Exclude<Claim, { kind: 'go' }>;

export interface JobRequest {
  settings: Settings;
  trigger: Extract<Trigger, { kind: 'run' }>;
  prompt: string;
  progress: ProgressComments | undefined;
  deps: Dependencies;
  /** The request's key in the progress marker (claim.ts `requestKey`). */
  key: string;
  /** Claims the request on GitHub before a job is created; undefined when there is no issue to report on. */
  claim: (() => Promise<Claim>) | undefined;
}

/** The run was cancelled while the service was being asked to create or continue a job. */
class CancelledWhileSending extends Error {}

/**
 * Gets the job (created, continued with a follow-up, or attached to) and waits for it.
 * A re-run of a workflow for a request that already has a job never creates a second one.
 */
export async function runJob(request: JobRequest): Promise<{ outcome: Outcome; conversation: Conversation } | NoWork> {
  const { settings, trigger, progress, deps, key } = request;
  const { clock, log } = deps;
  const started = clock.now();
  const conversation: Conversation = {
    commentId: undefined,
    triggers: [key],
    startedAt: new Date(started).toISOString(),
    requestCommentId: trigger.commentId,
    react: trigger.commentId !== undefined || trigger.requester !== undefined,
  };

  let job: Job | undefined;
  let plan: Plan | undefined;
  let release = async (): Promise<void> => {};
  try {
    plan = await planJob(request, key, conversation, (given) => (release = given));
    if (plan.kind === 'held') return { kind: 'skipped', message: plan.message };
    if (plan.kind === 'failed') {
      const outcome = deps.signal.aborted ? cancelledBeforeJob(false) : errorOutcome(plan.message, undefined);
      return { outcome, conversation };
    }
    const chosen = plan;
    const title = { create: 'Create the job', 'follow-up': 'Send the follow-up', attach: 'Attach to the job' };
    job = await core.group(title[chosen.kind], () => {
      if (chosen.kind !== 'create') {
        log.info(
          chosen.kind === 'attach' ? chosen.reason : `Sending the request to job ${chosen.jobId} as a follow-up.`,
        );
      }
      return untilCancelled(() => obtainJob(chosen, request, started + settings.timeoutMs), deps.signal);
    });
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
    if (!job && deps.signal.aborted) {
      // Said in `status` and the message: whether the service may have been reached.
      const sending = error instanceof CancelledWhileSending;
      if (plan?.kind === 'follow-up') {
        const existing = { id: plan.jobId, status: '', prLink: null };
        return { outcome: decideOutcome({ job: existing, end: 'cancelled' }, { elapsedMs: 0 }), conversation };
      }
      if (plan?.kind === 'create' && !sending) await release();
      return { outcome: cancelledBeforeJob(sending), conversation };
    }
    // Nothing reached the service: give the claim back so a re-run may try again.
    if (plan?.kind === 'create' && !job && !isAmbiguous(error)) await release();
    const notFound = error instanceof ServiceError && error.status === 404 && job;
    const message = notFound
      ? `Job ${job?.id ?? ''} was not found in project '${settings.projectId}'. Check 'job-id' and 'project-id'.`
      : errorMessage(error);
    return { outcome: errorOutcome(message, job, notFound ? message : publicErrorMessage(error)), conversation };
  }
}

async function planJob(
  request: JobRequest,
  key: string,
  conversation: Conversation,
  onRelease: (release: () => Promise<void>) => void,
): Promise<Plan> {
  const { settings, trigger, progress } = request;
  if (settings.jobId) {
    // Picking up a request (after a timeout, say): finish its progress comment, not a second one.
    const original = progress ? (await progress.find()).findLast((found) => found.jobId === settings.jobId) : undefined;
    if (original) {
      conversation.commentId = original.commentId;
      conversation.triggers = original.triggers.includes(key) ? original.triggers : [...original.triggers, key];
    }
    return { kind: 'attach', jobId: settings.jobId, reason: `Attaching to job ${settings.jobId} (job-id).` };
  }
  if (!progress || !request.claim) return { kind: 'create' };
  const claim = await request.claim();
  if (claim.kind !== 'go') return claim;
  onRelease(claim.release);
  const { existing } = claim;
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

async function obtainJob(
  plan: Exclude<Plan, { kind: 'held' | 'failed' }>,
  request: JobRequest,
  deadline: number,
): Promise<Job> {
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

/**
 * Creating or continuing a job is raced against the cancel: the runner kills the step 10 s after
 * it, so the run stops waiting for the answer at once and reports that a job may exist.
 */
async function untilCancelled(obtain: () => Promise<Job>, signal: AbortSignal): Promise<Job> {
  if (signal.aborted) throw new Error('Cancelled before the request was sent.');
  let onAbort = (): void => {};
  const cancelled = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(new CancelledWhileSending('cancelled'));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([obtain(), cancelled]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

export function saveProgressState(issueNumber: number, conversation: Conversation): void {
  core.saveState(State.IssueNumber, String(issueNumber));
  core.saveState(State.StartedAt, conversation.startedAt);
  core.saveState(State.Triggers, conversation.triggers.join(','));
}
