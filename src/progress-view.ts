import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OutcomeKind } from './outcome.ts';
import { forMarkdown } from './text-gate.ts';

/**
 * The hidden marker of the one progress comment per request. It holds only what the action made
 * or GitHub numbered (job id, comment and run ids), never user text, so a later run can find the
 * comment again: a re-run resumes its job and a follow-up continues it.
 */
export const MARKER_PREFIX = '<!-- docs-agent-action';

/**
 * What a marker's signature binds it to. The marker decides which job a run attaches to, so it is
 * believed only when this action wrote it for this repository and this issue with this api-key:
 * an HMAC keyed by the api-key needs no extra secret, and another App, another workflow's
 * github-actions[bot] or a marker copied to another issue cannot produce it.
 */
export interface MarkerScope {
  /** The api-key: whoever holds it may spend the quota anyway. */
  key: string;
  /** owner/repo. */
  repository: string;
  issueNumber: number;
}

/** Hex digits kept of the HMAC-SHA256: 128 bits, short enough to stay readable. */
const SIGNATURE_LENGTH = 32;

function sign(scope: MarkerScope, kind: string, fields: string[]): string {
  const text = [kind, scope.repository.toLowerCase(), String(scope.issueNumber), ...fields].join('\n');
  return createHmac('sha256', scope.key).update(text).digest('hex').slice(0, SIGNATURE_LENGTH);
}

function sameSignature(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

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

/**
 * Ids go inside an HTML comment and inline code. Job ids are checked at the door (agent-client's
 * JOB_ID) and must come back exactly as written, so this only drops what could never be in one.
 */
function safeId(id: string): string {
  return id.replace(/[^A-Za-z0-9_.-]/g, '');
}

export function renderMarker({ jobId, triggers }: Marker, scope: MarkerScope): string {
  const job = safeId(jobId);
  const keys = triggers.map(safeId).join(',');
  return `${MARKER_PREFIX} job=${job} triggers=${keys} sig=${sign(scope, 'progress', [job, keys])} -->`;
}

/**
 * The marker at the start of a comment body when its signature holds for `scope`; undefined when
 * the comment is not a progress comment of this action for this issue, whoever wrote it.
 */
export function parseMarker(body: string, scope: MarkerScope): Marker | undefined {
  const match = /^<!-- docs-agent-action job=([A-Za-z0-9_.-]*) triggers=([A-Za-z0-9_.,-]*) sig=([0-9a-f]+) -->/.exec(
    body,
  );
  if (!match) return undefined;
  const [, job = '', keys = '', signature = ''] = match;
  if (!sameSignature(signature, sign(scope, 'progress', [job, keys]))) return undefined;
  return { jobId: job, triggers: keys.split(',').filter(Boolean) };
}

/**
 * A refusal reply, with a signed hidden marker naming who was refused, so that a user gets at most
 * one refusal per issue however often they ask.
 */
export function renderRefusal(login: string, reason: string, scope: MarkerScope): string {
  const who = login.toLowerCase();
  const user = safeId(who);
  return `${MARKER_PREFIX} refused=${user} sig=${sign(scope, 'refusal', [who])} -->\nThe documentation agent was not started: ${reason}.`;
}

/** Whether `body` is this action's refusal reply to `login` on this issue. */
export function isRefusalOf(body: string, login: string, scope: MarkerScope): boolean {
  const match = /^<!-- docs-agent-action refused=([A-Za-z0-9_.-]*) sig=([0-9a-f]+) -->/.exec(body);
  if (!match) return false;
  const who = login.toLowerCase();
  return match[1] === safeId(who) && sameSignature(match[2] ?? '', sign(scope, 'refusal', [who]));
}

export function renderProgress(view: ProgressView, scope: MarkerScope): string {
  const job = view.jobId ? `job \`${safeId(view.jobId)}\`` : 'no job';
  const since = `${view.startedAt.slice(0, 16).replace('T', ' ')} UTC`;
  const footer = [job, view.runUrl ? `[workflow run](${view.runUrl})` : ''].filter(Boolean).join(' · ');
  return [renderMarker(view, scope), headline(view, since), '', footer].join('\n');
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
