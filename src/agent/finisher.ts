import { errorMessage, publicErrorMessage } from '../base/errors.ts';
import { ProgressComments } from '../github/progress-comment.ts';
import { renderProgress } from '../github/progress-view.ts';
import type { ReactionSubject, SignedComment } from '../github/thread.ts';
import type { Job, Session } from '../service/client.ts';
import { isTerminal, readKnownJob, readsOf } from '../service/wait.ts';
import { markDocsPull, sweepAccess } from '../step/backlog.ts';
import type { Finisher, SweepContext, SweepResult } from '../step/finish.ts';
import { forMarkdown } from '../text/text-gate.ts';
import { Conversation } from './conversation.ts';
import { decideOutcome, errorOutcome } from '../outcome/decide.ts';
import { countDone } from './live-progress.ts';
import { vetDocsLink } from './backlog.ts';
import { waitedFor } from '../outcome/words.ts';

/** How often a job is read before the sweep names the failure (retry.ts waits out 429 and Retry-After). */
const READ_TRIES = 3;

/**
 * Agent mode's part of the sweep (src/sweep/): finishes the requests of an issue or pull request
 * whose job no run saw the end of (`wait: false`, a run cancelled or timed out). The issue's
 * comments are the sweep's read (SweepContext `threadOf`: many threads in one call); each of this
 * action's signed progress comments still in flight (its marker's `open`) has its job read once. A
 * job that ended gets the final word a waiting run would have written, through the same
 * Conversation and outcomes table, under the same claim (conversation.ts); one still active gets
 * its plan refreshed, edited only when that changes the comment. The label comes off once no
 * request of the issue is in flight. Undefined when no progress comment of this action is on the
 * issue: the next finisher is asked.
 */
export const agentFinisher: Finisher = {
  name: 'agent',
  async finish(item, context) {
    const { step, octokit } = context;
    // The thread the sweep read (one call for many items), shared with the finishers asked before.
    const progress = ProgressComments.over(octokit, context.threadOf(item.number));
    const found = await progress.thread.signed('progress');
    if (!found.length) return undefined;
    const open = found.filter(({ marker }) => marker.open !== undefined && marker.jobId);
    const results: SweepResult[] = [];
    for (const comment of open) {
      if (step.signal.aborted) break;
      results.push(await finishOne(comment, progress, context, item.pullRequest));
    }
    const result = results.length ? worst(results) : alreadyDone(found.at(-1)?.marker.jobId ?? '');
    // The index keeps the issue while a request of it is in flight: active, failed to finish, or
    // claimed by a finisher that may still be writing (the next sweep looks again).
    const settled = results.length === open.length && results.every(({ kind }) => kind === 'finished');
    if (settled || !results.length) await progress.inFlight(false);
    return result;
  },
};

/** One request in flight: its job read once, then finished, or its plan refreshed. */
async function finishOne(
  comment: SignedComment<'progress'>,
  progress: ProgressComments,
  context: SweepContext,
  pullRequest: boolean,
): Promise<SweepResult> {
  const { step, client, clock } = context;
  const { jobId } = comment.marker;
  try {
    const deadline = Math.min(clock.now() + step.timings.serviceRequestMs * READ_TRIES, context.deadline ?? Infinity);
    const job = await readKnownJob(readsOf({ ...step, client, clock }, { id: jobId, tries: READ_TRIES, deadline }));
    // A job the service does not know: the request ends now with the error a waiting run gives,
    // rather than in every sweep's errors.
    if (!job) {
      const message = `Job ${jobId} was not found in project '${context.settings.projectId}'; ask again to start a new one.`;
      const startedAt = workingSince(comment.body) ?? new Date(clock.now()).toISOString();
      const gone = errorOutcome(message, undefined, message);
      const done = await conversationOf(comment, progress, context, startedAt).finishSwept(gone, 0, clock.now());
      return done === 'claimed' ? claimed(jobId) : { kind: 'finished', jobId, detail: forMarkdown(message, 300) };
    }
    // The agent's plan and last message: for the final word, or for a plan the sweep shows.
    const ended = isTerminal(job.status);
    const session = ended || !waitedFor(comment.body) ? await readSession(context, jobId) : undefined;
    const startedAt = job.createdAt ?? workingSince(comment.body) ?? new Date(clock.now()).toISOString();
    const conversation = conversationOf(comment, progress, context, startedAt);
    const elapsedMs = Math.max(0, clock.now() - Date.parse(startedAt));
    if (!ended) return await refresh(conversation, comment, { job, session, elapsedMs }, progress);
    const agentMessage = job.status !== 'completed' ? session?.messageToUser : undefined;
    const decided = decideOutcome({ job, end: 'terminal' }, { elapsedMs, agentMessage, session });
    // The reported link goes through the one check (step/docs-access.ts) before the comment names it.
    const request = { number: progress.issueNumber, pull: pullRequest };
    const { outcome, docs } = await vetDocsLink(decided, sweepAccess(context), request, step.runner.log);
    const done = await conversation.finishSwept(outcome, elapsedMs, clock.now());
    if (done === 'claimed') return claimed(jobId);
    // The docs pull request it opened is marked as this action's (step/backlog.ts), as a waiting run does.
    if (outcome.prLink) await markDocsPull(sweepAccess(context), outcome.prLink, { ...request, jobId }, job, docs);
    return { kind: 'finished', jobId, detail: forMarkdown(outcome.publicMessage ?? outcome.message, 300) };
  } catch (error) {
    step.runner.log.warning(`Could not finish job ${jobId} on #${progress.issueNumber}: ${errorMessage(error)}`);
    return { kind: 'error', jobId, detail: forMarkdown(publicErrorMessage(error), 300) };
  }
}

/** The conversation a waiting run of the request would have had, rebuilt from its signed comment. */
function conversationOf(
  comment: SignedComment<'progress'>,
  progress: ProgressComments,
  context: SweepContext,
  startedAt: string,
): Conversation {
  const { jobId, triggers, open = '' } = comment.marker;
  return new Conversation({
    progress,
    deps: { runner: context.step.runner, runUrl: context.runUrl },
    request: requestOf(triggers, open, progress.issueNumber),
    startedAt,
    detached: true,
    sweep: true,
    found: { commentId: comment.id, triggers, jobId },
  });
}

/**
 * A job still working: the comment shows its plan in the working words (which say a sweep reports
 * the end), edited only when that changes what it shows, the time worked and the footer aside.
 * A comment a waiting run is writing is left to it (a run killed without its post step leaves the
 * last plan it showed, until the end).
 */
async function refresh(
  conversation: Conversation,
  comment: SignedComment<'progress'>,
  { job, session, elapsedMs }: { job: Job; session: Session | undefined; elapsedMs: number },
  progress: ProgressComments,
): Promise<SweepResult> {
  const plan = { title: session?.title, steps: session?.todos, elapsedMs };
  const view = conversation.workingBody(plan);
  const body = view && renderProgress(view, progress.thread.scope);
  // A run that waits shows the plan itself; a detached, cancelled or timed-out request's comment is the sweep's.
  const changed = body && withoutTime(body) !== withoutTime(comment.body);
  if (changed && !waitedFor(comment.body)) await conversation.showPlan?.(plan);
  const todos = session?.todos ?? [];
  const steps = todos.length ? `, ${countDone(todos)} of ${todos.length} steps done` : '';
  return { kind: 'active', jobId: job.id, detail: `Still ${job.status || 'running'}${steps}.` };
}

/** The v1 session (title, plan, the agent's message): an extra, as for a waiting run. */
async function readSession(context: SweepContext, jobId: string): Promise<Session | undefined> {
  try {
    return await context.client.getSession(jobId, context.step.timings.serviceRequestMs, context.step.signal);
  } catch (error) {
    context.step.runner.log.debug(`Could not read the v1 session of job ${jobId}: ${errorMessage(error)}`);
    return undefined;
  }
}

/**
 * The request the comment's job works on (its marker's last key): where the reactions go and
 * whom to tell, as the run that asked would have (conversation.ts `forRun`).
 */
function requestOf(triggers: string[], open: string, issueNumber: number) {
  const key = triggers.at(-1) ?? '';
  const id = Number(key.slice(1));
  const subject: ReactionSubject | undefined =
    key.startsWith('c') && Number.isSafeInteger(id)
      ? { kind: 'comment', id }
      : key.startsWith('i')
        ? { kind: 'issue', number: issueNumber }
        : undefined;
  return { key, subject, notify: open || undefined };
}

/** When the working comment says the agent started: "since 2026-11-25 02:01 UTC". */
function workingSince(body: string): string | undefined {
  const since = / since (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC;/.exec(body.split('\n')[1] ?? '');
  return since ? `${since[1]}T${since[2]}:00.000Z` : undefined;
}

/** The comment without what changes at every sweep: the time worked, and the footer's run. */
function withoutTime(body: string): string {
  return body
    .trimEnd()
    .split('\n')
    .slice(0, -1)
    .filter((line) => !line.startsWith('_Working for') && !line.startsWith('_Took'))
    .join('\n');
}

const ORDER: SweepResult['kind'][] = ['error', 'active', 'done', 'finished'];

/** The item's line: the one that needs the reader most, the jobs of all. */
function worst(results: SweepResult[]): SweepResult {
  const [first] = [...results].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  const jobs = [...new Set(results.map(({ jobId }) => jobId))].join(', ');
  return { kind: first?.kind ?? 'done', jobId: jobs, detail: first?.detail ?? '' };
}

function claimed(jobId: string): SweepResult {
  return { kind: 'done', jobId, detail: 'Another run or sweep claimed its end and is writing it.' };
}

function alreadyDone(jobId: string): SweepResult {
  return { kind: 'done', jobId, detail: 'Its end was written already; the label is taken off.' };
}
