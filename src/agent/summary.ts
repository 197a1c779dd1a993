import { STEP_SHOWN } from '../base/constants.ts';
import { formatDuration } from '../base/format.ts';
import type { Outcome } from '../outcome/outcome.ts';
import { OUTCOMES } from '../outcome/table.ts';
import { forHtml, forMarkdown } from '../text/text-gate.ts';
import type { SummaryWriter } from '../step/runner.ts';

/**
 * Markdown placed among the summary's HTML (core writes headings and tables as HTML blocks). A blank
 * line before and after is what ends an HTML block in CommonMark: without it the markdown becomes
 * part of the block, and a reader sees its escapes (`pull request\: https\://…`) as written.
 */
function markdown(text: string): string {
  return `\n${text}\n`;
}

/**
 * The job summary on the run's page, under its row's heading (outcome/table.ts): status, pull request, job id and duration, then the agent's
 * title, message and plan when the service gave them. Text inside HTML goes through forHtml, text
 * in markdown through forMarkdown, and each markdown part stands apart from the HTML (markdown()).
 */
export async function writeSummary(summary: SummaryWriter, outcome: Outcome, elapsedMs: number): Promise<void> {
  const { job, prLink } = outcome;
  const row = OUTCOMES[outcome.kind];
  const status = row.status(outcome);
  summary
    .addHeading(row.summary, 3)
    .addTable([
      [
        { data: 'Status', header: true },
        { data: 'Pull request', header: true },
        { data: 'Job', header: true },
        { data: 'Duration', header: true },
      ],
      [
        forHtml(status || '–'),
        prLink ? `<a href="${forHtml(prLink)}">${forHtml(prLink)}</a>` : 'none',
        job ? `<code>${forHtml(job.id)}</code>` : '–',
        formatDuration(elapsedMs),
      ],
    ])
    .addRaw(markdown(forMarkdown(outcome.message, 2_000)), true);
  const { title, messageToUser, todos } = outcome.session ?? {};
  if (title) summary.addHeading(forHtml(title, 200), 4);
  // As markdown, escaped like the comment: in HTML a link in the agent's words could still be autolinked.
  if (messageToUser) summary.addRaw(markdown(`> ${forMarkdown(messageToUser, 2_000)}`), true);
  if (todos?.length) {
    summary.addTable([
      [
        { data: 'Step', header: true },
        { data: 'Status', header: true },
      ],
      ...todos.map((step) => [
        forHtml(step.content, 200),
        `${STEP_SHOWN[step.status].symbol} ${STEP_SHOWN[step.status].word}`,
      ]),
    ]);
  }
  await summary.write();
}
