import { ServiceError, errorMessage } from '../base/errors.ts';
import { compareRange, listChangedFiles, readPullRequest, type PullRequest } from '../github/pull-requests.ts';
import type { Job } from '../service/client.ts';
import { JobMayExist, sendOnce, type SendOptions } from '../service/send-once.ts';
import { isTerminal, readJob, readsOf, waitForJob } from '../service/wait.ts';
import type { FollowSettings } from '../step/follow-inputs.ts';
import { followUpPrompt, openingPrompt } from './prompt.ts';
import { findThread, type Thread } from './thread.ts';
import { goesOnVerdict, unsentVerdict, type Verdict } from './verdict.ts';
import {
  concludeRound,
  endRound,
  failRound,
  MAY_EXIST,
  mayExist,
  readCode,
  showPlan,
  workingHeadline,
} from './conclude.ts';
import { check, flagInFlight, record, say, working } from './write.ts';
import { vetFollowedJob } from './docs-pull.ts';
import type { FollowContext } from './context.ts';

export type { FollowContext } from './context.ts';

/** How a round of the job ended for this run. */
export interface Round {
  job: Job | undefined;
  verdict: Verdict;
  /** The run was cancelled or stopped waiting: the check stays in progress. */
  interrupted: boolean;
  /** The pull request is no longer followed now (closed, draft, label, budget): nothing more to send. */
  stop: boolean;
  /** A create the service may have acted on: a job may exist (`status: unknown` when cancelled, as in agent mode). */
  mayExist?: boolean;
  /** The pull request as read after the round's work, when it was (held.ts looks no further). */
  now?: PullRequest | undefined;
}

/**
 * One round: read the pull request and its thread, bring the job up to date with the head (create
 * it, send the range since the last head it was told about, or take up the job already told about
 * it), wait for it, and report on the head's check and the thread.
 */
export async function followRound(context: FollowContext, read?: PullRequest): Promise<Round> {
  const { octokit, repository, number, follow, deps } = context;
  const { log } = deps.runner;
  // Fresh under the lock (`read`: by the caller, under it): the head is judged against what the holder sent.
  const pull = read ?? (await readPullRequest(octokit, repository, number));
  const skip = pausedBecause(pull, follow);
  if (skip) {
    await check(context, pull.headSha, {
      title: `skipped: ${skip}`,
      summary: `Not followed now: ${skip}.`,
      conclusion: 'neutral',
    });
    return {
      job: undefined,
      verdict: { line: `skipped: ${skip}`, conclusion: 'neutral' },
      interrupted: false,
      stop: true,
      now: pull,
    };
  }
  const thread = await findThread(context.issue);
  const checkId = await check(context, pull.headSha, working('Bringing the docs up to date with this head.'));
  let job: Job;
  // The label went on before the create, with the record that a job may exist.
  let created = false;
  try {
    if (!thread.jobId) {
      // A create tried before whose answer never came: a job may exist, and none is made blindly.
      if (thread.state.head) {
        const verdict = await mayExist(context, thread, pull.headSha, checkId);
        return { job: undefined, verdict, interrupted: false, stop: true };
      }
      const prompt = openingPrompt(repository, pull, await listChangedFiles(octokit, repository, number));
      created = true;
      job = await sendOnce('Creating the job', (cut) => deps.client.createJob(prompt, cut), {
        ...sendOptions(context),
        record: {
          // Before the create: a run cut off during it leaves "a job may exist" to every later run. The
          // comment is the record, so GitHub refusing it stops the create; the label only indexes it.
          write: async () => {
            thread.state = { ...thread.state, head: pull.headSha };
            await flagInFlight(context, true);
            await record(context, thread, {
              headline: `⏳ **Docs:** creating the job for ${pull.headSha.slice(0, 12)}.`,
            });
          },
          // Nothing reached the service: the next event creates the job (failRound writes the thread).
          takeBack: () => void (thread.state = { ...thread.state, head: '' }),
        },
      });
      log.info(`Created job ${job.id} for pull request #${number} at ${pull.headSha.slice(0, 12)}.`);
      thread.jobId = job.id;
    } else if (thread.state.head !== pull.headSha) {
      if (thread.state.sent >= follow.maxFollowUps) return await behind(context, thread, pull, checkId);
      const base = thread.state.head || pull.baseSha;
      const range = await compareRange(octokit, repository, base, pull.headSha);
      const prompt = followUpPrompt(pull, range, thread.state.head !== '');
      job = await sendOnce(
        `Sending the follow-up to job ${thread.jobId}`,
        (cut) => deps.client.sendMessage(thread.jobId, prompt, cut),
        { ...sendOptions(context), followUpTo: thread.jobId },
      );
      log.info(`Sent ${base.slice(0, 12)}...${pull.headSha.slice(0, 12)} to job ${job.id} as a follow-up.`);
      thread.state = { ...thread.state, head: pull.headSha, sent: thread.state.sent + 1 };
    } else {
      log.info(`Job ${thread.jobId} was told about ${pull.headSha.slice(0, 12)} already: taking it up.`);
      const deadline = deps.clock.now() + context.settings.timeoutMs;
      job = await readJob(readsOf(deps, { id: thread.jobId, tries: 3, deadline }));
    }
  } catch (error) {
    // Decided by sendOnce, which kept the record or took it back: a follow-up's job exists anyway.
    const unsure = !thread.jobId && error instanceof JobMayExist;
    // The service's words come after: the verdict's line is cut at its length, the warning keeps them whole.
    if (unsure) deps.runner.log.warning(refusal(error));
    const why = unsure ? `${MAY_EXIST} (${refusal(error)})` : refusal(error);
    // Cancelled before the create or the follow-up was sent (the run's status says `cancelled`,
    // run.ts): nothing to wait for. The head is not on record as sent (sendOnce took the create's
    // record back; a follow-up's is written once it is sent), so the next push creates the job or
    // sends the follow-up. A request cut on the wire (JobMayExist) may have reached the service.
    const unsent = deps.signal.aborted && !(error instanceof JobMayExist) && thread.state.head !== pull.headSha;
    const verdict = unsent
      ? await endRound(context, thread, pull.headSha, checkId, unsentVerdict(thread.jobId !== ''))
      : await failRound(context, thread, pull.headSha, checkId, why);
    return { job: undefined, verdict, interrupted: false, stop: true, mayExist: unsure };
  }
  deps.record.saveJob(job.id);
  // Until this round's end is written, the sweep finds the job by the label (github/in-flight.ts).
  if (!created) await flagInFlight(context, true);
  // Written before the wait, so a run killed meanwhile leaves the head sent on record; a run that
  // does not wait writes it once, below.
  if (follow.wait) await say(context, thread, { headline: workingHeadline(pull.headSha) });
  const result = await deps.runner.group('Wait for the job', () =>
    waitForJob({
      client: deps.client,
      job,
      deadline: follow.wait ? deps.clock.now() + context.settings.timeoutMs : deps.clock.now(),
      notFoundGraceMs: deps.timings.notFoundGraceMs,
      schedule: deps.timings.poll,
      clock: deps.clock,
      log,
      signal: deps.signal,
      onPoll: livePlan(context, pull.headSha, checkId, thread),
    }),
  );
  // As the run reports it (its outputs too): a link the one check refuses is no docs pull request.
  const vetted = await vetFollowedJob(context, result.job);
  job = vetted.job;
  if (!isTerminal(job.status)) {
    // Detached, cancelled or out of time: the job goes on, the label stays, and whoever comes next
    // (the sweep, the next event, a re-run) completes the check.
    const pickUp = follow.wait
      ? `The job goes on on the service. The next event on this pull request, a re-run of this workflow run, ` +
        `or the sweep (\`mode: sweep\`) completes this check; to follow it by hand, run the action with \`job-id: ${job.id}\`.`
      : `Not waited for (\`wait: false\`): the sweep (\`mode: sweep\`) or the next event on this pull request ` +
        `completes this check when job \`${job.id}\` ends.`;
    const verdict = goesOnVerdict(follow.wait);
    await check(context, pull.headSha, { title: verdict.line, summary: pickUp }, checkId);
    await say(context, thread, {
      headline: follow.wait
        ? `${verdict.symbol} **Docs:** this run stopped waiting. ${pickUp}`
        : `${workingHeadline(pull.headSha)} ${pickUp}`,
    });
    return { job, verdict, interrupted: true, stop: true };
  }
  // Fresh: the pull request may have closed or moved on while the job worked.
  const now = await readCode(context);
  const verdict = await concludeRound(context, thread, vetted, pull.headSha, checkId, now);
  return { job, verdict, interrupted: false, stop: false, now };
}

/**
 * While the job works, its plan on the head's check and in the thread, read at most every
 * `live.readEveryMs` and written only when it changed. Never throws: a failed read waits for the next.
 */
function livePlan(context: FollowContext, sha: string, checkId: number | undefined, thread: Thread) {
  const { deps } = context;
  let lastRead = deps.clock.now();
  let shown = '';
  return async (job: Job): Promise<void> => {
    if (deps.clock.now() - lastRead < deps.timings.live.readEveryMs || isTerminal(job.status)) return;
    lastRead = deps.clock.now();
    shown = (await showPlan(context, thread, job, sha, checkId, { check: shown, comment: thread.body })) || shown;
  };
}

/** Why the pull request is not followed now, or undefined. */
function pausedBecause(pull: PullRequest, follow: FollowSettings): string | undefined {
  if (pull.state === 'closed') return 'the pull request is closed';
  if (pull.draft) return 'the pull request is a draft';
  const label = follow.skipLabel.toLowerCase();
  if (label && pull.labels.some((name) => name.toLowerCase() === label))
    return `the pull request has the '${follow.skipLabel}' label`;
  return undefined;
}

/** Past `max-follow-ups`: the head is not sent; its check says the docs may be behind it. */
async function behind(
  context: FollowContext,
  thread: Thread,
  pull: PullRequest,
  checkId: number | undefined,
): Promise<Round> {
  const line = `docs may be behind this head: the job got ${context.follow.maxFollowUps} follow-ups (max-follow-ups)`;
  const summary = `${line}. A \`/docs\` comment on the pull request asks the job again.`;
  await check(context, pull.headSha, { title: line, summary, conclusion: 'neutral' }, checkId);
  // The action's own words and a number it read: markdown as written, its code span included.
  await say(context, thread, { headline: `⚠️ **Docs:** ${summary}` });
  return { job: undefined, verdict: { line, conclusion: 'neutral' }, interrupted: false, stop: true };
}

/** Each request of a round: the run's deadline from now, its backoff and its cancel. */
function sendOptions({ deps, settings }: FollowContext): SendOptions {
  const { clock, runner, timings, signal } = deps;
  return { deadline: clock.now() + settings.timeoutMs, backoff: timings.send, clock, log: runner.log, signal };
}

/** A refusal of the service said as the reason, with the wait when the project's rate limit answered. */
function refusal(error: unknown): string {
  if (error instanceof ServiceError && error.status === 429) {
    const wait = error.retryAfterMs ? ` Try again in ${Math.ceil(error.retryAfterMs / 60_000)} min.` : '';
    return `the project's rate limit refused the request (HTTP 429).${wait}`;
  }
  return error instanceof ServiceError ? (error.publicMessage ?? error.message) : errorMessage(error);
}
