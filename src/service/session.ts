import { STEP_STATUSES, type PlanStep, type StepStatus } from '../base/constants.ts';
import { forLog } from '../text/text-gate.ts';

/**
 * The v1 session, checked at the door: strings only, each one inert line (forLog) and capped, so
 * every field is as safe as a job field; renderers still pass them through their own gate
 * (forMarkdown, forHtml, forOutput). Every field may be missing.
 */
export interface Session {
  title?: string;
  /** At most MAX_STEPS steps, in the service's order. */
  todos?: PlanStep[];
  messageToUser?: string;
  branch?: string;
  haultReason?: string;
}

/** Caps on what a session may carry into a comment: a plan longer than this is cut. */
export const MAX_STEPS = 50;
const MAX_TITLE = 200;
const MAX_STEP = 200;
const MAX_MESSAGE = 2_000;

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const line = forLog(value, max);
  return line ? line : undefined;
}

/** The session in a body; a body that is not an object is a session with nothing in it. */
export function toSession(body: unknown): Session {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const raw = body as Record<string, unknown>;
  const session: Session = {};
  const title = text(raw.title, MAX_TITLE);
  if (title) session.title = title;
  const message = text(raw.messageToUser, MAX_MESSAGE);
  if (message) session.messageToUser = message;
  const branch = text(raw.branch, MAX_TITLE);
  if (branch) session.branch = branch;
  const reason = text(raw.haultReason, 40);
  if (reason) session.haultReason = reason;
  if (Array.isArray(raw.todos)) {
    const steps: PlanStep[] = [];
    for (const item of raw.todos.slice(0, MAX_STEPS)) {
      const todo = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      const content = text(todo.content, MAX_STEP);
      if (!content) continue;
      // An unknown status is shown as still to do rather than guessed at.
      const status = (STEP_STATUSES as readonly unknown[]).includes(todo.status)
        ? (todo.status as StepStatus)
        : 'pending';
      steps.push({ content, status });
    }
    // A job that completed did what it needed: a step still open then was not needed, never "cancelled".
    const done = session.haultReason === 'completed';
    session.todos = done
      ? steps.map((step) => (step.status === 'completed' ? step : { ...step, status: 'skipped' }))
      : steps;
  }
  return session;
}
