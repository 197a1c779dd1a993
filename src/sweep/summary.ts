import { formatDuration } from '../base/format.ts';
import type { InFlightItem } from '../github/in-flight.ts';
import { SWEEP_RESULTS } from '../outcome/words.ts';
import { backlogTable, type BacklogResult } from '../step/backlog.ts';
import type { SweepResult } from '../step/finish.ts';
import type { SummaryWriter } from '../step/runner.ts';

/** One item's line in the summary: the item, the finisher that answered, and its result. */
export interface SweepRow extends SweepResult {
  item: InFlightItem;
  finisher: string;
}

/** What a sweep came to (its summary and outputs are written from it). */
export interface SweepReport {
  rows: SweepRow[];
  /** Items listed but not reached (the deadline, a cancel, more than the list's bound). */
  left: number;
  elapsedMs: number;
  /** What the sweep did with the docs pull request backlog; undefined when it stopped before it. */
  backlog?: BacklogResult | undefined;
}

/** Each result's words, from the table of outcomes (outcome/words.ts). */
const RESULT_WORDS: Record<SweepResult['kind'], string> = SWEEP_RESULTS;

function count(report: Pick<SweepReport, 'rows'>, kind: SweepResult['kind']): number {
  return report.rows.filter((row) => row.kind === kind).length;
}

/** The sweep in one line: the `message` output and the log. */
export function summaryLine(report: SweepReport): string {
  const left = report.left ? `, ${report.left} not reached` : '';
  return (
    `Sweep: ${count(report, 'finished')} finished, ${count(report, 'active')} still active, ` +
    `${count(report, 'error')} error(s), ${count(report, 'done')} done already${left}; took ${formatDuration(report.elapsedMs)}.`
  );
}

/**
 * The job summary: the counts, the runner time the sweep took, and a table of every item (its
 * issue or pull request, job, result and detail). A markdown table: the details are inert for
 * markdown already (step/finish.ts), and numbers and ids are the action's own.
 */
export async function writeSweepSummary(summary: SummaryWriter, report: SweepReport): Promise<void> {
  summary.addHeading('Sweep of the requests in flight', 3).addRaw(`\n${summaryLine(report)}\n`, true);
  if (report.rows.length) {
    const lines = [
      '| Issue or pull request | Job | Result | Detail |',
      '| --- | --- | --- | --- |',
      ...report.rows.map((row) => {
        const kind = row.item.pullRequest ? 'pull request' : 'issue';
        const job = row.jobId ? `\`${row.jobId.replace(/[^A-Za-z0-9_.,\s-]/g, '')}\`` : '';
        return `| ${kind} #${row.item.number} | ${job} | ${RESULT_WORDS[row.kind]} | ${row.detail} |`;
      }),
    ];
    summary.addRaw(`\n${lines.join('\n')}\n`, true);
  }
  if (report.backlog) summary.addRaw(`\n${backlogTable(report.backlog)}\n`, true);
  await summary.write();
}
