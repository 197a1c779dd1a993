/**
 * One job lifecycle in every mode, through the shipped dist/ as the runner runs it, with the
 * emulator's faults: a create the service may have acted on (a 502 after it created the job, a
 * cancel during the create, then the post step) is never followed by a second job, neither by the
 * next push of a followed pull request, nor by an agent run's re-run, nor by a sweep; the check says
 * a job may exist and how to start a fresh one; a cancel before a follow-up was sent ends the round
 * neutral, and the next push sends it. Where a test's cut needs a process (a cancel, a
 * kill), the runs after it that show nothing more as a child (a post step whose entry is shown
 * above, the next push, a sweep) run in this process (support/in-process.ts). Who asks before what
 * is asked (an outsider's pull request with a broken input is skipped, green, without the input
 * error) is a child run of dist/, the owner's own run after it in this process. No push dropped
 * and a close judged under the lock (issue 34) run in this process, but for the round that works
 * while its pull request is closed: a child run, as two runs at once need.
 */
import { startEmulator, startFakeGitHub, type Emulator, type FaultRule, type FakeGitHub } from './support/emulators.ts';
import type { ChildProcess } from 'node:child_process';
import { IN_FLIGHT_LABEL } from '../src/github/in-flight.ts';
import { seen } from './support/render.ts';
import { GITHUB_TOKEN, webhookPayload, type RunOptions, type RunResult } from './support/runner.ts';
import {
  closeServices,
  commentEvent,
  createRequests,
  expectClean,
  resetServices,
  runAgainst,
  runPostInProcessAgainst,
  runStepAgainst,
  scheduleEvent,
} from './support/services.ts';

let emulator: Emulator;
let github: FakeGitHub;

// The emulator's jobs open their docs pull request (#1) in the code repository, where the token may write.
beforeAll(async () => {
  [emulator, github] = await Promise.all([
    startEmulator({ repository: 'https://github.com/Codertocat/Hello-World' }),
    startFakeGitHub({ token: GITHUB_TOKEN }),
  ]);
});
afterAll(() => closeServices({ emulator, github }));
beforeEach(() => resetServices({ emulator, github }));
afterEach(() => {
  expect(github.violations).toEqual([]);
  expect(github.unimplemented).toEqual([]);
});

const CODE = 2;
const FOLLOW = { 'pull-requests': 'follow' };
const AFTER_502: FaultRule = { route: 'create', afterProcessing: true, fault: { kind: 'status', status: 502 } };
/** The create reaches the service, which creates the job; its answer comes 3 s later. */
const SLOW_CREATE: FaultRule = { route: 'create', afterProcessing: true, fault: { kind: 'delay', ms: 3_000 } };

function pullEvent(action: string, name = 'pull_request', edit: (payload: Record<string, any>) => void = () => {}) {
  const payload = webhookPayload('pull_request', action);
  const pull = github.pullRequest(CODE);
  payload.pull_request.number = CODE;
  payload.number = CODE;
  payload.pull_request.head.sha = pull.headSha;
  payload.pull_request.base.sha = pull.baseSha;
  payload.pull_request.labels = [];
  payload.pull_request.draft = false;
  edit(payload);
  github.seedEvent(payload);
  return { name, payload };
}

function run(options: RunOptions, inputs: Record<string, string> = FOLLOW): Promise<RunResult> {
  return runAgainst({ emulator, github }, { ...options, inputs: { ...inputs, ...options.inputs } });
}

/** The same run where it is cheapest to show (support/in-process.ts): for what no process shows more of. */
function step(options: RunOptions, inputs: Record<string, string> = FOLLOW): Promise<RunResult> {
  return runStepAgainst({ emulator, github }, { ...options, inputs: { ...inputs, ...options.inputs } });
}

/** A post step's work in this process, where its entry (dist/post.js) is another test's. */
function postStep(state: Record<string, string>): Promise<RunResult> {
  return runPostInProcessAgainst({ emulator, github }, { state, inputs: FOLLOW });
}

const checksOn = (sha: string) => github.checkRuns(sha).filter((check) => check.name === 'Docs');
const thread = () => github.comments(CODE).filter((c) => c.user.type === 'Bot');

/** Resolves once the service received the create. */
async function createSent(): Promise<void> {
  for (let tries = 0; tries < 400 && createRequests(emulator).length === 0; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Cancels the run (SIGINT) once a request was turned away for now (429, Retry-After) and it waits
 * to try again: the run logs the wait; the emulator records a request as it arrives.
 */
function cancelWhileWaitingToRetry(child: ChildProcess): void {
  let printed = '';
  child.stdout?.on('data', (chunk: string) => {
    if (!printed.includes('trying again in') && (printed += chunk).includes('trying again in')) child.kill('SIGINT');
  });
}

/**
 * A push to the code pull request, and its run (a child run of dist/, or `step` where the shipped
 * bundle is another test's): it must create no second job.
 */
async function pushCreatesNothing(before: string, runPush: typeof run = run): Promise<string> {
  const head = github.push(CODE, { message: 'More' });
  const pushed = await runPush({ event: pullEvent('synchronize', 'pull_request', (p) => (p.before = before)) });
  expect(pushed.code).toBe(0);
  expect(pushed.outputs.status).toBe('skipped');
  expect(createRequests(emulator)).toHaveLength(1);
  expect(emulator.requests.filter((r) => r.path.endsWith('/message'))).toEqual([]);
  expect(checksOn(head)).toEqual([
    expect.objectContaining({
      conclusion: 'neutral',
      title: 'skipped: a docs job may exist already',
      summary: expect.stringContaining('a `/docs new` comment on the pull request starts a fresh one'),
    }),
  ]);
  expectClean(pushed);
  return head;
}

describe('follow mode after a create the service may have acted on', () => {
  beforeEach(() => github.updatePullRequest(CODE, { labels: [] }));

  test('a 502 after the job was created: the check says a job may exist; the next push and a sweep create none', async () => {
    emulator.inject(AFTER_502);
    const head = github.pullRequest(CODE).headSha;
    const opened = await run({ event: pullEvent('opened') });
    expect(opened.code).toBe(1);
    expect(emulator.jobsCreated()).toBe(1);
    expect(checksOn(head)).toEqual([
      expect.objectContaining({ conclusion: 'failure', summary: expect.stringContaining('A docs job may exist') }),
    ]);
    expect(seen(thread()[0]?.body ?? '')).toContain('a `/docs new` comment on the pull request starts a fresh one');
    expectClean(opened);

    // A sweep meets the pull request (the label went on with the record): it creates nothing and
    // leaves nothing in flight, as no run can learn that job's end.
    const swept = await run({ event: scheduleEvent() }, { mode: 'sweep' });
    expect(swept.code).toBe(0);
    expect(github.pullRequest(CODE).labels).not.toContain(IN_FLIGHT_LABEL);
    await pushCreatesNothing(head);
    expect(emulator.jobsCreated()).toBe(1);
  });

  test('a cancel during the create, then the post step: the next push creates no second job', async () => {
    emulator.inject(SLOW_CREATE);
    const head = github.pullRequest(CODE).headSha;
    const cancelled = await run({
      event: pullEvent('opened'),
      onSpawn: (child) => void createSent().then(() => child.kill('SIGINT')),
    });
    expect(cancelled.code).toBe(1);
    // As in agent mode: cancelled while the create was under way, so whether a job exists is unknown.
    expect(cancelled.outputs.status).toBe('unknown');
    const post = await run({ entry: 'post', state: cancelled.state });
    expect(post.code).toBe(0);
    expect(github.reactions().filter((r) => r.subject === 'issue' && r.content === 'eyes')).toEqual([]);
    expect(checksOn(head)[0]).toMatchObject({ conclusion: 'failure', summary: expect.stringContaining('may exist') });
    await pushCreatesNothing(head);
  });

  test('a cancel before the create reached the service takes the record back, as agent mode does: the next push creates the job', async () => {
    // Turned away for now (429, Retry-After): nothing was made, and the cancel comes during the wait to try again.
    emulator.inject({ route: 'create', fault: { kind: 'status', status: 429, headers: { 'Retry-After': '30' } } });
    const head = github.pullRequest(CODE).headSha;
    const cancelled = await run({
      event: pullEvent('opened'),
      onSpawn: cancelWhileWaitingToRetry,
    });
    expect(cancelled.code).toBe(1);
    expect(cancelled.outputs.status).toBe('cancelled');
    expect((await postStep(cancelled.state)).code).toBe(0);
    // The outcome table's cancelled row, without a job: nothing to wait for, so the check ends.
    expect(checksOn(head)).toEqual([
      expect.objectContaining({
        status: 'completed',
        conclusion: 'neutral',
        title: 'cancelled before the job was created: nothing was sent; the next push creates it',
      }),
    ]);
    expect(seen(thread()[0]?.body ?? '')).toContain(
      '⏹️ Docs: cancelled before the job was created: nothing was sent; the next push creates it',
    );
    expect(emulator.jobsCreated()).toBe(0);

    const next = github.push(CODE, { message: 'More' });
    const pushed = await step({ event: pullEvent('synchronize', 'pull_request', (p) => (p.before = head)) });
    expect(pushed.code).toBe(0);
    expect(pushed.outputs.status).toBe('completed');
    expect(createRequests(emulator)).toHaveLength(2);
    expect(emulator.jobsCreated()).toBe(1);
    expect(checksOn(next)[0]).toMatchObject({ conclusion: 'success' });
    expectClean(pushed);
  });

  test('a cancel before the follow-up reached the service: nothing was sent, the check says so, and the next push sends it', async () => {
    expect((await step({ event: pullEvent('opened') })).outputs.status).toBe('completed');
    const first = github.pullRequest(CODE).headSha;
    const head = github.push(CODE, { message: 'More' });
    // The follow-up turned away for now (429, Retry-After), and the cancel comes during the wait to try again.
    emulator.inject({ route: 'message', fault: { kind: 'status', status: 429, headers: { 'Retry-After': '30' } } });
    const cancelled = await run({
      event: pullEvent('synchronize', 'pull_request', (p) => (p.before = first)),
      onSpawn: cancelWhileWaitingToRetry,
    });
    expect(cancelled.code).toBe(1);
    expect(cancelled.outputs.status).toBe('cancelled');
    expect((await postStep(cancelled.state)).code).toBe(0);
    const unsent = 'cancelled before the follow-up was sent: nothing was sent; the next push sends it';
    expect(checksOn(head)).toEqual([
      expect.objectContaining({ status: 'completed', conclusion: 'neutral', title: unsent }),
    ]);
    expect(seen(thread()[0]?.body ?? '')).toContain(`⏹️ Docs: ${unsent}`);
    const followUps = () => emulator.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/message'));
    expect(followUps()).toHaveLength(1);

    const next = github.push(CODE, { message: 'Again' });
    const pushed = await step({ event: pullEvent('synchronize', 'pull_request', (p) => (p.before = head)) });
    expect(pushed.outputs.status).toBe('completed');
    expect(emulator.jobsCreated()).toBe(1);
    expect(followUps()).toHaveLength(2);
    expect(checksOn(next)[0]).toMatchObject({ conclusion: 'success' });
    expectClean(pushed);
  });

  test('GitHub refusing the comment that records the create stops it: nothing is sent, and the next push creates the job', async () => {
    // The comment is the record every later run reads: a create sent without it, whose answer was
    // then lost, would be sent again by the next push.
    github.failNext('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', 403);
    const head = github.pullRequest(CODE).headSha;
    const refused = await step({ event: pullEvent('opened') });
    expect(refused.code).toBe(1);
    expect(refused.outputs.status).toBe('error');
    expect(createRequests(emulator)).toEqual([]);
    const [refusal] = checksOn(head);
    expect(refusal).toMatchObject({ conclusion: 'failure' });
    expect(seen(refusal?.summary ?? '')).toMatch(
      /^failed: Nothing was sent to the service: the progress comment that records the create could not be written \(the token needs 'pull-requests: write'/,
    );
    expect(refusal?.summary).not.toMatch(/may exist/);
    expect(refused.stdout).toContain(
      '::warning::Writing the progress comment that records the create failed: GitHub answered HTTP 403',
    );

    const next = github.push(CODE, { message: 'More' });
    const pushed = await step({ event: pullEvent('synchronize', 'pull_request', (p) => (p.before = head)) });
    expect(pushed.outputs.status).toBe('completed');
    expect(createRequests(emulator)).toHaveLength(1);
    expect(checksOn(next)[0]).toMatchObject({ conclusion: 'success' });
    expectClean(pushed);
  });

  test('a cancel that cuts the comment recording the create is a cancel before the create, not a refused comment', async () => {
    const route = 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments';
    github.hangNext(route);
    const head = github.pullRequest(CODE).headSha;
    const cut = await run({
      event: pullEvent('opened'),
      onSpawn: (child) =>
        void (async () => {
          for (
            let tries = 0;
            tries < 400 && !github.calls.some((c) => c.method === 'POST' && c.path.endsWith('/comments'));
            tries++
          ) {
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          child.kill('SIGINT');
        })(),
    });
    expect(cut.code).toBe(1);
    expect(cut.outputs.status).toBe('cancelled');
    expect(createRequests(emulator)).toEqual([]);
    expect(checksOn(head)[0]).toMatchObject({
      conclusion: 'neutral',
      title: 'cancelled before the job was created: nothing was sent; the next push creates it',
    });
    expect(cut.stdout).not.toContain('records the create failed');
  });

  test('a main step killed during the create: its post step lets go, the record stays, the next push creates none', async () => {
    emulator.inject(SLOW_CREATE);
    const head = github.pullRequest(CODE).headSha;
    const killed = await run({
      event: pullEvent('opened'),
      onSpawn: (child) => void createSent().then(() => child.kill('SIGKILL')),
    });
    expect(killed.signal).toBe('SIGKILL');
    expect((await postStep(killed.state)).code).toBe(0);
    await pushCreatesNothing(head, step);
    // The head the cut-off run was on is settled by the sweep: a job may exist, no check left running.
    expect((await step({ event: scheduleEvent() }, { mode: 'sweep' })).code).toBe(0);
    expect(checksOn(head)[0]).toMatchObject({ status: 'completed', conclusion: 'neutral' });
    expect(emulator.jobsCreated()).toBe(1);
  });
});

describe('agent mode after a create the service may have acted on', () => {
  test('a re-run and a sweep create no second job', async () => {
    emulator.inject(AFTER_502);
    const event = commentEvent(github);
    const first = await run({ event }, { prompt: '' });
    expect(first.code).toBe(1);
    const rerun = await run({ event }, { prompt: '' });
    expect(rerun.code).toBe(0);
    expect(rerun.outputs.status).toBe('skipped');
    expect(rerun.stdout).toMatch(/a job may exist already/);
    expect((await run({ event: scheduleEvent() }, { mode: 'sweep' })).code).toBe(0);
    expect(createRequests(emulator)).toHaveLength(1);
    expect(emulator.jobsCreated()).toBe(1);
  });
});

describe('who asks before what is asked', () => {
  test("an outsider's pull_request_target with a broken input: skipped, green, no input error anywhere", async () => {
    github.setPermission('Codertocat', 'read');
    const head = github.pullRequest(CODE).headSha;
    // Through the shipped bundle: the process's own exit code is the promise.
    const result = await run({
      event: pullEvent('opened', 'pull_request_target'),
      inputs: { 'timeout-minutes': 'soon' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs.status).toBe('skipped');
    expect(result.stdout).not.toMatch(/::error::/);
    const everything = [result.everything, result.summary, ...github.comments(CODE).map((c) => c.body)];
    for (const check of github.checkRuns(head)) everything.push(check.title ?? '', check.summary ?? '');
    for (const text of everything) expect(text).not.toMatch(/timeout-minutes|soon/);
    expect(checksOn(head)[0]).toMatchObject({ conclusion: 'neutral', title: expect.stringMatching(/^skipped: /) });
    expect(emulator.requests).toEqual([]);

    // The workflow's owner still gets the error on their own pull request.
    github.setPermission('Codertocat', 'admin');
    const own = await step({
      event: pullEvent('opened', 'pull_request_target'),
      inputs: { 'timeout-minutes': 'soon' },
    });
    expect(own.code).toBe(1);
    expect(own.stdout).toMatch(/::error::.*timeout-minutes/);
  });
});

describe('no push dropped, and a close judged on the state read under the lock (issue 34)', () => {
  const DOCS = 1;
  const messages = () => emulator.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/message'));
  const react = (method: 'POST' | 'DELETE', path = '') =>
    fetch(`${github.url}/repos/${github.owner}/${github.repo}/issues/${CODE}/reactions${path}`, {
      method,
      headers: { authorization: `token ${GITHUB_TOKEN}`, 'content-type': 'application/json' },
      body: method === 'POST' ? JSON.stringify({ content: 'eyes' }) : null,
    });

  beforeEach(() => github.updatePullRequest(CODE, { labels: [] }));

  test('a head queued behind a holder that stopped is sent by the sweep, never a check queued for ever', async () => {
    const first = github.pullRequest(CODE).headSha;
    expect((await step({ event: pullEvent('opened') })).outputs.status).toBe('completed');
    // Another run holds the pull request (its 👀), and stops without sending the push that comes now.
    const held = (await (await react('POST')).json()) as { id: number };
    const head = github.push(CODE, { message: 'More' });
    const queued = await step({ event: pullEvent('synchronize', 'pull_request', (p) => (p.before = first)) });
    expect(queued.code).toBe(0);
    expect(checksOn(head)[0]).toMatchObject({ status: 'in_progress', summary: expect.stringMatching(/^Queued:/) });
    expect(github.pullRequest(CODE).labels).toContain(IN_FLIGHT_LABEL);
    await react('DELETE', `/${held.id}`);

    expect((await step({ event: scheduleEvent() }, { mode: 'sweep' })).code).toBe(0);
    expect(messages()).toHaveLength(1);
    expect(checksOn(head)[0]?.summary ?? '').not.toMatch(/^Queued:/);
    expect(createRequests(emulator)).toHaveLength(1);
  });

  test('a closed run that executes after a reopen leaves the docs pull request of the open code pull request open', async () => {
    expect((await step({ event: pullEvent('opened') })).outputs.status).toBe('completed');
    github.updatePullRequest(CODE, { state: 'closed' });
    const closed = pullEvent('closed', 'pull_request', (p) => (p.pull_request.state = 'closed'));
    github.updatePullRequest(CODE, { state: 'open' });
    const touches = () =>
      github.calls.filter((call) => call.path.endsWith(`/pulls/${DOCS}`) && call.method === 'PATCH');
    const before = touches().length;
    const late = await step({ event: closed });
    expect(late.code).toBe(0);
    expect(late.outputs.message).toMatch(/open again/);
    expect(github.pullRequest(DOCS).state).toBe('open');
    expect(touches()).toHaveLength(before);
  });

  test('a pull request closed unmerged while its first round works gets its docs pull request closed', async () => {
    emulator.configure({ outcome: 'pr', durationMs: 2_000 });
    const opened = pullEvent('opened');
    const working = run({ event: opened });
    await createSent();
    github.updatePullRequest(CODE, { state: 'closed' });
    const closing = await step({
      event: pullEvent('closed', 'pull_request', (p) => (p.pull_request.state = 'closed')),
    });
    expect(closing.code).toBe(0);
    const worked = await working;
    expect(worked.code).toBe(0);
    expect(github.pullRequest(DOCS).state).toBe('closed');
    expect(seen(thread()[0]?.body ?? '')).toMatch(/the code pull request was closed/);
    // The signed record says so: a later close finds it settled.
    const again = await step({ event: pullEvent('closed', 'pull_request', (p) => (p.pull_request.state = 'closed')) });
    expect(again.outputs.message).toMatch(/settled already \(closed\)/);
  });
});
