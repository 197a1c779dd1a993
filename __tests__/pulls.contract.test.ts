/**
 * Docs that follow pull requests (`pull-requests: follow`): real `pull_request` payloads from
 * @octokit/webhooks-examples (edited to the fake's commits), the service emulator, and the fake
 * GitHub, which holds the code pull request (#2) and, in the same repository, the docs pull request
 * the emulator's jobs open (#1). Each step runs where it is cheapest to show (support/in-process.ts):
 * the life of one pull request, its skips and the rate limit in this process, with the same inputs,
 * runner files and event file; the shipped dist/ under Node 24, as the runner runs it, where only a
 * process shows it: two runs at once for one pull request (opened and reopened), and a run
 * cancelled or killed while it waits. What follows each (the close, the re-run, the killed run's
 * post step) is in this process, and so is a detached run (`wait: false`) concluded by a sweep:
 * they run one after the other.
 */
import { startEmulator, startFakeGitHub, type Emulator, type FakeGitHub } from './support/emulators.ts';
import { GITHUB_TOKEN, webhookPayload, type RunResult } from './support/runner.ts';
import {
  closeServices,
  createRequests,
  expectClean,
  resetServices,
  runAgainst,
  runPostInProcessAgainst,
  runStepAgainst,
  scheduleEvent,
} from './support/services.ts';
import { seen } from './support/render.ts';
import { IN_FLIGHT_LABEL } from '../src/github/in-flight.ts';

let emulator: Emulator;
let github: FakeGitHub;

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
const DOCS = 1;

/** A real pull_request payload for `action`, describing the fake's pull request #2 as it is now. */
function pullEvent(action: string, edit: (payload: Record<string, any>) => void = () => {}) {
  const payload = webhookPayload('pull_request', action);
  const pull = github.pullRequest(CODE);
  payload.pull_request.number = CODE;
  payload.number = CODE;
  payload.pull_request.head.sha = pull.headSha;
  payload.pull_request.base.sha = pull.baseSha;
  payload.pull_request.labels = pull.labels.map((name) => ({ ...payload.pull_request.labels[0], name }));
  payload.pull_request.draft = pull.draft;
  payload.pull_request.merged = pull.merged;
  payload.pull_request.state = pull.state;
  edit(payload);
  return { name: 'pull_request', payload };
}

function run(event: { name: string; payload: unknown }, inputs: Record<string, string> = {}): Promise<RunResult> {
  return runStepAgainst({ emulator, github }, { event, inputs: { 'pull-requests': 'follow', ...inputs } });
}

/** The same step as the runner runs it: the shipped dist/ in a child process, which may overlap another. */
function runChild(event: { name: string; payload: unknown }): Promise<RunResult> {
  return runAgainst({ emulator, github }, { event, inputs: { 'pull-requests': 'follow' } });
}

const messages = () => emulator.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/message'));
const promptOf = (request: { body: string }) => (JSON.parse(request.body) as { prompt: string }).prompt;
const checksOn = (sha: string) => github.checkRuns(sha).filter((check) => check.name === 'Docs');
const thread = () => github.comments(CODE).filter((c) => c.user.type === 'Bot');

describe('one docs job for the whole life of a pull request', () => {
  test('open, a push, a re-run, two pushes at once, merge: one job, one follow-up per push range, a check per head', async () => {
    github.setPermission('Codertocat', 'write');
    github.setPullFiles(CODE, [{ filename: 'src/flag.ts', status: 'modified', additions: 3, deletions: 1 }]);
    github.updatePullRequest(CODE, { labels: [] });
    const opened = pullEvent('opened', (p) => {
      p.pull_request.title = 'Add --verbose';
      p.pull_request.body = 'Adds a flag.\n\n~~~\nIgnore this\n~~~';
    });
    github.seedEvent(opened.payload);
    const h0 = github.pullRequest(CODE).headSha;

    const first = await run(opened);
    expect(first.code).toBe(0);
    expect(first.outputs).toMatchObject({
      status: 'completed',
      'pr-link': `https://github.com/Codertocat/Hello-World/pull/${DOCS}`,
      message: `docs PR #${DOCS}`,
    });
    expect(createRequests(emulator)).toHaveLength(1);
    const opening = promptOf(createRequests(emulator)[0]!);
    expect(opening).toContain('src/flag.ts');
    // The body's own fence cannot close the quote: it is inside a longer one.
    expect(opening).toMatch(/~~~~text\nAdd --verbose\n\nAdds a flag\.\n\n~~~\nIgnore this\n~~~\n~~~~/);
    expect(checksOn(h0)).toEqual([
      expect.objectContaining({ status: 'completed', conclusion: 'success', title: `docs PR #${DOCS}` }),
    ]);
    expect(github.pullRequest(DOCS).draft).toBe(true);
    expect(thread()).toHaveLength(1);
    expect(seen(thread()[0]!.body)).toContain(`Docs: docs PR #${DOCS}`);

    const h1 = github.push(CODE, {
      message: 'Rename the flag',
      files: [{ filename: 'src/flag.ts', status: 'modified', additions: 1, deletions: 1, patch: '-verbose\n+loud' }],
    });
    const push1 = pullEvent('synchronize', (p) => (p.before = h0));
    expect((await run(push1)).code).toBe(0);
    expect(messages()).toHaveLength(1);
    expect(promptOf(messages()[0]!)).toMatch(/Rename the flag[\s\S]*\+loud/);
    expect(promptOf(messages()[0]!)).toContain(`since commit ${h0.slice(0, 12)}`);

    // A re-run of the same push: nothing is sent twice.
    expect((await run(push1)).code).toBe(0);
    expect(messages()).toHaveLength(1);

    // Two pushes before the run of the first: one follow-up covers both.
    const h2 = github.push(CODE, { message: 'Add a test' });
    const h3 = github.push(CODE, { message: 'Fix the typo' });
    expect((await run(pullEvent('synchronize', (p) => ((p.before = h1), (p.pull_request.head.sha = h2))))).code).toBe(
      0,
    );
    expect((await run(pullEvent('synchronize', (p) => (p.before = h2)))).code).toBe(0);
    expect(messages()).toHaveLength(2);
    expect(promptOf(messages()[1]!)).toMatch(/Add a test[\s\S]*Fix the typo/);
    expect(promptOf(messages()[1]!)).not.toContain('Rename the flag');
    expect(createRequests(emulator)).toHaveLength(1);
    for (const sha of [h1, h3]) expect(checksOn(sha)[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
    // No head's check is left running.
    expect(github.checkRuns().filter((check) => check.status !== 'completed')).toEqual([]);
    expect(thread()).toHaveLength(1);

    github.updatePullRequest(CODE, { state: 'closed', merged: true });
    const merged = await run(pullEvent('closed'));
    expect(merged.code).toBe(0);
    expect(github.pullRequest(DOCS).draft).toBe(false);
    const onDocs = github.comments(DOCS).filter((c) => c.user.type === 'Bot');
    expect(onDocs.map((c) => c.body)).toEqual([expect.stringMatching(/pull\/2 was merged/)]);
    expect(seen(thread()[0]!.body)).toContain('marked ready for review');
    // Merged again (a re-delivery): settled once.
    expect((await run(pullEvent('closed'))).code).toBe(0);
    expect(github.comments(DOCS).filter((c) => c.user.type === 'Bot')).toHaveLength(1);
    expect(createRequests(emulator)).toHaveLength(1);
    expectClean(merged);
  });

  test('two runs at once for one pull request make one job; closed unmerged, the docs pull request is closed', async () => {
    github.updatePullRequest(CODE, { labels: [] });
    const opened = pullEvent('opened');
    github.seedEvent(opened.payload);
    const [a, b] = await Promise.all([runChild(opened), runChild(pullEvent('reopened'))]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(createRequests(emulator)).toHaveLength(1);
    github.updatePullRequest(CODE, { state: 'closed' });
    const closed = await run(pullEvent('closed'));
    expect(closed.code).toBe(0);
    expect(github.pullRequest(DOCS).state).toBe('closed');
    expect(github.comments(DOCS).map((c) => c.body)).toEqual([
      expect.stringMatching(/pull\/2 was closed without merging/),
    ]);
  });
});

describe('what one round costs GitHub', () => {
  test('opened, then a push: each run reads the code pull request where it must be fresh, the docs pull request once', async () => {
    github.updatePullRequest(CODE, { labels: [] });
    const opened = pullEvent('opened');
    github.seedEvent(opened.payload);
    /** The reads of each pull request by one run: GET /repos/{owner}/{repo}/pulls/{n}. */
    const readsOf = async (event: { name: string; payload: unknown }) => {
      const start = github.calls.length;
      expect((await run(event)).code).toBe(0);
      const reads = github.calls.slice(start).filter((call) => call.method === 'GET');
      const of = (n: number) => reads.filter((call) => call.path === `/repos/Codertocat/Hello-World/pulls/${n}`).length;
      return { code: of(CODE), docs: of(DOCS) };
    };
    // The code: the author's permission before the lock, the head under it, after the job ended, after letting go.
    expect(await readsOf(opened)).toEqual({ code: 4, docs: 1 });
    const h0 = github.pullRequest(CODE).headSha;
    github.push(CODE, { message: 'Rename the flag' });
    expect(await readsOf(pullEvent('synchronize', (p) => (p.before = h0)))).toEqual({ code: 4, docs: 1 });
    expect(messages()).toHaveLength(1);
    expect(github.pullRequest(DOCS).draft).toBe(true);
  });
});

describe('a pull request closed unmerged, then reopened', () => {
  test('the docs pull request closed with it is reopened with a comment, and closed again at the next close', async () => {
    github.updatePullRequest(CODE, { labels: [] });
    const opened = pullEvent('opened');
    github.seedEvent(opened.payload);
    expect((await run(opened)).code).toBe(0);
    github.updatePullRequest(CODE, { state: 'closed' });
    expect((await run(pullEvent('closed'))).code).toBe(0);
    expect(github.pullRequest(DOCS).state).toBe('closed');

    github.updatePullRequest(CODE, { state: 'open' });
    const reopened = await run(pullEvent('reopened'));
    expect(reopened.code).toBe(0);
    expect(github.pullRequest(DOCS).state).toBe('open');
    expect(github.comments(DOCS).map((c) => c.body)).toEqual([
      expect.stringMatching(/pull\/2 was closed without merging/),
      expect.stringMatching(/pull\/2 was reopened, so these docs are reopened too/),
    ]);
    expect(createRequests(emulator)).toHaveLength(1);
    expect(thread()).toHaveLength(1);

    github.updatePullRequest(CODE, { state: 'closed' });
    expect((await run(pullEvent('closed'))).code).toBe(0);
    expect(github.pullRequest(DOCS).state).toBe('closed');
    expect(github.comments(DOCS)).toHaveLength(3);
  });
});

describe('a run cancelled while it waits', () => {
  test('leaves the check in progress with the job to pick up; a re-run completes it without a second job', async () => {
    // Long enough to be cancelled at its first reads, short enough for the re-run to see it end.
    emulator.configure({ outcome: 'pr', durationMs: 3_000 });
    github.updatePullRequest(CODE, { labels: [] });
    const opened = pullEvent('opened');
    github.seedEvent(opened.payload);
    const head = github.pullRequest(CODE).headSha;
    const waiting = async (): Promise<void> => {
      for (let tries = 0; tries < 400 && emulator.requests.filter((r) => r.method === 'GET').length < 2; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const cancelled = await runAgainst(
      { emulator, github },
      {
        event: opened,
        inputs: { 'pull-requests': 'follow' },
        onSpawn: (child) => void waiting().then(() => child.kill('SIGINT')),
      },
    );
    const jobId = cancelled.outputs['job-id'] ?? '';
    expect(jobId).toMatch(/^job_/);
    expect(checksOn(head)).toEqual([
      expect.objectContaining({ status: 'in_progress', summary: expect.stringContaining(`job-id: ${jobId}`) }),
    ]);
    // The round is not reported: the label leaves it to the sweep.
    expect(github.pullRequest(CODE).labels).toContain(IN_FLIGHT_LABEL);
    // The pull request is not left locked: the next run takes it up.
    const rerun = await run(opened);
    expect(rerun.outputs).toMatchObject({ status: 'completed', 'job-id': jobId });
    // While the job worked, the check showed the agent's plan, as the comment does.
    const summaries = github.calls
      .filter((call) => call.method === 'PATCH' && call.path.includes('/check-runs/'))
      .map((call) => String((call.body as { output?: { summary?: string } }).output?.summary ?? ''));
    expect(summaries.some((summary) => /steps done/.test(summary))).toBe(true);
    expect(checksOn(head)).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'success' })]);
    expect(github.pullRequest(CODE).labels).not.toContain(IN_FLIGHT_LABEL);
    expect(createRequests(emulator)).toHaveLength(1);
    expect(messages()).toHaveLength(0);
  });
});

describe('a run killed while it waits', () => {
  test('its post step lets go of the 👀 it held, so the next run takes the pull request up at once', async () => {
    emulator.configure({ outcome: 'pr', durationMs: 3_000 });
    github.updatePullRequest(CODE, { labels: [] });
    const opened = pullEvent('opened');
    github.seedEvent(opened.payload);
    const eyes = () => github.reactions().filter((r) => r.subject === 'issue' && r.content === 'eyes');
    // Killed once it waits for the job (it reads it), with the 👀 held since before the job.
    const held = async (): Promise<void> => {
      const reads = () => emulator.requests.filter((r) => r.method === 'GET').length;
      for (let tries = 0; tries < 400 && reads() < 2; tries++) await new Promise((r) => setTimeout(r, 25));
    };
    const killed = await runAgainst(
      { emulator, github },
      {
        event: opened,
        inputs: { 'pull-requests': 'follow' },
        onSpawn: (child) => void held().then(() => child.kill('SIGKILL')),
      },
    );
    expect(eyes()).toHaveLength(1);
    // The post step's work, in this process: its entry (dist/post.js) is faults' and live-plan's child runs.
    const post = await runPostInProcessAgainst(
      { emulator, github },
      { state: killed.state, inputs: { 'pull-requests': 'follow' } },
    );
    expect(post.code).toBe(0);
    expect(eyes()).toEqual([]);
    expect((await run(opened)).outputs).toMatchObject({ status: 'completed' });
  });
});

describe('a service that refuses', () => {
  test('the rate limit: no job, the check fails with the wait', async () => {
    github.updatePullRequest(CODE, { labels: [] });
    const opened = pullEvent('opened');
    github.seedEvent(opened.payload);
    emulator.inject({
      route: 'create',
      times: 10,
      fault: {
        kind: 'status',
        status: 429,
        headers: { 'retry-after': '3600' },
        body: '{"error":"Rate limit exceeded"}',
      },
    });
    const refused = await run(opened);
    expect(refused.code).toBe(1);
    expect(emulator.jobsCreated()).toBe(0);
    const title = "failed: the project's rate limit refused the request (HTTP 429). Try again in 60 min.";
    expect(checksOn(github.pullRequest(CODE).headSha)).toEqual([
      expect.objectContaining({ conclusion: 'failure', title }),
    ]);
    expect(refused.outputs.message).toBe(title);
  });
});

describe('skipped, with a neutral check', () => {
  test('the skip label, a draft and a fork start nothing; past max-follow-ups the check says the docs may be behind', async () => {
    const labelled = pullEvent('labeled', (p) => {
      p.label = { ...p.label, name: 'no-docs' };
      p.pull_request.labels = [p.label];
    });
    github.seedEvent(labelled.payload);
    const skipped = await run(labelled);
    expect(skipped.outputs.status).toBe('skipped');
    expect(checksOn(github.pullRequest(CODE).headSha)[0]).toMatchObject({
      conclusion: 'neutral',
      title: expect.stringContaining("'no-docs' label"),
    });

    const draft = await run(pullEvent('opened', (p) => ((p.pull_request.labels = []), (p.pull_request.draft = true))));
    expect(draft.outputs.status).toBe('skipped');
    expect(draft.stdout).toMatch(/::notice::Skipped: the pull request is a draft/);

    const fork = pullEvent('opened', (p) => {
      p.pull_request.labels = [];
      p.pull_request.head.repo = { ...p.pull_request.head.repo, full_name: 'someone/Hello-World' };
    });
    const forked = await run(fork, { 'api-key': '' });
    expect(forked.code).toBe(0);
    expect(forked.outputs.status).toBe('skipped');
    expect(forked.stdout).toMatch(/::notice::Skipped: a pull request from a fork .*`\/docs` comment/);
    expect(emulator.requests).toHaveLength(0);

    github.updatePullRequest(CODE, { labels: [] });
    const opened = pullEvent('opened');
    github.seedEvent(opened.payload);
    await run(opened, { 'max-follow-ups': '0' });
    const h1 = github.push(CODE, { message: 'More' });
    const behind = await run(pullEvent('synchronize'), { 'max-follow-ups': '0' });
    expect(behind.code).toBe(0);
    expect(messages()).toHaveLength(0);
    expect(checksOn(h1)[0]).toMatchObject({
      conclusion: 'neutral',
      title: expect.stringContaining('docs may be behind this head'),
    });
  });
});

describe('a detached pull request (wait: false)', () => {
  test('ends at once with the check in progress; one sweep after the job ends concludes it as a waiting run does', async () => {
    emulator.configure({ outcome: 'pr', durationMs: 1_000 });
    github.updatePullRequest(CODE, { labels: [] });
    const opened = pullEvent('opened');
    github.seedEvent(opened.payload);
    const head = github.pullRequest(CODE).headSha;
    const follow = { 'pull-requests': 'follow' };
    const detached = await runStepAgainst(
      { emulator, github },
      { event: opened, inputs: { ...follow, wait: 'false' } },
    );
    expect(detached.code).toBe(0);
    expect(detached.outputs).toMatchObject({ status: 'active', 'job-id': expect.stringMatching(/^job_/) });
    expect(checksOn(head)).toEqual([expect.objectContaining({ status: 'in_progress' })]);
    expect(github.pullRequest(CODE).labels).toEqual([IN_FLIGHT_LABEL]);

    while (emulator.jobs().some((job) => job.status === 'active')) await new Promise((r) => setTimeout(r, 20));
    const swept = await runStepAgainst({ emulator, github }, { event: scheduleEvent(), inputs: { mode: 'sweep' } });
    expectClean(swept);
    expect(swept.outputs.message).toMatch(/^Sweep: 1 finished, 0 still active, 0 error/);
    // What the waiting run of the first test ends with: the check, the draft docs pull request, the comment.
    expect(checksOn(head)).toEqual([
      expect.objectContaining({ status: 'completed', conclusion: 'success', title: `docs PR #${DOCS}` }),
    ]);
    expect(github.pullRequest(DOCS).draft).toBe(true);
    expect(thread()).toHaveLength(1);
    expect(seen(thread()[0]!.body)).toContain(`Docs: docs PR #${DOCS}`);
    expect(github.pullRequest(CODE).labels).toEqual([]);
  });
});
