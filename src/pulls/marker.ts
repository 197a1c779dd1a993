import { sameSignature, signFields, type MarkerScope } from '../github/marker.ts';

/**
 * The second hidden line of a followed pull request's progress comment (the first is the progress
 * marker every progress comment has, with the job): what the job was told. `head` is the last head
 * commit sent to the job, so a push is sent once, never twice and never skipped, whichever run
 * sends it and however runs are cancelled or re-run; `sent` counts the follow-ups against
 * `max-follow-ups`; `drafted` says the action made the docs pull request a draft (so the merge marks
 * it ready, and only then); `closed` says the docs pull request was closed or marked ready already.
 * Signed like the progress marker, for this repository, pull request and api-key: only ids and
 * counts, never user text.
 */
export interface FollowState {
  /** '' before anything was sent. */
  head: string;
  sent: number;
  drafted: boolean;
  /** What the code pull request's close did to the docs pull request: '' while open. */
  closed: '' | 'closed' | 'merged';
}

export const FOLLOW_PREFIX = '<!-- docs-agent-follow';

const SHA = /^[0-9a-f]{40}$/;

function fields(jobId: string, state: FollowState): string[] {
  return [jobId, state.head || '-', String(state.sent), state.drafted ? '1' : '0', state.closed || '-'];
}

/** The codec's signing (github/marker.ts), for the follow line's own kind. */
function sign(scope: MarkerScope, values: string[]): string {
  return signFields(scope.key, ['follow', scope.repository.toLowerCase(), String(scope.issueNumber), ...values]);
}

export function renderFollowState(jobId: string, state: FollowState, scope: MarkerScope): string {
  const clean: FollowState = { ...state, head: SHA.test(state.head) ? state.head : '' };
  const [, head, sent, drafted, closed] = fields(jobId, clean);
  return `${FOLLOW_PREFIX} head=${head} sent=${sent} drafted=${drafted} closed=${closed} sig=${sign(scope, fields(jobId, clean))} -->`;
}

/**
 * The follow state of `body`'s second line, when this action signed it for this job and scope.
 * Undefined otherwise: a comment rewritten by a `/docs` request (which keeps only the first line)
 * or a line typed by someone without the key.
 */
export function parseFollowState(body: string, jobId: string, scope: MarkerScope): FollowState | undefined {
  const line = body.split('\n', 2)[1] ?? '';
  const match =
    /^<!-- docs-agent-follow head=([0-9a-f]{40}|-) sent=(\d{1,4}) drafted=([01]) closed=(closed|merged|-) sig=([0-9a-f]+) -->$/.exec(
      line.trimEnd(),
    );
  if (!match) return undefined;
  const [, head = '-', sent = '0', drafted = '0', closed = '-', signature = ''] = match;
  const state: FollowState = {
    head: head === '-' ? '' : head,
    sent: Number(sent),
    drafted: drafted === '1',
    closed: closed === '-' ? '' : (closed as FollowState['closed']),
  };
  return sameSignature(signature, sign(scope, fields(jobId, state))) ? state : undefined;
}
