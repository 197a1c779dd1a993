import { whomToNotify } from '../src/agent/notify.ts';
import { notificationText } from '../src/outcome/words.ts';
import type { Outcome } from '../src/outcome/outcome.ts';
import type { Trigger } from '../src/github/trigger.ts';

type RunTrigger = Extract<Trigger, { kind: 'run' }>;
const fromComment = (login: string, type = 'User'): RunTrigger => ({
  kind: 'run',
  request: 'x',
  forceNew: false,
  requester: { login, type },
  issue: { number: 1, isPullRequest: false },
  commentId: 5,
});

describe('whom to notify', () => {
  test('the person who asked, when notify is on', () => {
    expect(whomToNotify(true, fromComment('alice'))).toBe('alice');
    expect(whomToNotify(true, fromComment('a-b-9'))).toBe('a-b-9');
    expect(whomToNotify(false, fromComment('alice'))).toBeUndefined();
  });

  test.each<[string, RunTrigger]>([
    ['a bot by type', fromComment('helper', 'Bot')],
    ['a bot by name', fromComment('renovate[bot]')],
    ['a login GitHub would not allow', fromComment('al ice\n@everyone')],
    ['a login that is too long', fromComment('a'.repeat(40))],
    [
      'a run without a requester (schedule)',
      { kind: 'run', request: '', forceNew: false, issue: { number: 1, isPullRequest: false } },
    ],
    ['a run without an issue', { ...fromComment('alice'), issue: undefined }],
    ['a merged pull request', { ...fromComment('alice'), mergedPullRequest: 3 }],
    [
      'a pull request run reporting to a tracking issue (issue-number)',
      {
        kind: 'run',
        request: '',
        forceNew: false,
        requester: { login: 'alice', type: 'User' },
        issue: { number: 7, isPullRequest: false, tracking: true },
      },
    ],
  ])('nobody for %s', (_name, trigger) => {
    expect(whomToNotify(true, trigger)).toBeUndefined();
  });
});

describe('notification text', () => {
  const outcome = (kind: Outcome['kind'], prLink = ''): Outcome => ({
    kind,
    prLink,
    jobStatus: '',
    job: undefined,
    message: 'service text @x',
  });

  test('says what happened in the action’s own words, only for a job that ended', () => {
    expect(notificationText(outcome('pull-request', 'https://github.com/o/r/pull/4'))).toBe(
      'the docs pull request is ready: https://github.com/o/r/pull/4',
    );
    for (const kind of ['no-change', 'failed', 'archived'] as const) {
      expect(notificationText(outcome(kind))).toMatch(/progress comment above/);
    }
    for (const kind of ['timed-out', 'cancelled', 'started', 'error'] as const) {
      expect(notificationText(outcome(kind))).toBeUndefined();
    }
  });
});
