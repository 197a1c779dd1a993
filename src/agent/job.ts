import type { Job } from '../service/client.ts';
import type { Claim } from '../github/claim.ts';
import type { RunRecord } from '../github/run-record.ts';
import { JobMayExist, sendOnce } from '../service/send-once.ts';
import { ServiceError, errorMessage, publicErrorMessage } from '../base/errors.ts';
import { describeGitHubError } from '../github/octokit.ts';
import type { Settings } from './inputs.ts';
import { LiveProgress } from './live-progress.ts';
import type { Conversation } from './conversation.ts';
import type { Dependencies } from '../step/deps.ts';
import { cancelledBeforeJob, decideOutcome, errorOutcome, startedOutcome } from '../outcome/decide.ts';
import type { RunResult } from '../outcome/outcome.ts';
import type { FoundProgress, ProgressComments } from '../github/progress-comment.ts';
import { planJob, type Plan } from './plan.ts';
import type { Trigger } from '../github/trigger.ts';
import { readJob, readsOf, waitForJob } from '../service/wait.ts';
import { CANCELLED_STATUS } from '../base/constants.ts';

export interface JobRequest {
  settings: Settings;
  trigger: Extract<Trigger, { kind: 'run' }>;
  prompt: string;
  progress: ProgressComments | undefined;
  deps: Dependencies;
  /** The run's conversation with the issue: the job adopts the plan's comment and says "working" there. */
  conversation: Conversation;
  /** The request's key in the progress marker (claim.ts `requestKey`). */
  key: string;
  /** Claims the request on GitHub before a job is created; undefined when there is no issue to report on. */
  claim: (() => Promise<Claim>) | undefined;
  /** Where a run without an issue records its job for a re-run; undefined with an issue, or without a token. */
  runRecord?: RunRecord | undefined;
}

/**
 * Gets the job (created, continued with a follow-up, or attached to) and waits for it.
 * A re-run of a workflow for a request that already has a job never creates a second one.
 */
export async function runJob(request: JobRequest): Promise<RunResult> {
  const { settings, trigger, deps, key, conversation } = request;
  const { clock } = deps;
  const { log } = deps.runner;
  const started = clock.now();

  let job: Job | undefined;
  let plan: Plan | undefined;
  try {
    const read = await readExisting(request);
    if (read.kind === 'held') return { kind: 'skipped', message: read.message };
    if (read.kind === 'failed') {
      // A job named by `job-id` is known even when GitHub failed: `job-id` says which.
      const named = settings.jobId ? knownJob(settings.jobId) : undefined;
      return deps.signal.aborted ? cancelledBeforeJob(false) : errorOutcome(read.message, named);
    }
    plan = planJob({ jobId: settings.jobId, key, trigger, recorded: read.recorded }, read.existing);
    conversation.adopt(plan);
    const chosen = plan;
    const title = { create: 'Create the job', 'follow-up': 'Send the follow-up', attach: 'Attach to the job' };
    const end = started + settings.timeoutMs;
    job = await deps.runner.group(title[chosen.kind], () => obtainJob(chosen, request, end, read.release));
    // Saved at once, so the post step knows the job even if this run is killed.
    deps.record.saveJob(job.id);
    // And, when there is no issue to say it, for the post step to record on the commit, so a re-run
    // of this run resumes it.
    const entry = chosen.kind === 'create' ? request.runRecord?.entry(job.id) : undefined;
    if (entry) deps.record.saveRunRecord(entry);
    await conversation.working(job.id);
    if (deps.signal.aborted) return decideOutcome({ job, end: 'cancelled' }, { elapsedMs: clock.now() - started });
    const attached = plan.kind === 'attach';
    const found = job;
    const deadline = settings.wait ? end : clock.now();
    const live = new LiveProgress({
      client: deps.client,
      jobId: job.id,
      clock,
      log,
      limits: deps.timings.live,
      startedAt: started,
      deadline,
      signal: deps.signal,
      show: conversation.showPlan,
    });
    const result = await deps.runner.group('Wait for the job', () =>
      waitForJob({
        client: deps.client,
        job: found,
        // An attached job was read just now (obtainJob): with wait: false that read is the report.
        deadline,
        notFoundGraceMs: attached ? 0 : deps.timings.notFoundGraceMs,
        schedule: deps.timings.poll,
        clock,
        log,
        signal: deps.signal,
        ...(settings.wait ? { onPoll: live.onPoll } : {}),
      }),
    );
    job = result.job;
    if (!settings.wait && result.end !== 'terminal') return startedOutcome(job);
    const session = result.end === 'terminal' ? await live.final() : live.session;
    const agentMessage = job.status !== 'completed' ? session?.messageToUser : undefined;
    return decideOutcome(result, { elapsedMs: clock.now() - started, agentMessage, session });
  } catch (error) {
    // The job this run follows up or attaches to is known, whether or not it could be read.
    const known = job ?? (plan && plan.kind !== 'create' ? knownJob(plan.jobId) : undefined);
    if (!job && deps.signal.aborted) {
      if (known) {
        const outcome = decideOutcome({ job: known, end: 'cancelled' }, { elapsedMs: 0 });
        // An attached job that was never read has no status to report, not even 'active'.
        if (plan?.kind === 'attach') outcome.jobStatus = CANCELLED_STATUS;
        return outcome;
      }
      // Said in `status` and the message: whether the service may have been reached.
      return cancelledBeforeJob(error instanceof JobMayExist);
    }
    const notFound = error instanceof ServiceError && error.status === 404 && known;
    // An attached job that could not be read: the failure is named, never a status guessed.
    const unread = !job && plan?.kind === 'attach' ? `Could not read job ${plan.jobId}: ` : '';
    const message = notFound
      ? `Job ${known.id} was not found in project '${settings.projectId}'. Check 'job-id' and 'project-id'.`
      : `${unread}${errorMessage(error)}`;
    const publicMessage = notFound ? message : `${unread}${publicErrorMessage(error)}`;
    return errorOutcome(message, known, publicMessage);
  }
}

/** The progress comments: read under the request's claim when a job may be created. */
async function readExisting(
  request: JobRequest,
): Promise<
  | { kind: 'go'; existing: FoundProgress[]; release: () => Promise<void>; recorded?: string | undefined }
  | Exclude<Claim, { kind: 'go' }>
> {
  const { settings, progress, claim, runRecord } = request;
  const nothing = async (): Promise<void> => {};
  if (settings.jobId) {
    if (!progress) return { kind: 'go', existing: [], release: nothing };
    try {
      return { kind: 'go', existing: await progress.find(), release: nothing };
    } catch (error) {
      // The job's progress comment is found there: without it a second one would be written.
      const call = `Reading the comments of #${progress.issueNumber} (to find the progress comment of job ${settings.jobId})`;
      return { kind: 'failed', message: describeGitHubError(call, error, 'issues: read') };
    }
  }
  if (!progress || !claim) {
    const recorded = runRecord ? await runRecord.find() : undefined;
    if (recorded?.kind === 'failed') return recorded;
    return {
      kind: 'go',
      existing: [],
      release: nothing,
      recorded: recorded?.kind === 'found' ? recorded.jobId : undefined,
    };
  }
  return claim();
}

/** `release` gives the request's claim back: sendOnce does when the create cannot have reached the service. */
async function obtainJob(plan: Plan, request: JobRequest, deadline: number, release: () => Promise<void>) {
  const { client, clock, runner, timings, signal } = request.deps;
  const options = { deadline, backoff: timings.send, clock, log: runner.log, signal };
  switch (plan.kind) {
    case 'create': {
      const create = (cut: AbortSignal) => client.createJob(request.prompt, cut);
      const job = await sendOnce('Creating the job', create, { ...options, record: { takeBack: release } });
      runner.log.info(`Created job ${job.id} (${job.status || 'no status yet'}).`);
      return job;
    }
    case 'follow-up': {
      runner.log.info(`Sending the request to job ${plan.jobId} as a follow-up.`);
      const send = (cut: AbortSignal) => client.sendMessage(plan.jobId, request.prompt, cut);
      return sendOnce(`Sending the follow-up to job ${plan.jobId}`, send, { ...options, followUpTo: plan.jobId });
    }
    case 'attach': {
      runner.log.info(plan.reason);
      // Read for real before anything is reported: a job that cannot be read is an error, never a
      // placeholder status. With wait: true the reads may go on until the deadline, as the wait
      // loop's would; without, a few quick ones.
      const tries = request.settings.wait ? Number.POSITIVE_INFINITY : ATTACH_TRIES;
      const job = await readJob(readsOf(request.deps, { id: plan.jobId, tries, deadline }));
      runner.log.info(`Job ${job.id} is ${job.status || 'without a known status'}.`);
      return job;
    }
  }
}

/** How often `wait: false` tries to read the job it attaches to before it reports the failure. */
const ATTACH_TRIES = 3;

/** A job known only by its id (`job-id`, a follow-up's job): what outputs and comments may name. */
function knownJob(id: string): Job {
  return { id, status: '', prLink: null };
}
