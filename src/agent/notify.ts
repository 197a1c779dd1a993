import type { Actor } from '../github/event.ts';
import { isBot } from '../github/permissions.ts';
import type { Trigger } from '../github/trigger.ts';
import { GITHUB_LOGIN } from '../outcome/words.ts';

/**
 * Whom to mention when the job ends: the person whose comment or issue asked, when `notify` is
 * on. Never a bot (two bots would answer each other), never a run without a requester (schedule,
 * dispatch), never on a tracking issue named by `issue-number` (the run's event, a pull request
 * say, was not asked for there), and only a login that is a well-formed GitHub login from the
 * event payload: no text from the service can choose whom the action mentions.
 */
export function whomToNotify(notify: boolean, trigger: Extract<Trigger, { kind: 'run' }>): string | undefined {
  const requester: Actor | undefined = trigger.requester;
  if (!notify || !requester || !trigger.issue || trigger.issue.tracking || trigger.mergedPullRequest !== undefined) {
    return undefined;
  }
  if (isBot(requester) || !GITHUB_LOGIN.test(requester.login)) return undefined;
  return requester.login;
}
