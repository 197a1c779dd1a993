/**
 * The agent's work on the issue (issue 11), each step in this process (the post step's own entry from
 * the shipped dist/: support/in-process.ts) against the service emulator,
 * whose v1 sessions carry a plan that advances over the job's life, and the fake GitHub API.
 * Waits run at DOCS_AGENT_DELAY_SCALE 0.01: the plan is read at most every 200 ms, the comment
 * edited at most every 300 ms, a heartbeat every 600 ms.
 */
import type { Emulator } from '../emulator/index.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import type { RunResult } from './support/runner.ts';
import { MAX_EDITS } from '../src/agent/live-progress.ts';
import { TIMINGS } from '../src/step/timings.ts';
import { commandsOutsideOf } from './support/runner-commands.ts';
import { commentEvent as seededComment, expectClean, runStepAgainst, useServices } from './support/services.ts';
import { render, seen } from './support/render.ts';

const SCALE = 0.01;

let emulator: Emulator;
let github: FakeGitHub;
useServices((services) => ({ emulator, github } = services));

const commentEvent = (body: string) => seededComment(github, body);
const isNotification = (body: string): boolean => body.includes('docs-agent-action notified=');
const progressComments = () => github.comments(1).filter((c) => c.user.type === 'Bot' && !isNotification(c.body));
const notifications = () => github.comments(1).filter((c) => c.user.type === 'Bot' && isNotification(c.body));
/** The edits of the progress comment, in order: when each arrived, and the body. */
const editCalls = () => github.calls.filter((c) => c.method === 'PATCH' && c.path.includes('/issues/comments/'));
const edits = (): string[] => editCalls().map((c) => String((c.body as { body?: string }).body ?? ''));

/** Runs the action against the services with this event. */
function runOn(event: { name: string; payload: unknown }, inputs: Record<string, string> = {}): Promise<RunResult> {
  return runStepAgainst({ emulator, github }, { event, inputs });
}

describe('the agent’s work on the issue', () => {
  test('the comment shows the plan while the job runs and the final word at the end', async () => {
    emulator.configure({ durationMs: 2_500, finalMessage: 'I documented the --verbose flag in cli.md.' });
    const event = commentEvent('/docs document the new --verbose flag');
    const result = await runOn(event);
    expect(result.code).toBe(0);
    const [job] = emulator.jobs();
    const working = edits()
      .map((body) => render(body))
      .filter((shown) => shown.text.startsWith('⏳ Updating the documentation.'));
    expect(working.length).toBeGreaterThanOrEqual(2);
    // The plan while working: the title, steps by status and the time so far.
    expect(working.some((shown) => /<li>🔄 <strong>.+<\/strong> \(in progress\)<\/li>/.test(shown.html))).toBe(true);
    expect(working.some((shown) => shown.html.includes('<li>✅ '))).toBe(true);
    expect(working.at(-1)?.html).toContain('<h4>Document the new --verbose flag</h4>');
    expect(working.at(-1)?.text).toMatch(/^Working for \d+s · \d of 4 steps done$/m);
    // Edits only on change: no two consecutive edits show the same plan.
    const plans = working.map((shown) => shown.text.replace(/^Working for .*$/m, ''));
    for (let i = 1; i < plans.length; i++) expect(plans[i]).not.toBe(plans[i - 1]);

    const [progress, ...others] = progressComments();
    expect(others).toEqual([]);
    const final = render(progress?.body ?? '');
    expect(final.text.split('\n')[0]).toBe(`✅ Documentation pull request ready: ${job?.prLink}`);
    expect(final.links[0]).toBe(job?.prLink);
    expect(final.html).toContain('<blockquote>\n<p>I documented the --verbose flag in cli.md.</p>\n</blockquote>');
    expect(final.html).toContain('<li>✅ Open a pull request</li>');
    expect(final.text).toMatch(/^Took \d+s · 4 of 4 steps done$/m);
    expect(progress?.body).toMatch(
      new RegExp(`^<!-- docs-agent-action job=${job?.id} triggers=c${event.payload.comment.id} sig=`),
    );

    expect(result.stdout).toMatch(new RegExp(`Job ${job?.id} still active after \\d+s, \\d of 4 steps done\\.`));
    const summary = render(result.summary);
    expect(summary.html).toContain('<h4>Document the new --verbose flag</h4>');
    expect(summary.html).toContain('<blockquote>\n<p>I documented the --verbose flag in cli.md.</p>\n</blockquote>');
    expect(summary.text.split('\n')).toContain('Open a pull request | ✅ done');
    expect(summary.text).not.toContain('\\');
    expectClean(result);
  });

  test('the outputs carry the message, the title and the pull request number', async () => {
    emulator.configure({ finalMessage: 'Done: see the pull request.' });
    const result = await runStepAgainst(
      { emulator, github },
      { inputs: { prompt: 'Document the --verbose flag' }, event: { name: 'workflow_dispatch', payload: {} } },
    );
    const [job] = emulator.jobs();
    expect(result.outputs).toMatchObject({
      status: 'completed',
      'pr-link': job?.prLink,
      'pr-number': job?.prLink?.split('/').pop(),
      message: 'Done: see the pull request.',
      title: 'Document the --verbose flag',
    });
    expect(result.outputs['pr-number']).toMatch(/^\d+$/);
  });

  test('exactly one notification mentions the requester, and a re-run adds none', async () => {
    const event = commentEvent('/docs document the flag');
    await runStepAgainst({ emulator, github }, { event });
    const [job] = emulator.jobs();
    expect(notifications().map((c) => seen(c.body))).toEqual([
      `@Codertocat the docs pull request is ready: ${job?.prLink}`,
    ]);
    // A re-run of the same request resumes the same job and finds its notification.
    const again = await runStepAgainst({ emulator, github }, { event });
    expect(again.code).toBe(0);
    expect(emulator.jobsCreated()).toBe(1);
    expect(notifications()).toHaveLength(1);
    expect(progressComments()).toHaveLength(1);
  });

  test('a failed job: the agent’s message in the comment, the requester told', async () => {
    emulator.configure({ outcome: 'failed', finalMessage: 'The docs build broke @everyone <b>x</b>\n::error::pwned' });
    const result = await runStepAgainst({ emulator, github }, { event: commentEvent('/docs document the flag') });
    expect(result.code).toBe(1);
    const shown = render(progressComments()[0]?.body ?? '');
    expect(shown.text.split('\n')[0]).toBe(
      '❌ The documentation update failed. The docs build broke @everyone <b>x</b> ::error::pwned',
    );
    expect(shown.html).not.toMatch(/<b>|@everyone/);
    expect(notifications().map((c) => seen(c.body))).toEqual([
      '@Codertocat the documentation update failed; the progress comment above says why.',
    ]);
    expect(result.outputs.message).toBe('The docs build broke @everyone <b>x</b> :\u200b:error:\u200b:pwned');
    expect(commandsOutsideOf(result.stdout)).toEqual([]);
    expectClean(result);
  });

  test('a final word the main step could not write is written by the post step, plan included', async () => {
    const event = commentEvent('/docs document the flag');
    github.failNext('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', 502, 3);
    const main = await runStepAgainst({ emulator, github }, { event });
    expect(main.state.finished).toBeUndefined();
    const post = await runStepAgainst({ emulator, github }, { event, entry: 'post', state: main.state });
    expect(post.code).toBe(0);
    const shown = render(progressComments()[0]?.body ?? '');
    expect(shown.text).toMatch(/^✅ Documentation pull request ready: https:\/\/github\.com\/\S+\/pull\/\d+$/m);
    expect(shown.html).toContain('<li>✅ Open a pull request</li>');
    expect(shown.text).toMatch(/^Took \d+s · 4 of 4 steps done$/m);
  });

  test('notify: false, and runs without a requester, mention nobody', async () => {
    await runStepAgainst(
      { emulator, github },
      { event: commentEvent('/docs document the flag'), inputs: { notify: 'false' } },
    );
    await runStepAgainst(
      { emulator, github },
      { event: { name: 'schedule', payload: {} }, inputs: { prompt: 'Refresh the docs', 'issue-number': '1' } },
    );
    expect(progressComments()).toHaveLength(2);
    expect(notifications()).toEqual([]);
    expect(github.comments(1).some((c) => c.user.type === 'Bot' && /@[A-Za-z]/.test(c.body))).toBe(false);
  });

  test('without the v1 endpoint the action works as it always did', async () => {
    emulator.configure({ durationMs: 1_500, v1: false });
    const event = commentEvent('/docs document the flag');
    const result = await runOn(event);
    expect(result.code).toBe(0);
    const [job] = emulator.jobs();
    // No plan: the working comment is written once and edited only with the final word.
    expect(edits()).toHaveLength(1);
    const shown = render(progressComments()[0]?.body ?? '');
    expect(shown.text).toBe(`✅ Documentation pull request ready: ${job?.prLink}\njob ${job?.id} · workflow run`);
    expect(shown.links).toEqual([job?.prLink, 'https://github.com/Codertocat/Hello-World/actions/runs/1658821493']);
    // The endpoint answered 404 once and was not asked again during the wait.
    const v1 = emulator.requests.filter((r) => r.path.startsWith('/v1/'));
    expect(v1).toHaveLength(1);
    expect(result.outputs).toEqual({
      'job-id': job?.id,
      status: 'completed',
      'pr-link': job?.prLink,
      'pr-number': job?.prLink?.split('/').pop(),
    });
    expect(notifications()).toHaveLength(1);
    expectClean(result);
  });

  test('edits of a long job stay within the bound', async () => {
    // Ten edit windows (300 ms scaled) are enough to show the bound, which a poll-paced edit breaks at once.
    const durationMs = 3_000;
    // A plan of 60 steps advances at nearly every poll: only the action's own bound spaces the edits.
    emulator.configure({ durationMs, planSteps: 60 });
    const result = await runOn(commentEvent('/docs document the flag'));
    expect(result.code).toBe(0);
    const live = edits().filter((body) => body.includes('⏳'));
    // At most one edit per editEveryMs (scaled) and maxEdits in all; the last edit is the final word.
    expect(live.length).toBeGreaterThan(0);
    expect(live.length).toBeLessThanOrEqual(Math.min(MAX_EDITS, durationMs / (TIMINGS.live.editEveryMs * SCALE)));
    const liveTimes = editCalls()
      .slice(0, live.length)
      .map((call) => call.at);
    for (let i = 1; i < liveTimes.length; i++) {
      // Edits are decided 300 ms apart; when they arrive also depends on the request's own time, which
      // a loaded machine stretches. Without the bound they would come with each poll, 30 to 120 ms apart.
      expect((liveTimes[i] ?? 0) - (liveTimes[i - 1] ?? 0)).toBeGreaterThanOrEqual(
        (TIMINGS.live.editEveryMs * SCALE * 2) / 3,
      );
    }
    // Never more than one session read per poll of the job.
    const gets = emulator.requests.filter((r) => r.method === 'GET');
    const v1 = gets.filter((r) => r.path.startsWith('/v1/'));
    expect(v1.length).toBeLessThanOrEqual(gets.length - v1.length + 1);
  });
});
