import { readMarker, renderMarker, type FollowState, type MarkerScope } from '../github/marker.ts';
import type { IssueThread } from '../github/thread.ts';
import { forMarkdown } from '../text/text-gate.ts';

/** The followed pull request's one progress comment, as found: its job and what the job was told. */
export interface Thread {
  commentId: number | undefined;
  jobId: string;
  /** The request keys of the progress marker: kept, so a `/docs` request on the pull request finds its job. */
  triggers: string[];
  state: FollowState;
  /** false: the comment was written by a `/docs` request (no follow line), so the head sent is not known. */
  known: boolean;
  /** The comment as last read or written ('' before there is one): a writer edits only what changed. */
  body: string;
}

/** The follow line (the codec's `follow` kind), bound to the job of the progress marker above it. */
export function renderFollowState(jobId: string, state: FollowState, scope: MarkerScope): string {
  return renderMarker({ kind: 'follow', ...state }, { ...scope, job: jobId });
}

/** The follow state of `body`'s second line, when this action signed it for this job and scope. */
export function parseFollowState(body: string, jobId: string, scope: MarkerScope): FollowState | undefined {
  const marker = readMarker(body.split('\n', 2)[1] ?? '', { ...scope, job: jobId }, 'follow');
  if (!marker) return undefined;
  const { kind: _kind, ...state } = marker;
  return state;
}

export const NEW_STATE: FollowState = { head: '', sent: 0, drafted: false, closed: '' };

/**
 * The thread of the pull request: the progress comment this action signed that follows it, or,
 * when a `/docs` request made the job (a fork's pull request), that request's latest progress
 * comment with a job: follow mode joins it. The comments are read through the one issue-thread
 * reader (github/thread.ts: bounded, only comments by a bot with a marker signed for this
 * repository, pull request and key), afresh each time: another run may have written meanwhile.
 * `fresh: false` takes the thread as read already (the sweep's first look, before its claim).
 */
export async function findThread(issue: IssueThread, { fresh = true } = {}): Promise<Thread> {
  let joined: Thread | undefined;
  let jobless: Thread | undefined;
  for (const { id, body, marker } of await issue.signed('progress', { fresh })) {
    const state = parseFollowState(body, marker.jobId, issue.scope);
    const thread = { commentId: id, jobId: marker.jobId, triggers: marker.triggers, body };
    // Follow mode's comment before its job is known: `head` set says a create was tried (a job may exist).
    if (!marker.jobId) jobless ??= state && { ...thread, state, known: true };
    else if (state) return { ...thread, state, known: true };
    else joined = { ...thread, state: { ...NEW_STATE }, known: false };
  }
  return (
    joined ??
    jobless ?? { commentId: undefined, jobId: '', triggers: [], state: { ...NEW_STATE }, known: true, body: '' }
  );
}

/** What the comment says under its markers: the action's own words, and inert text from outside. */
export interface ThreadView {
  headline: string;
  /** Lines of the action's own words (markdown), each already safe. */
  lines?: string[] | undefined;
  /** The agent's message, rendered inert as a quote. */
  message?: string | undefined;
  runUrl?: string | undefined;
}

export function renderThread(thread: Thread, view: ThreadView, scope: MarkerScope, key: string): string {
  const triggers = thread.triggers.includes(key) ? thread.triggers : [...thread.triggers, key];
  const footer = [
    thread.jobId && `job \`${thread.jobId}\``,
    view.runUrl ? `[workflow run](${view.runUrl})` : '',
  ].filter(Boolean);
  return [
    renderMarker({ kind: 'progress', jobId: thread.jobId, triggers }, scope),
    renderFollowState(thread.jobId, thread.state, scope),
    view.headline,
    ...(view.lines?.length ? ['', ...view.lines] : []),
    ...(view.message ? ['', `> ${forMarkdown(view.message, 2_000)}`] : []),
    '',
    footer.join(' · '),
  ].join('\n');
}

/** Writes the thread's comment (created the first time); returns its id. */
export async function writeThread(issue: IssueThread, thread: Thread, body: string): Promise<number> {
  if (thread.commentId !== undefined) {
    await issue.edit(thread.commentId, body);
    return thread.commentId;
  }
  return (await issue.create(body)).id;
}
