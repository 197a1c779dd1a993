import { decideOutcome } from '../src/outcome/decide.ts';
import { OUTCOME_KINDS } from '../src/outcome/outcome.ts';
import { OUTCOMES } from '../src/outcome/table.ts';
import { succeeds } from '../src/outcome/words.ts';
import { progressWords } from '../src/step/progress-words.ts';
import { renderMarker, type MarkerScope } from '../src/github/marker.ts';
import { renderProgress as renderView } from '../src/github/progress-view.ts';
import type { ProgressFacts } from '../src/step/state.ts';
import { cleanText, fence } from '../src/text/sanitize.ts';
import { forMarkdown } from '../src/text/text-gate.ts';
import { render } from './support/render.ts';
import { toSession } from '../src/service/session.ts';

const RUN_URL = 'https://github.com/o/r/actions/runs/1';
const view = {
  jobId: 'job_1',
  triggers: ['c5'],
  startedAt: '2026-11-21T10:03:00.000Z',
};

const scope = { key: 'svc_test_admin_key_0123456789', repository: 'o/r', issueNumber: 7 };

/** The comment as a run writes it: its facts in the words of step/progress-words.ts, laid out by progress-view.ts. */
function renderProgress(facts: ProgressFacts, signed: MarkerScope): string {
  const words = progressWords(facts, RUN_URL);
  if (!words) throw new Error(`no words for ${facts.state}`);
  return renderView(words, signed);
}

describe('progress comment', () => {
  test('says working with the start time and the run link', () => {
    const body = renderProgress({ ...view, state: 'working' }, scope);
    expect(body.startsWith(`${renderMarker({ kind: 'progress', ...view }, scope)}\n`)).toBe(true);
    const rendered = render(body);
    expect(rendered.text).toBe(
      '⏳ Updating the documentation. The agent has been working since 2026-11-21 10:03 UTC; this comment changes when it is done.\n' +
        'job job_1 · workflow run',
    );
    expect(rendered.links).toEqual(['https://github.com/o/r/actions/runs/1']);
  });

  test('shows outside text as written, and nothing in it is live', () => {
    const detail = 'Failed for @octocat: see [x](https://evil) <img src=x> #12 *now* `code` \\ a_b_c';
    const rendered = render(renderProgress({ ...view, state: 'failed', detail }, scope));
    expect(rendered.text.split('\n')[0]).toBe(`❌ The documentation update failed. ${detail}`);
    expect(rendered.links).toEqual(['https://github.com/o/r/actions/runs/1']);
    expect(rendered.images).toEqual([]);
    expect(rendered.html).not.toMatch(/<img|<em>|<code>code|@octocat|#12/);
  });

  // Every state with every part of the agent's text: each shows as written (no escape left
  // visible, which happens when escaped text lands inside HTML), and only our links are links.
  test.each(['working', ...OUTCOME_KINDS])("the %s comment shows the agent's words as written", (state) => {
    const words = {
      detail: 'Detail: a_b *c* <d> [e](f) 1. g \\ h',
      title: 'Title: a_b *c* <d> #1',
      message: 'Message: see https://evil.example/x?y=1 & <b>z</b>',
      steps: [
        { content: 'Step: `x` | y ~~z~~', status: 'completed' as const },
        { content: 'Step two: - [ ] box', status: 'in_progress' as const },
      ],
    };
    const body = renderProgress(
      { ...view, ...words, state, prLink: 'https://github.com/o/r/pull/2', elapsedMs: 61_000 },
      scope,
    );
    const rendered = render(body);
    const lines = rendered.text.split('\n');
    expect(lines).toContain('Title: a_b *c* <d> #1');
    expect(lines).toContain('Message: see https://evil.example/x?y=1 & <b>z</b>');
    expect(lines).toContain('✅ Step: `x` | y ~~z~~');
    expect(lines).toContain('🔄 Step two: - [ ] box (in progress)');
    if (['failed', 'archived', 'error', 'no-change'].includes(state)) {
      expect(rendered.text).toContain('Detail: a_b *c* <d> [e](f) 1. g \\ h');
    }
    expect(rendered.text).not.toMatch(/\\[^ ]/);
    expect(rendered.links.every((link) => link.startsWith('https://github.com/o/r/'))).toBe(true);
    // Nothing the agent wrote became markup: emphasis, code, strikethrough, a task box or a tag.
    expect(rendered.html).not.toMatch(/<em>c<\/em>|<code>x<\/code>|<del>|<input|<(b|d)>|<a href="f"/);
  });

  test('says whether a cancelled run left a job', () => {
    expect(renderProgress({ ...view, state: 'cancelled' }, scope)).toContain('the job continues on the service');
    const none = renderProgress({ ...view, jobId: '', state: 'cancelled', detail: 'a job may exist' }, scope);
    expect(none).not.toContain('the job continues');
    expect(none).toContain('a job may exist');
  });
});

describe('outcome', () => {
  const job = { id: 'job_1', status: 'completed', prLink: 'https://github.com/o/r/pull/2' };

  test.each([
    [{ job, end: 'terminal' as const }, 'pull-request', true],
    [{ job: { ...job, prLink: null }, end: 'terminal' as const }, 'no-change', true],
    [{ job: { ...job, status: 'failed' }, end: 'terminal' as const }, 'failed', false],
    [{ job: { ...job, status: 'archived' }, end: 'terminal' as const }, 'archived', false],
    [{ job: { ...job, status: 'active' }, end: 'deadline' as const }, 'timed-out', false],
    [{ job: { ...job, status: 'active' }, end: 'cancelled' as const }, 'cancelled', false],
  ])('maps %j', (result, kind, ok) => {
    const outcome = decideOutcome(result, { elapsedMs: 0 });
    expect(outcome.kind).toBe(kind);
    expect(succeeds(outcome)).toBe(ok);
  });

  test("a failed or archived job keeps the agent's reason apart from its message", () => {
    for (const status of ['failed', 'archived']) {
      const ended = { job: { ...job, status, prLink: null }, end: 'terminal' as const };
      expect(decideOutcome(ended, { elapsedMs: 0, agentMessage: 'Out of credits.' }).reason).toBe('Out of credits.');
      expect(decideOutcome(ended, { elapsedMs: 0 }).reason).toBeUndefined();
    }
  });

  test('a completed job whose link was refused is a warning, not a silent no-change', () => {
    const outcome = decideOutcome(
      { job: { ...job, prLink: null, rejectedPrLink: 'javascript:alert(1)' }, end: 'terminal' },
      { elapsedMs: 0 },
    );
    expect(outcome).toMatchObject({ kind: 'no-change', prLink: '' });
    expect(succeeds(outcome)).toBe(true);
    expect(OUTCOMES['no-change'].log(outcome)).toBe('warning');
    expect(outcome.message).toContain('not used: javascript:alert(1)');
  });
});

describe('sanitising', () => {
  test('removes HTML comments, invisible and control characters', () => {
    expect(cleanText('a<!-- x -->b\u200b\u202ec\u0007\r\nd')).toBe('abc\nd');
  });

  test('fences text so it cannot close the fence', () => {
    expect(fence('a ~~~~ b')).toBe('~~~~~text\na ~~~~ b\n~~~~~');
  });

  test('neutralises mentions and markup', () => {
    expect(forMarkdown('**hi** @team')).toBe('\\*\\*hi\\*\\* @\u200bteam');
  });
});

describe('the plan of a job that completed', () => {
  const scope = { key: 'svc_k', repository: 'o/r', issueNumber: 1 };
  const todos = [
    { content: 'Write the changes', status: 'completed' },
    { content: 'Open a pull request', status: 'cancelled' },
    { content: 'Tell the team', status: 'pending' },
  ];

  test('a step it finished without is "not needed", never "cancelled"; a failed job keeps "cancelled"', () => {
    const steps = (haultReason: string) => toSession({ haultReason, todos }).todos;
    const shown = (reason: string) =>
      render(
        renderView({ jobId: 'job_1', triggers: ['c1'], headline: 'Done', working: false, steps: steps(reason) }, scope),
      ).text;
    expect(shown('completed')).toContain('➖ Open a pull request (not needed)');
    expect(shown('completed')).toContain('➖ Tell the team (not needed)');
    expect(shown('completed')).not.toContain('cancelled');
    expect(shown('error')).toContain('✖️ Open a pull request (cancelled)');
  });
});
