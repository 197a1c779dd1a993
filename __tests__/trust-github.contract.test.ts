/**
 * Trust on the GitHub side, in this process and, for signals and kills, against the shipped dist/
 * (support/in-process.ts): who may spend the quota, which markers are
 * believed, a GitHub that hangs, and a final comment that must still end true.
 */
import type { Emulator } from '../emulator/index.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import { API_KEY, webhookPayload, type RunOptions, type RunResult } from './support/runner.ts';
import { renderMarker } from '../src/github/marker.ts';
import {
  errorLine,
  expectClean,
  runPostInProcessAgainst,
  runStepAgainst,
  useServices,
  commentEvent as seededComment,
} from './support/services.ts';

let emulator: Emulator;
let github: FakeGitHub;

useServices((started) => ({ emulator, github } = started));

type Event = { name: string; payload: Record<string, any> };

function run(event: Event, options: Omit<RunOptions, 'event'> = {}): Promise<RunResult> {
  return runStepAgainst({ emulator, github }, { ...options, event });
}

/** The post step's work in this process (its entry, dist/post.js, is live-plan's and faults' child runs). */
function runPost(event: Event, options: Omit<RunOptions, 'event' | 'entry'> = {}): Promise<RunResult> {
  return runPostInProcessAgainst({ emulator, github }, { ...options, event });
}

function commentEvent(body = '/docs document the flag', user = 'Codertocat'): Event {
  const { payload } = seededComment(github, body, user);
  // The commenter is also the sender, as GitHub sends it.
  payload.sender = { ...payload.sender, login: payload.comment.user.login, type: payload.comment.user.type };
  return { name: 'issue_comment', payload };
}

const scope = { key: API_KEY, repository: 'Codertocat/Hello-World', issueNumber: 1 };
/** The action's progress comments and replies; the notifications that mention the requester are apart. */
const botComments = () =>
  github.comments(1).filter((c) => c.user.type === 'Bot' && !c.body.includes('docs-agent-action notified='));
const refusals = () => github.comments(1).filter((c) => c.body.includes('was not started'));
const messages = () => emulator.requests.filter((r) => r.path.endsWith('/message'));

describe('who may spend the quota', () => {
  test('a comment of a deleted account is checked as its sender', async () => {
    github.setPermission('mallory', 'read');
    const event = commentEvent();
    event.payload.comment.user = null;
    event.payload.sender = { ...event.payload.sender, login: 'mallory' };
    const result = await run(event);
    expect(result.outputs.status).toBe('skipped');
    expect(result.stdout).toContain('Not started for mallory');
    expect(emulator.requests).toHaveLength(0);
  });

  test('with allow-edits, the editor is checked, not the author', async () => {
    github.setPermission('mallory', 'read');
    const event = commentEvent();
    event.payload.action = 'edited';
    event.payload.sender = { ...event.payload.sender, login: 'mallory' };
    const result = await run(event, { inputs: { 'allow-edits': 'true' } });
    expect(result.outputs.status).toBe('skipped');
    expect(result.stdout).toContain('Not started for mallory');
    expect(emulator.requests).toHaveLength(0);
  });

  test.each([
    ['/docs ask how do I deploy?', {}],
    ['Thanks!\n/DOCS Ask how do I deploy?', {}],
    ['/docs ask new how do I deploy?', {}],
    ['/docs question how do I deploy?', { 'ask-word': 'question' }],
  ])('an edited question %j never starts an agent job, with allow-edits', async (body, inputs) => {
    const event = commentEvent(body);
    event.payload.action = 'edited';
    const result = await run(event, { inputs: { 'allow-edits': 'true', ...inputs } });
    expect(result.code).toBe(0);
    expect(result.outputs.status).toBe('skipped');
    // Where ask mode is not set up (as here), the notice says questions are not answered at all.
    expect(result.stdout).toMatch(/is answered in ask mode, never by the agent|\) are not answered here/);
    expect(emulator.jobsCreated()).toBe(0);
    expect(emulator.requests).toHaveLength(0);
    expect(github.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  test('a refused user gets one reply per issue, however often they ask', async () => {
    github.setPermission('mallory', 'read');
    await run(commentEvent('/docs please', 'mallory'));
    await run(commentEvent('/docs please!!', 'mallory'));
    expect(refusals()).toHaveLength(1);
    github.setPermission('eve', 'read');
    await run(commentEvent('/docs me too', 'eve'));
    expect(refusals()).toHaveLength(2);
    expect(emulator.requests).toHaveLength(0);
  });

  test('a forged refusal does not silence the reply', async () => {
    github.setPermission('mallory', 'read');
    github.addComment(
      1,
      '<!-- docs-agent-action refused=mallory sig=00000000000000000000000000000000 -->\nnope',
      'other-app[bot]',
    );
    await run(commentEvent('/docs please', 'mallory'));
    expect(refusals()).toHaveLength(1);
  });

  test('a bot gets no reply', async () => {
    await run(commentEvent('/docs bump', 'renovate[bot]'));
    expect(refusals()).toHaveLength(0);
    expect(emulator.requests).toHaveLength(0);
  });

  test.each(['pull_request_target', 'pull_request'])(
    'a %s run with a prompt starts nothing for an outsider',
    async (name) => {
      const payload = webhookPayload('pull_request', 'opened');
      payload.sender = { ...payload.sender, login: 'outsider', type: 'User' };
      github.setPermission('outsider', 'read');
      const refused = await run({ name, payload }, { inputs: { prompt: 'Document this pull request' } });
      expect(refused.code).toBe(0);
      expect(refused.outputs.status).toBe('skipped');
      expect(emulator.requests).toHaveLength(0);
      github.setPermission('outsider', 'write');
      const allowed = await run({ name, payload }, { inputs: { prompt: 'Document this pull request' } });
      expect(allowed.outputs.status).toBe('completed');
    },
  );
});

describe('markers', () => {
  async function expectNewJob(event: Event): Promise<void> {
    const result = await run(event);
    expect(result.outputs.status).toBe('completed');
    expect(emulator.jobsCreated()).toBe(1);
    expect(messages()).toHaveLength(0);
    expect(emulator.requests.some((r) => r.path.includes('job_victim'))).toBe(false);
  }

  test.each([
    ['unsigned, from another App', '<!-- docs-agent-action job=job_victim triggers=c1 -->', 'other-app[bot]'],
    [
      'unsigned, from github-actions[bot] of another workflow',
      '<!-- docs-agent-action job=job_victim triggers=c1 -->',
      'github-actions[bot]',
    ],
    [
      'signed with another key',
      renderMarker({ kind: 'progress', jobId: 'job_victim', triggers: ['c1'] }, { ...scope, key: 'svc_another_key' }),
      'github-actions[bot]',
    ],
    [
      'copied from another issue',
      renderMarker({ kind: 'progress', jobId: 'job_victim', triggers: ['c1'] }, { ...scope, issueNumber: 2 }),
      'github-actions[bot]',
    ],
    [
      'with its job id changed',
      renderMarker({ kind: 'progress', jobId: 'job_other', triggers: ['c1'] }, scope).replace(
        'job_other',
        'job_victim',
      ),
      'github-actions[bot]',
    ],
  ])('a marker %s is not followed', async (_name, marker, author) => {
    github.addComment(1, `${marker}\n✅ done`, author);
    await expectNewJob(commentEvent('/docs and also this'));
  });

  test('a signed marker by a person is not followed', async () => {
    github.addComment(1, renderMarker({ kind: 'progress', jobId: 'job_victim', triggers: ['c1'] }, scope), 'mallory');
    await expectNewJob(commentEvent('/docs and also this'));
  });

  test('the action’s own signed marker is followed', async () => {
    await run(commentEvent('/docs document the flag'));
    await run(commentEvent('/docs and also this'));
    expect(emulator.jobsCreated()).toBe(1);
    expect(messages()).toHaveLength(1);
  });
});

describe('a GitHub that fails or hangs', () => {
  test('a comment list that never answers does not hold the run past timeout-minutes', async () => {
    github.hangNext('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', 100);
    // A child run: in jest's VM, Octokit reports the timeout's abort as "Unknown Error"; the bundle
    // names the timeout, as the runner's log shows it.
    // 1.2 s: a call still gets its 2 s floor, so the hung read is the timeout that ends the run.
    const result = await run(commentEvent(), { inputs: { 'timeout-minutes': '0.02' }, killAfterMs: 20_000 });
    expect(result.signal).toBeNull();
    expect(result.code).toBe(1);
    expect(emulator.jobsCreated()).toBe(0);
    expect(errorLine(result)).toMatch(
      /Reading the comments of #1 failed: GitHub did not answer \(.*timeout.*\).*nothing was sent/,
    );
    // The claim was given back: nothing reached the service, so a later run may try again.
    expect(github.reactions().filter((r) => r.content === 'eyes')).toHaveLength(0);
    expectClean(result);
  });

  test('a final update that fails is finished by the post step with the real outcome', async () => {
    const event = commentEvent();
    // Every edit of the main step fails, however many it makes (the live plan's edits, on a loaded
    // machine, would otherwise use up a count meant for the final one); GitHub answers again for
    // the post step.
    const edit = 'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}';
    github.failNext(edit, 502, 1_000);
    const main = await run(event);
    expect(main.outputs.status).toBe('completed');
    expect(main.state.finished).toBeUndefined();
    expect(botComments()[0]?.body).toContain('⏳');
    github.failNext(edit, 502, 0);
    const post = await runPost(event, { state: main.state });
    expect(post.code).toBe(0);
    const body = botComments()[0]?.body ?? '';
    expect(body).toContain(`✅ **Documentation pull request ready:** <${emulator.jobs()[0]?.prLink}>`);
    expect(body).not.toContain('Cancelled');
  });

  test('a final update that hangs is finished by the post step with the real outcome', async () => {
    const event = commentEvent();
    // Every edit of the main step hangs, however many it tries in its grace; GitHub answers again
    // for the post step. (A count of hangs would leave one for the post step on a loaded machine.)
    const edit = 'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}';
    github.hangNext(edit, 1_000);
    const main = await run(event, { inputs: { 'timeout-minutes': '0.1' } });
    expect(main.signal).toBeNull();
    expect(main.outputs.status).toBe('completed');
    expect(main.state.finished).toBeUndefined();
    github.hangNext(edit, 0);
    const post = await runPost(event, { state: main.state });
    expect(post.code).toBe(0);
    expect(botComments()[0]?.body).toContain('✅ **Documentation pull request ready:**');
  });
});

describe('cancel mid-way', () => {
  test('SIGINT during the create sets status and says a job may exist', async () => {
    emulator.inject({ route: 'create', afterProcessing: true, fault: { kind: 'delay', ms: 8_000 } });
    const result = await run(commentEvent(), {
      onSpawn: (child) => {
        const poll = setInterval(() => {
          if (!emulator.requests.some((r) => r.method === 'POST')) return;
          clearInterval(poll);
          child.kill('SIGINT');
        }, 10);
      },
    });
    expect(result.code).toBe(1);
    expect(result.outputs.status).toBe('unknown');
    expect(errorLine(result)).toContain('a job may exist on the service');
    expect(botComments()[0]?.body).toContain('a job may exist');
    expectClean(result);
  });

  test('SIGINT during a GitHub write still sets status and the job id', async () => {
    emulator.configure({ outcome: 'never' });
    github.hangNext('POST /repos/{owner}/{repo}/issues/{issue_number}/comments');
    const result = await run(commentEvent(), {
      onSpawn: (child) => {
        const poll = setInterval(() => {
          const posts = github.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/comments'));
          if (posts.length === 0) return;
          clearInterval(poll);
          child.kill('SIGINT');
        }, 10);
      },
    });
    expect(result.code).toBe(1);
    expect(result.outputs.status).toBe('active');
    expect(result.outputs['job-id']).toBe(emulator.jobs()[0]?.id);
  });
});
