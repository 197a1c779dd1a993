import type { OutcomeKind } from './outcome.ts';
import { forMarkdown } from './text-gate.ts';

/**
 * The hidden marker of the one progress comment per request. It holds only what the action made
 * or GitHub numbered (job id, comment and run ids), never user text, so a later run can find the
 * comment again: a re-run resumes its job and a follow-up continues it.
 */
export const MARKER_PREFIX = '<!-- docs-agent-action';

export interface Marker {
  jobId: string;
  /** What asked for work on this job: `c<comment id>` or `r<run id>`, oldest first. */
  triggers: string[];
}

export type ProgressState = 'working' | OutcomeKind;

export interface ProgressView extends Marker {
  state: ProgressState;
  /** ISO time the job was started or taken up by this run. */
  startedAt: string;
  runUrl?: string | undefined;
  prLink?: string | undefined;
  /** A line from the service or the action; rendered inert. */
  detail?: string | undefined;
}

/** Ids go inside an HTML comment and inline code: letters, digits, `_`, `.` and single hyphens. */
function safeId(id: string): string {
  return id.replace(/[^A-Za-z0-9_.-]/g, '').replace(/-+/g, '-');
}

export function renderMarker({ jobId, triggers }: Marker): string {
  return `${MARKER_PREFIX} job=${safeId(jobId)} triggers=${triggers.map(safeId).join(',')} -->`;
}

/** The marker at the start of a comment body, or undefined when the comment is not a progress comment. */
export function parseMarker(body: string): Marker | undefined {
  const match = /^<!-- docs-agent-action job=([A-Za-z0-9_.-]*) triggers=([A-Za-z0-9_.,-]*) -->/.exec(body);
  if (!match) return undefined;
  return { jobId: match[1] ?? '', triggers: (match[2] ?? '').split(',').filter(Boolean) };
}

export function renderProgress(view: ProgressView): string {
  const job = view.jobId ? `job \`${safeId(view.jobId)}\`` : 'no job';
  const since = `${view.startedAt.slice(0, 16).replace('T', ' ')} UTC`;
  const footer = [job, view.runUrl ? `[workflow run](${view.runUrl})` : ''].filter(Boolean).join(' · ');
  return [renderMarker(view), headline(view, since), '', footer].join('\n');
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
      return '⏹️ **Cancelled:** the workflow run stopped; the job continues on the service.';
    case 'error':
      return `❌ **The documentation agent could not be run.**${detail}`;
  }
}
