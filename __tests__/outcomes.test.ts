// The table of outcomes, row by row: each kind's run reported in every place it goes (the
// `status` output, the log, the job summary, the progress comment, the notification and the
// reaction), against the fake GitHub, and read as a CommonMark renderer shows it.
import type { FakeGitHub } from '../emulator/github/index.ts';
import { Conversation } from '../src/agent/conversation.ts';
import { cancelledBeforeJob, decideOutcome, errorOutcome, startedOutcome } from '../src/outcome/decide.ts';
import { OUTCOME_KINDS, type Outcome, type RunResult } from '../src/outcome/outcome.ts';
import { OUTCOMES } from '../src/outcome/table.ts';
import { isOutcome, WORKING_SYMBOL } from '../src/outcome/words.ts';
import { progressWords } from '../src/step/progress-words.ts';
import { reportOutcome } from '../src/agent/report.ts';
import { createOctokit } from '../src/github/octokit.ts';
import { ProgressComments } from '../src/github/progress-comment.ts';
import type { Job, Session } from '../src/service/client.ts';
import { StepRecord } from '../src/step/state.ts';
import { FakeRunner, type LogLine } from './support/fake-runner.ts';
import { render, seen } from './support/render.ts';
import { useFakeGitHubApi } from './support/services.ts';

const TOKEN = 'ghs_outcomes_token';
const KEY = 'svc_outcomes_key_0123456789';
const RUN_URL = 'https://github.com/o/r/actions/runs/1';
const LINK = 'https://github.com/acme/docs/pull/42';
const ISSUE = 3;

let github: FakeGitHub;
useFakeGitHubApi(TOKEN, (started) => (github = started));

const job = (fields: Partial<Job> = {}): Job => ({ id: 'job_1', status: 'completed', prLink: null, ...fields });
const session: Session = { title: 'Document the flag', messageToUser: 'I documented the flag.' };
const ended = (fields: Partial<Job>, agentMessage?: string): Outcome =>
  decideOutcome({ job: job(fields), end: 'terminal' }, { elapsedMs: 1, agentMessage, session });

interface Expected {
  status: string;
  /** The level of the log line that shows the message; undefined: the step fails with it. */
  log: LogLine['level'] | undefined;
  /** The progress comment's first line as a reader sees it. */
  headline: string;
  notified: string | undefined;
  reaction: string | undefined;
}

const CASES: [string, Outcome, Expected][] = [
  [
    'pull-request',
    ended({ prLink: LINK }),
    {
      status: 'completed',
      log: 'info',
      headline: `✅ Documentation pull request ready: ${LINK}`,
      notified: `the docs pull request is ready: ${LINK}`,
      reaction: 'rocket',
    },
  ],
  [
    'no-change',
    ended({}),
    {
      status: 'completed',
      log: 'notice',
      headline:
        '☑️ Done, without a pull request: no files needed to change, or the service committed directly to the deploy branch.',
      notified: 'the documentation agent finished without a pull request; the progress comment above says more.',
      reaction: '+1',
    },
  ],
  [
    'no-change',
    ended({ rejectedPrLink: 'https://evil.example/a_b', prLinkProblem: 'is not on this GitHub server' }),
    {
      status: 'completed',
      log: 'warning',
      headline:
        '⚠️ Done, but without a pull request link this action can vouch for. Job job_1 completed, but the pull request ' +
        'link it reported is not on this GitHub server, so it was not used: https://evil.example/a_b',
      notified: 'the documentation agent finished without a pull request; the progress comment above says more.',
      reaction: '+1',
    },
  ],
  [
    'failed',
    ended({ status: 'failed' }, 'Out of *credits*.'),
    {
      status: 'failed',
      log: undefined,
      headline: '❌ The documentation update failed. Out of *credits*.',
      notified: 'the documentation update failed; the progress comment above says why.',
      reaction: 'confused',
    },
  ],
  [
    'archived',
    ended({ status: 'archived' }),
    {
      status: 'archived',
      log: undefined,
      headline: '❌ The job was archived before it finished.',
      notified: 'the documentation job was archived before it finished; the progress comment above says more.',
      reaction: 'confused',
    },
  ],
  [
    'timed-out',
    decideOutcome({ job: job({ status: 'active' }), end: 'deadline' }, { elapsedMs: 65_000 }),
    {
      status: 'active',
      log: undefined,
      headline:
        '⏱️ Stopped waiting (timeout-minutes), @alice: the job continues on the service. ' +
        'Re-run this workflow run to wait for its end here.',
      notified: undefined,
      reaction: undefined,
    },
  ],
  [
    'cancelled',
    decideOutcome({ job: job({ status: 'active' }), end: 'cancelled' }, { elapsedMs: 1 }),
    {
      status: 'active',
      log: undefined,
      headline:
        '⏹️ Cancelled: the workflow run stopped, @alice: the job continues on the service. ' +
        'Re-run this workflow run to wait for its end here.',
      notified: undefined,
      reaction: undefined,
    },
  ],
  [
    'cancelled',
    cancelledBeforeJob(true),
    {
      status: 'unknown',
      log: undefined,
      headline:
        '⏹️ Cancelled: the workflow run stopped. The run was cancelled while the job was being created: ' +
        'a job may exist on the service. Look for it before you ask again.',
      notified: undefined,
      reaction: undefined,
    },
  ],
  [
    'started',
    startedOutcome(job({ status: 'active' })),
    {
      status: 'active',
      log: 'info',
      // The comment stays "working": no run waits for the job; without a sweep it names the command.
      headline:
        '⏳ Updating the documentation. The agent has been working since 2026-11-21 10:03 UTC; no run waits for it ' +
        '(wait: false), @alice: the job continues on the service. No sweep of this repository writes its end here: ' +
        'follow it with docs-agent status job_1 --wait.',
      notified: undefined,
      reaction: undefined,
    },
  ],
  [
    'error',
    errorOutcome("The service refused the API key (HTTP 401: bad_key). Check the 'api-key' input.", undefined),
    {
      status: 'error',
      log: undefined,
      headline:
        "❌ The documentation agent could not be run. The service refused the API key (HTTP 401: bad_key). Check the 'api-key' input.",
      notified: undefined,
      reaction: 'confused',
    },
  ],
];

/** A `/docs` comment's run reporting `result` on the fake GitHub, as execute() reports it. */
async function report(result: RunResult, sweep = false): Promise<{ runner: FakeRunner; request: number }> {
  const runner = new FakeRunner();
  const record = new StepRecord(runner);
  const request = github.addComment(ISSUE, '/docs document the flag', 'alice').id;
  const octokit = await createOctokit(TOKEN, runner.log, {
    retryDelayMs: 10,
    requestTimeoutMs: 3_000,
    rateLimitWaitMs: 50,
    deadline: Date.now() + 3_000,
  });
  const { owner, repo } = github;
  const progress = new ProgressComments(octokit, { owner, repo, issueNumber: ISSUE }, runner.log, KEY);
  const conversation = Conversation.forRun({
    progress,
    deps: { record, runUrl: RUN_URL, runner },
    trigger: {
      kind: 'run',
      request: 'document the flag',
      forceNew: false,
      requester: { login: 'alice', type: 'User' },
      issue: { number: ISSUE, isPullRequest: false },
      commentId: request,
    },
    key: `c${request}`,
    notify: true,
    startedAt: Date.parse('2026-11-21T10:03:00Z'),
    detached: result.kind === 'started',
    sweep,
  });
  if (isOutcome(result) && result.job) await conversation.working(result.job.id);
  await reportOutcome(result, { conversation, deps: { runner, record }, elapsedMs: 65_000 });
  return { runner, request };
}

const botComments = () => github.comments(ISSUE).filter((comment) => comment.user.type === 'Bot');

describe('every outcome kind, in every place', () => {
  test('each kind has a case here', () => {
    expect(new Set(CASES.map(([kind]) => kind))).toEqual(new Set(OUTCOME_KINDS));
  });

  test.each(CASES)('%s', async (kind, outcome, expected) => {
    expect(outcome.kind).toBe(kind);
    const row = OUTCOMES[outcome.kind];
    const { runner, request } = await report(outcome);

    // The `status` output.
    expect(runner.outputs.status).toBe(expected.status);
    // The log line: the message at the row's level, or none (main.ts fails the step with it).
    const levels = (['info', 'notice', 'warning'] as const).filter((level) =>
      runner.messages(level).includes(outcome.message),
    );
    expect(levels).toEqual(expected.log ? [expected.log] : []);

    // The job summary: the row's heading, then the message as written.
    expect(runner.summaries).toHaveLength(1);
    const summary = render(runner.summaries[0] ?? '');
    expect(summary.headings[0]).toBe(row.summary);
    expect(summary.text.split('\n')).toContain(outcome.message);
    expect(summary.text).not.toMatch(/\\[^ ]/);

    // The progress comment: its headline first, nothing escaped left visible, only our links live.
    const [comment, ...notifications] = botComments();
    const shown = render(comment?.body ?? '');
    expect(shown.text.split('\n')[0]).toBe(expected.headline);
    expect(shown.text).not.toMatch(/\\[^ ]/);
    expect(shown.links.every((link) => link === LINK || link === RUN_URL)).toBe(true);
    expect(runner.messages('warning').filter((line) => line.includes('progress comment'))).toEqual([]);

    // The notification: one new comment mentioning the requester, or none.
    expect(notifications.map((note) => seen(note.body))).toEqual(
      expected.notified ? [`@alice ${expected.notified}`] : [],
    );
    // The reaction on the request, beside the claim's eyes (which the claim, not the report, adds).
    const reactions = github.reactions().filter((reaction) => reaction.subjectId === request);
    expect(reactions.map((reaction) => reaction.content)).toEqual(expected.reaction ? [expected.reaction] : []);
  });

  test.each([
    ['skipped', 'Nothing to do: not a /docs comment.'],
    ['dry-run', 'Dry run: the inputs and the event are valid; nothing was sent to the service.'],
  ] as const)('a run without work (%s) says so in its status and a notice, and nowhere else', async (kind, message) => {
    const { runner } = await report({ kind, message });
    expect(runner.outputs).toEqual({ status: kind });
    expect(runner.messages('notice')).toEqual([message]);
    expect(runner.summaries).toEqual([]);
    expect(botComments()).toEqual([]);
    expect(github.reactions()).toEqual([]);
  });
});

test('the post step is given no words for a state that is no row', () => {
  const facts = { jobId: 'job_1', triggers: ['c1'], startedAt: '2026-11-21T10:03:00Z' };
  expect(progressWords({ ...facts, state: 'working-ish' }, RUN_URL)).toBeUndefined();
  for (const state of ['working', ...OUTCOME_KINDS]) {
    expect(progressWords({ ...facts, state }, RUN_URL)?.headline).toMatch(/^\S+ \*\*/u);
  }
});

describe('a request no run waits to the end of (timed out, cancelled, wait: false)', () => {
  const active = job({ status: 'active' });
  const timedOut = decideOutcome({ job: active, end: 'deadline' }, { elapsedMs: 65_000 });
  const cancelled = decideOutcome({ job: active, end: 'cancelled' }, { elapsedMs: 1 });
  const started = startedOutcome(active);
  const SWEEP = 'A sweep of this repository (mode: sweep) writes its end here.';
  const RERUN = 'Re-run this workflow run to wait for its end here.';
  const COMMAND = 'No sweep of this repository writes its end here: follow it with docs-agent status job_1 --wait.';

  test.each([
    ['timed-out', timedOut, false, RERUN],
    ['timed-out', timedOut, true, SWEEP],
    ['cancelled', cancelled, false, RERUN],
    ['cancelled', cancelled, true, SWEEP],
    ['started', started, false, COMMAND],
    ['started', started, true, SWEEP],
  ] as const)(
    '%s (sweep-reports: %s) mentions the requester once, in the comment only',
    async (_kind, outcome, sweep, end) => {
      const { runner } = await report(outcome, sweep);
      const [comment, ...others] = botComments();
      const shown = render(comment?.body ?? '').text;
      expect(shown.match(/@alice\b/g)).toHaveLength(1);
      expect(shown.split('\n')[0]).toContain('@alice: the job continues on the service. ' + end);
      // No notification comment (the end still has its own), and the log, summary and outputs name nobody.
      expect(others).toEqual([]);
      const elsewhere = [...runner.messages(), ...runner.summaries, ...Object.values(runner.outputs)].join('\n');
      expect(elsewhere).not.toContain('alice');
    },
  );

  test('"stopped waiting" and "working" have symbols of their own', () => {
    const symbols = OUTCOME_KINDS.map((kind) => OUTCOMES[kind].symbol);
    expect(symbols).not.toContain(WORKING_SYMBOL);
    expect(OUTCOMES['timed-out'].headline({ detail: '', prLink: '', jobId: 'j', goesOn: '' })).not.toMatch(/[⏳⌛]/u);
    const facts = { jobId: 'job_1', triggers: ['c1'], startedAt: '2026-11-21T10:03:00Z' };
    expect(progressWords({ ...facts, state: 'working' }, RUN_URL)?.headline.startsWith(WORKING_SYMBOL)).toBe(true);
    expect(progressWords({ ...facts, state: 'timed-out' }, RUN_URL)?.headline).toMatch(/^⏱️ \*\*Stopped waiting\*\*/u);
  });

  test('a login that is no GitHub login is never mentioned', () => {
    const facts = { jobId: 'job_1', triggers: ['c1'], startedAt: '2026-11-21T10:03:00Z' };
    const headline = progressWords({ ...facts, state: 'timed-out', open: 'a b @team' }, RUN_URL)?.headline ?? '';
    expect(headline).not.toContain('@');
    expect(headline).toContain(': the job continues on the service.');
  });
});
