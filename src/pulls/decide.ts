import type { GitHubEvent } from '../github/event.ts';
import { getsSecrets } from '../github/event.ts';
import type { BacklogSettings } from '../step/backlog-inputs.ts';
import type { FollowSettings } from '../step/follow-inputs.ts';
import type { InputProblems, ServiceSettings } from '../step/inputs.ts';

/** The events follow mode acts on; the others of a pull request (assigned, edited, …) change nothing. */
export const FOLLOW_ACTIONS = [
  'opened',
  'reopened',
  'ready_for_review',
  'synchronize',
  'closed',
  'labeled',
  'unlabeled',
] as const;

/** What a pull request event asks of follow mode, from the payload alone. */
export type PullDecision =
  /** Not ours: another event, or an action that changes nothing. The run is skipped with a notice. */
  | { kind: 'ignore'; reason: string }
  /** The pull request is not followed now: the head's check says why (neutral). */
  | { kind: 'skip'; reason: string; number: number; headSha: string }
  /** Bring the job up to date with the head: create it, send what changed, or wait for it. */
  | { kind: 'follow'; number: number; headSha: string; before?: string | undefined }
  /** The code pull request closed: close the docs pull request, or mark it ready when merged. */
  | { kind: 'close'; number: number; merged: boolean; headSha: string };

/** What follow mode decided for a run: what the event asks, and the settings it runs with. */
export interface FollowDecision {
  pull: PullDecision;
  settings: ServiceSettings;
  follow: FollowSettings;
  backlog: BacklogSettings;
  /** Thrown only once the pull request's author may ask (run.ts): an outsider never sees one. */
  problems: InputProblems;
}

/** Whether this run is follow mode's: a pull request event with `pull-requests: follow`. */
export function isFollowEvent(event: GitHubEvent): boolean {
  return (event.name === 'pull_request' || event.name === 'pull_request_target') && !!event.payload.pull_request;
}

/**
 * Decides from the payload what the event asks. The run then reads the pull request again (a
 * re-run's payload is old) before it acts: this only says which way to go.
 */
export function decidePullEvent(
  event: GitHubEvent,
  settings: Pick<FollowSettings, 'skipLabel'>,
  env: NodeJS.ProcessEnv = process.env,
): PullDecision {
  const { payload } = event;
  const pull = payload.pull_request;
  const action = payload.action ?? '';
  if (!isFollowEvent(event) || !pull)
    return { kind: 'ignore', reason: `${event.name || 'this event'} is no pull request event` };
  if (!(FOLLOW_ACTIONS as readonly string[]).includes(action)) {
    return { kind: 'ignore', reason: `a pull request '${action}' event changes nothing the docs follow` };
  }
  const number = pull.number;
  const headSha = pull.head?.sha ?? '';
  const skip = (reason: string): PullDecision => ({ kind: 'skip', number, headSha, reason });
  // No secrets, no key to find the job with or to sign with: nothing of the life can run, the close included.
  if (!getsSecrets(event, env)) {
    return skip(
      'a pull request from a fork gets no secrets on pull_request; a maintainer can start its docs job ' +
        'with a `/docs` comment on the pull request',
    );
  }
  if (action === 'closed') return { kind: 'close', number, merged: pull.merged === true, headSha };
  const skipLabel = settings.skipLabel.toLowerCase();
  const labelled = !!skipLabel && (pull.labels ?? []).some((label) => label.name.toLowerCase() === skipLabel);
  const labelEvent = action === 'labeled' || action === 'unlabeled';
  // Only the skip label's own events count: another label changes nothing the docs follow.
  if (labelEvent && payload.label?.name.toLowerCase() !== skipLabel) {
    return { kind: 'ignore', reason: `the label '${payload.label?.name ?? ''}' is not '${settings.skipLabel}'` };
  }
  if (labelled) return skip(`the pull request has the '${settings.skipLabel}' label`);
  if (pull.draft === true)
    return skip('the pull request is a draft; the docs job starts when it is marked ready for review');
  const before = action === 'synchronize' ? payload.before : undefined;
  return { kind: 'follow', number, headSha, before };
}
