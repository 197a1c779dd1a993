import { decideOutcome } from '../src/outcome.ts';
import { parseMarker, renderMarker, renderProgress } from '../src/progress-view.ts';
import { cleanText, fence } from '../src/sanitize.ts';
import { forMarkdown } from '../src/text-gate.ts';

const view = {
  jobId: 'job_1',
  triggers: ['c5'],
  startedAt: '2026-11-21T10:03:00.000Z',
  runUrl: 'https://github.com/o/r/actions/runs/1',
};

describe('progress comment', () => {
  test('round-trips its marker', () => {
    expect(parseMarker(renderMarker({ jobId: 'job_1', triggers: ['c5', 'r9'] }))).toEqual({
      jobId: 'job_1',
      triggers: ['c5', 'r9'],
    });
  });

  test('keeps only safe characters in the marker', () => {
    expect(renderMarker({ jobId: 'job --> <b>', triggers: ['c1'] })).toBe(
      '<!-- docs-agent-action job=job-b triggers=c1 -->',
    );
  });

  test('only a marker at the very start counts', () => {
    expect(parseMarker('hi <!-- docs-agent-action job=x triggers=c1 -->')).toBeUndefined();
  });

  test('says working with the start time and the run link', () => {
    expect(renderProgress({ ...view, state: 'working' })).toBe(
      '<!-- docs-agent-action job=job_1 triggers=c5 -->\n' +
        '⏳ **Updating the documentation.** The agent has been working since 2026-11-21 10:03 UTC; this comment changes when it is done.\n\n' +
        'job `job_1` · [workflow run](https://github.com/o/r/actions/runs/1)',
    );
  });

  test('renders outside text inert', () => {
    const body = renderProgress({
      ...view,
      state: 'failed',
      detail: 'Failed for @octocat: see [x](https://evil) <img src=x> #12',
    });
    expect(body).toContain('Failed for @\u200boctocat\\: see \\[x\\]\\(https\\://evil\\) \\<img src\\=x\\> #\u200b12');
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
    expect(decideOutcome(result, { elapsedMs: 0 })).toMatchObject({ kind, ok });
  });

  test('a completed job whose link was refused is a warning, not a silent no-change', () => {
    const outcome = decideOutcome(
      { job: { ...job, prLink: null, rejectedPrLink: 'javascript:alert(1)' }, end: 'terminal' },
      { elapsedMs: 0 },
    );
    expect(outcome).toMatchObject({ kind: 'no-change', ok: true, warning: true, prLink: '' });
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
