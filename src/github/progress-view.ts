import { STEP_SHOWN, type PlanStep } from '../base/constants.ts';
import { formatDuration } from '../base/format.ts';
import { forMarkdown } from '../text/text-gate.ts';
import { renderMarker, safeId, type MarkerScope, type ProgressMarker } from './marker.ts';

/**
 * One version of a progress comment, in the words the mode gave it (step/progress-words.ts writes
 * every headline): this module lays it out under its marker, with the agent's work and the footer.
 */
export interface ProgressView extends ProgressMarker {
  /** The first line, markdown made inert by whoever wrote it. */
  headline: string;
  /** The agent is still working: the time shown is "working for", not "took". */
  working: boolean;
  runUrl?: string | undefined;
  /** The agent's title for the job (v1 session); rendered inert, as a heading. */
  title?: string | undefined;
  /** The agent's plan (v1 session); each step rendered inert. */
  steps?: PlanStep[] | undefined;
  /** The agent's message to the user, shown at the end; rendered inert. */
  message?: string | undefined;
  /** How long the agent has worked (while working) or took (at the end). */
  elapsedMs?: number | undefined;
}

export function renderProgress(view: ProgressView, scope: MarkerScope): string {
  // In inline code, only what a job id may hold.
  const job = view.jobId ? `job \`${safeId(view.jobId)}\`` : 'no job';
  const footer = [job, view.runUrl ? `[workflow run](${view.runUrl})` : ''].filter(Boolean).join(' · ');
  const marker = renderMarker({ kind: 'progress', jobId: view.jobId, triggers: view.triggers, open: view.open }, scope);
  return [marker, view.headline, ...agentWork(view), '', footer].join('\n');
}

/**
 * The agent's title, message and plan, and the time so far or taken. Steps are a list with symbols rather
 * than a task list: GitHub lets readers tick a task list's boxes, which edits the comment.
 */
function agentWork(view: ProgressView): string[] {
  const lines: string[] = [];
  // Without the agent's own words (no v1 session) the comment stays exactly as it always was.
  if (!view.title && !view.message && !view.steps?.length) return lines;
  if (view.title) lines.push('', `#### ${forMarkdown(view.title, 200)}`);
  if (view.message) lines.push('', `> ${forMarkdown(view.message, 2_000)}`);
  const steps = view.steps ?? [];
  if (steps.length) lines.push('', ...steps.map(renderStep));
  const facts: string[] = [];
  if (view.elapsedMs !== undefined) {
    facts.push(`${view.working ? 'Working for' : 'Took'} ${formatDuration(view.elapsedMs)}`);
  }
  if (steps.length)
    facts.push(`${steps.filter((step) => step.status === 'completed').length} of ${steps.length} steps done`);
  if (facts.length) lines.push('', `_${facts.join(' · ')}_`);
  return lines;
}

function renderStep(step: PlanStep): string {
  const content = forMarkdown(step.content, 200);
  const { symbol, word } = STEP_SHOWN[step.status];
  switch (step.status) {
    case 'completed':
    case 'pending':
      return `- ${symbol} ${content}`;
    case 'in_progress':
      return `- ${symbol} **${content}** (${word})`;
    case 'cancelled':
      return `- ${symbol} ~~${content}~~ (${word})`;
    case 'skipped':
      return `- ${symbol} ${content} (${word})`;
  }
}
