import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PlanStep } from '../base/constants.ts';
import { formatDuration } from '../base/format.ts';
import { forMarkdown } from '../text/text-gate.ts';

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

/**
 * One version of a progress comment, in the words the mode gave it (agent/outcomes.ts writes
 * every headline): this module lays it out under its marker, with the agent's work and the footer.
 */
export interface ProgressView extends Marker {
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
/**
 * The one comment that tells the requester a job ended (an edit notifies nobody), with a signed
 * marker naming the request, so a re-run of the same request does not notify twice. `text` is the
 * action's own words; `login` was checked as a GitHub login.
 */
export function renderNotification(key: string, login: string, text: string, scope: MarkerScope): string {
  const request = safeId(key);
  return `${MARKER_PREFIX} notified=${request} sig=${sign(scope, 'notify', [request])} -->\n@${login} ${text}`;
}

/** Whether `body` is this action's notification for the request `key` on this issue. */
export function isNotificationOf(body: string, key: string, scope: MarkerScope): boolean {
  const match = /^<!-- docs-agent-action notified=([A-Za-z0-9_.-]*) sig=([0-9a-f]+) -->/.exec(body);
  const request = safeId(key);
  return match?.[1] === request && sameSignature(match[2] ?? '', sign(scope, 'notify', [request]));
}

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
  const footer = [job, view.runUrl ? `[workflow run](${view.runUrl})` : ''].filter(Boolean).join(' · ');
  return [renderMarker(view, scope), view.headline, ...agentWork(view), '', footer].join('\n');
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
