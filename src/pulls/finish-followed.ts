// The sweep's side of follow mode: a pull request the in-flight label lists, whose job round no
// run reported. It reads the job once and writes what the waiting run would have written
// (conclude.ts: the one place that writes a round's end), or the plan while the job works.
import { errorMessage, ServiceError } from '../base/errors.ts';
import { findChecks, type FoundCheck } from '../github/checks.ts';
import { isTerminal, readJob } from '../service/wait.ts';
import { productionDependencies, type Dependencies } from '../step/deps.ts';
import type { SweepContext, SweepResult } from '../step/finish.ts';
import { InputProblems } from '../step/inputs.ts';
import { forMarkdown } from '../text/text-gate.ts';
import { concludeRound, failRound, showPlan } from './conclude.ts';
import type { FollowContext } from './context.ts';
import { readFollowSettings, type FollowSettings } from './inputs.ts';
import { lockPull, STALE_GRACE_MS } from './lock.ts';
import { findThread } from './thread.ts';
import { flagInFlight } from './write.ts';

/** Reads of the job per pull request, at most: a failure that may pass (network, 5xx, 429) is tried again. */
const JOB_READS = 3;

/**
 * Finishes pull request `number` for the sweep, or undefined when no comment on it carries this
 * action's signed follow line (a `/docs` request's job is the agent finisher's).
 *
 * The rule for two at once (two sweeps, or a sweep and a run of follow mode): the end is written
 * only under the pull request's 👀 (lock.ts), the same claim every run of follow mode holds while
 * it works on the job, whose 201 one caller alone gets. A caller that finds it held leaves the pull
 * request to its holder ('active', the label stays: the holder takes it off, or the next sweep
 * sees the end written). Under it, the thread and the check of the head the job was told about
 * are read afresh, and a completed check means the end was written already ('done'): so a check
 * run is concluded once, and the thread's comment written once, however many sweeps overlap.
 */
export async function finishFollowed(number: number, sweep: SweepContext): Promise<SweepResult | undefined> {
  const context = followContext(number, sweep);
  // A first look through the sweep's read; under the claim the thread is read afresh (finishHeld).
  const found = await findThread(context.issue, { fresh: false });
  if (!found.jobId || !found.known) return undefined;
  const { deps, settings } = context;
  const lock = await lockPull(context.issue, settings.timeoutMs + STALE_GRACE_MS, () => deps.clock.now());
  if (!lock.held) {
    return { kind: 'active', jobId: found.jobId, detail: `another run holds #${number} since ${lock.since}` };
  }
  try {
    return await finishHeld(context, found.jobId, sweep.deadline);
  } catch (error) {
    return { kind: 'error', jobId: found.jobId, detail: forMarkdown(errorMessage(error), 300) };
  } finally {
    await lock
      .release()
      .catch((error: unknown) =>
        deps.runner.log.warning(`Could not let go of #${number}'s 👀: ${errorMessage(error)}`),
      );
  }
}

async function finishHeld(context: FollowContext, jobId: string, deadline = Infinity): Promise<SweepResult> {
  const { deps, settings } = context;
  // Read again under the claim: a run may have sent another head, or written the end, meanwhile.
  const thread = await findThread(context.issue);
  if (thread.jobId !== jobId || !thread.known || !thread.state.head) {
    return { kind: 'active', jobId, detail: 'the thread changed meanwhile: left to the next sweep' };
  }
  const head = thread.state.head;
  const headCheck = await checkOf(context, head);
  if (headCheck?.status === 'completed') {
    await flagInFlight(context, false);
    return { kind: 'done', jobId, detail: `the check on ${head.slice(0, 12)} was completed already` };
  }
  const job = await readJob({
    client: deps.client,
    id: jobId,
    tries: JOB_READS,
    delayMs: deps.timings.poll.minMs,
    // What is left of the sweep's deadline, not a budget of its own.
    deadline: Math.min(deps.clock.now() + settings.timeoutMs, deadline),
    clock: deps.clock,
    log: deps.runner.log,
    signal: deps.signal,
  }).catch((error: unknown) => {
    // A job the service does not know will never end: the round ends now, as a failed one.
    if (error instanceof ServiceError && error.status === 404) return undefined;
    throw error;
  });
  if (!job) {
    const why = `job ${jobId} was not found in project '${settings.projectId}'`;
    const verdict = await failRound(context, thread, head, headCheck?.id, why);
    await flagInFlight(context, false);
    return { kind: 'finished', jobId, detail: forMarkdown(verdict.line, 300) };
  }
  if (!isTerminal(job.status)) {
    const shown = { check: headCheck?.summary ?? '', comment: thread.body };
    await showPlan(context, thread, job, head, headCheck?.id, shown);
    return { kind: 'active', jobId, detail: `the job is ${forMarkdown(job.status || 'active', 40)}` };
  }
  const verdict = await concludeRound(context, thread, job, head, headCheck?.id);
  return { kind: 'finished', jobId, detail: forMarkdown(verdict.line, 300) };
}

/** The check of this action on `head`, or undefined when there is none or it cannot be read (a warning). */
async function checkOf(context: FollowContext, head: string): Promise<FoundCheck | undefined> {
  const { octokit, repository, follow, deps } = context;
  try {
    return (await findChecks(octokit, repository, head, follow.checkName, context.settings.apiKey))[0];
  } catch (error) {
    deps.runner.log.warning(
      `Could not read the '${follow.checkName}' check on ${head.slice(0, 12)}: ${errorMessage(error)}`,
    );
    return undefined;
  }
}

/** What one sweep shares across its pull requests: its service client and follow mode's inputs, read once. */
const shared = new WeakMap<SweepContext, { deps: Dependencies; follow: FollowSettings }>();

function followContext(number: number, sweep: SweepContext): FollowContext {
  let made = shared.get(sweep);
  if (!made) {
    // The sweep's workflow names the check and the docs token as the follow workflow does.
    const problems = new InputProblems();
    const follow = readFollowSettings(problems);
    problems.throwIfAny();
    // The sweep's own service client, clock and run page: one client (and its retry) for every item.
    const deps = {
      ...productionDependencies(sweep.settings, sweep.step),
      client: sweep.client,
      clock: sweep.clock,
      runUrl: sweep.runUrl,
      octokit: () => Promise.resolve(sweep.octokit),
    };
    made = { deps, follow };
    shared.set(sweep, made);
  }
  const { deps, follow } = made;
  // The thread the sweep read (one call for many items): the first look needs no read of its own.
  const issue = sweep.threadOf(number);
  return {
    settings: sweep.settings,
    follow,
    deps,
    octokit: sweep.octokit,
    repository: sweep.repository,
    number,
    scope: issue.scope,
    issue,
  };
}
