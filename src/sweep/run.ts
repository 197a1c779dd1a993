import { SWEPT_STATUS } from '../base/constants.ts';
import { errorMessage, publicErrorMessage } from '../base/errors.ts';
import { clearInFlight, listInFlight, type InFlightItem } from '../github/in-flight.ts';
import { describeGitHubError } from '../github/octokit.ts';
import { THREADS_PER_QUERY, ThreadReader } from '../github/thread-batch.ts';
import { keepBacklog } from '../step/backlog.ts';
import { NO_BACKLOG, type BacklogSettings } from '../step/backlog-inputs.ts';
import type { Finisher, SweepContext, SweepResult, SweepSetup } from '../step/finish.ts';
import { forMarkdown } from '../text/text-gate.ts';
import { settleSchedule } from './schedule.ts';
import { catchUpReleases } from './releases.ts';
import { summaryLine, writeSweepSummary, type SweepReport, type SweepRow } from './summary.ts';

/** Time kept back from `timeout-minutes` for the summary: no item is started closer to the end. */
const FINISH_MARGIN_MS = 30_000;

/**
 * The sweep: lists the in-flight index (github/in-flight.ts, one call per hundred), reads the
 * comments of its items in one GraphQL call per THREADS_PER_QUERY (github/thread-batch.ts: the
 * finishers read none themselves but their claims' fresh reads), then asks each finisher in turn
 * about each item, the longest waiting first, one at a time (a sweep is a
 * background job: one item's calls at a time keeps it far below GitHub's and the service's limits).
 * The first finisher that knows the item finishes it; an item no finisher knows has the label taken
 * off. One item's failure is a warning and an error row, never a failed run; the sweep stops at the
 * cancel and before `timeout-minutes`, and the next sweep takes up what is left. Finishing is
 * idempotent (each finisher's claim), so sweeps may overlap each other and waiting runs.
 */
export async function runSweep(
  setup: SweepSetup,
  finishers: readonly Finisher[],
  keep: { backlog: BacklogSettings; askAgain: string } = {
    backlog: NO_BACKLOG,
    askAgain: '/docs',
  },
): Promise<SweepReport> {
  const { step, octokit, repository, clock, settings } = setup;
  const { log } = step.runner;
  const threads = new ThreadReader(octokit, repository, log, settings.apiKey);
  const started = clock.now();
  const deadline = started + settings.timeoutMs - FINISH_MARGIN_MS;
  // One end for every read of the sweep, items and backlog alike: the cancel, or the deadline.
  const ended = new AbortController();
  const timer = setTimeout(() => ended.abort(), Math.max(0, deadline - clock.now()));
  timer.unref?.();
  const signal = AbortSignal.any([step.signal, ended.signal]);
  const context: SweepContext = {
    ...setup,
    step: { ...step, signal },
    deadline,
    threadOf: (number) => threads.of(number),
  };
  try {
    return await sweepWithin(context, finishers, keep, { started, deadline, threads });
  } finally {
    clearTimeout(timer);
  }
}

async function sweepWithin(
  context: SweepContext,
  finishers: readonly Finisher[],
  keep: { backlog: BacklogSettings; askAgain: string },
  { started, deadline, threads }: { started: number; deadline: number; threads: ThreadReader },
): Promise<SweepReport> {
  const { step, octokit, repository, clock } = context;
  const { log } = step.runner;
  let listed: Awaited<ReturnType<typeof listInFlight>>;
  try {
    listed = await listInFlight(octokit, repository);
  } catch (error) {
    throw new Error(describeGitHubError('Listing the requests in flight', error, 'issues: read'));
  }
  const { items, truncated } = listed;
  log.info(`${items.length}${truncated ? '+' : ''} issue(s) and pull request(s) with requests in flight.`);
  const rows: SweepRow[] = [];
  for (const [index, item] of items.entries()) {
    if (step.signal.aborted || clock.now() >= deadline) break;
    if (index % THREADS_PER_QUERY === 0) {
      await threads.read(items.slice(index, index + THREADS_PER_QUERY).map(({ number }) => number));
    }
    const result = await sweepItem(item, context, finishers);
    rows.push({ item, ...result });
  }
  const left = items.length - rows.length + (truncated ? 1 : 0);
  if (left) log.notice(`${left} request(s) in flight were not reached; the next sweep takes them up.`);
  await settleSchedule(context, rows, left);
  // Then the docs pull request backlog (step/backlog.ts), which needs no item and stops at the cancel.
  const backlog = step.signal.aborted
    ? undefined
    : await keepBacklog(context, keep.backlog, { askAgain: keep.askAgain });
  // Then the releases no run listened to, for docs waiting for one (`ready-when: released`).
  if (!step.signal.aborted) await catchUpReleases(context, context.follow.release, keep.backlog);
  const report: SweepReport = { rows, left, elapsedMs: clock.now() - started, backlog };
  step.record.writeOutputs({ status: SWEPT_STATUS, message: summaryLine(report) });
  log.info(summaryLine(report));
  await writeSweepSummary(step.runner.summary(), report).catch((error: unknown) => {
    log.warning(`Could not write the job summary: ${errorMessage(error)}`);
  });
  return report;
}

async function sweepItem(
  item: InFlightItem,
  context: SweepContext,
  finishers: readonly Finisher[],
): Promise<SweepResult & { finisher: string }> {
  const { log } = context.step.runner;
  const what = `${item.pullRequest ? 'pull request' : 'issue'} #${item.number}`;
  for (const finisher of finishers) {
    try {
      const result = await finisher.finish(item, context);
      if (result) return { ...result, finisher: finisher.name };
    } catch (error) {
      log.warning(`Could not finish the requests of ${what} (${finisher.name}): ${errorMessage(error)}`);
      return { kind: 'error', jobId: '', detail: forMarkdown(publicErrorMessage(error), 300), finisher: finisher.name };
    }
  }
  // Nothing of this action's is in flight there (the label was put on by hand, or its comment is gone).
  try {
    await clearInFlight(context.octokit, context.repository, item.number);
  } catch (error) {
    log.warning(describeGitHubError(`Taking the in-flight label off ${what}`, error, 'issues: write'));
  }
  log.notice(`No request of this action is in flight on ${what}; the in-flight label is taken off.`);
  return { kind: 'done', jobId: '', detail: 'No request of this action found; the label is taken off.', finisher: '' };
}
