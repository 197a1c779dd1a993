import type { PlanStep } from '../base/constants.ts';
import { formatDuration } from '../base/format.ts';
import { forMarkdown } from '../text/text-gate.ts';
import { renderMarker, type MarkerScope, type ProgressMarker } from './marker.ts';

/**
 * What a progress comment says: the job is being worked on, or how the run ended ('started' is
 * `wait: false`; 'error' is the action failing its part). The run's outcomes are these but 'working'.
 */
export const PROGRESS_STATES = [
  'working',
  'pull-request',
  'no-change',
  'failed',
  'archived',
  'timed-out',
  'cancelled',
  'started',
  'error',
] as const;
export type ProgressState = (typeof PROGRESS_STATES)[number];

export interface ProgressView extends ProgressMarker {
  state: ProgressState;
  /** ISO time the job was started or taken up by this run. */
  startedAt: string;
  runUrl?: string | undefined;
  prLink?: string | undefined;
  /** A line from the service or the action; rendered inert. */
  detail?: string | undefined;
  /** The agent's title for the job (v1 session); rendered inert, as a heading. */
  title?: string | undefined;
  /** The agent's plan (v1 session); each step rendered inert. */
  steps?: PlanStep[] | undefined;
  /** The agent's message to the user, shown at the end; rendered inert. */
  message?: string | undefined;
  /** How long the agent has worked (while working) or took (at the end). */
  elapsedMs?: number | undefined;
}

/** The job id as the footer shows it, in inline code: only what a job id may hold (marker.ts). */
function safeId(id: string): string {
  return id.replace(/[^A-Za-z0-9_.-]/g, '');
}

export function renderProgress(view: ProgressView, scope: MarkerScope): string {
  const job = view.jobId ? `job \`${safeId(view.jobId)}\`` : 'no job';
  const since = `${view.startedAt.slice(0, 16).replace('T', ' ')} UTC`;
  const footer = [job, view.runUrl ? `[workflow run](${view.runUrl})` : ''].filter(Boolean).join(' · ');
  return [
    renderMarker({ kind: 'progress', jobId: view.jobId, triggers: view.triggers }, scope),
    headline(view, since),
    ...agentWork(view),
    '',
    footer,
  ].join('\n');
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
    facts.push(`${view.state === 'working' ? 'Working for' : 'Took'} ${formatDuration(view.elapsedMs)}`);
  }
  if (steps.length)
    facts.push(`${steps.filter((step) => step.status === 'completed').length} of ${steps.length} steps done`);
  if (facts.length) lines.push('', `_${facts.join(' · ')}_`);
  return lines;
}

function renderStep(step: PlanStep): string {
  const content = forMarkdown(step.content, 200);
  switch (step.status) {
    case 'completed':
      return `- ✅ ${content}`;
    case 'in_progress':
      return `- 🔄 **${content}** (in progress)`;
    case 'cancelled':
      return `- ✖️ ~~${content}~~ (cancelled)`;
    case 'pending':
      return `- ⬜ ${content}`;
  }
}

function headline(view: ProgressView, since: string): string {
  const detail = view.detail ? ` ${forMarkdown(view.detail)}` : '';
  switch (view.state) {
    case 'working':
      return `⏳ **Updating the documentation.** The agent has been working since ${since}; this comment changes when it is done.`;
    case 'started':
      return '🚀 **The documentation agent started.** This run does not wait for it (`wait: false`); the job continues on the service.';
    case 'pull-request':
      return `✅ **Documentation pull request ready:** <${view.prLink ?? ''}>`;
    case 'no-change':
      return detail
        ? `⚠️ **Done, but without a pull request link this action can vouch for.**${detail}`
        : '☑️ **Done, without a pull request:** no files needed to change, or the service committed directly to the deploy branch.';
    case 'failed':
      return `❌ **The documentation update failed.**${detail}`;
    case 'archived':
      return `❌ **The job was archived before it finished.**${detail}`;
    case 'timed-out':
      return `⌛ **Stopped waiting** (timeout-minutes). The job continues on the service.`;
    case 'cancelled':
      return view.jobId
        ? '⏹️ **Cancelled:** the workflow run stopped; the job continues on the service.'
        : `⏹️ **Cancelled:** the workflow run stopped.${detail}`;
    case 'error':
      return `❌ **The documentation agent could not be run.**${detail}`;
  }
}
