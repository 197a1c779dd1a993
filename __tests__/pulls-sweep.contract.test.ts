/**
 * Follow mode detached (`wait: false`) and finished by the sweep: a run that ends at once with the
 * head's check in progress and the in-flight label on, then pullsFinisher.finish called as the
 * sweep calls it, in this process, against the service emulator (its clock held by the test, so a
 * job ends when the test says) and the fake GitHub (the code pull request #2, the docs pull
 * request #1 the emulator's job opens in the same repository).
 */
import { startEmulator, startFakeGitHub, type Emulator, type FakeGitHub } from './support/emulators.ts';
import { systemClock } from '../src/base/clock.ts';
import { USER_AGENT } from '../src/base/constants.ts';
import { AgentClient } from '../src/service/client.ts';
import { createTransport } from '../src/service/transport.ts';
import { IN_FLIGHT_LABEL } from '../src/github/in-flight.ts';
import { renderMarker } from '../src/github/marker.ts';
import { codeHosts, createOctokit } from '../src/github/octokit.ts';
import { ThreadReader } from '../src/github/thread-batch.ts';
import { pullsFinisher } from '../src/pulls/finisher.ts';
import type { SweepContext } from '../src/step/finish.ts';
import { StepRecord } from '../src/step/state.ts';
import { TIMINGS } from '../src/step/timings.ts';
import { registerSecret } from '../src/text/text-gate.ts';
import { FakeRunner } from './support/fake-runner.ts';
import { seen } from './support/render.ts';
import { API_KEY, GITHUB_TOKEN, webhookPayload } from './support/runner.ts';
import { closeServices, createRequests, NO_RELEASE, resetServices, runStepAgainst } from './support/services.ts';

let emulator: Emulator;
let github: FakeGitHub;
/** The emulator's clock: a job of `durationMs` ends once the test moves it past. */
let now = Date.now();
const savedApiUrl = process.env.GITHUB_API_URL;

beforeAll(async () => {
  [emulator, github] = await Promise.all([
    startEmulator({ repository: 'https://github.com/Codertocat/Hello-World', now: () => now }),
    startFakeGitHub({ token: GITHUB_TOKEN }),
  ]);
  process.env.GITHUB_API_URL = github.url;
  registerSecret(API_KEY);
});
afterAll(async () => {
  if (savedApiUrl === undefined) delete process.env.GITHUB_API_URL;
  else process.env.GITHUB_API_URL = savedApiUrl;
  await closeServices({ emulator, github });
});
beforeEach(() => {
  resetServices({ emulator, github });
  emulator.configure({ outcome: 'pr', durationMs: 60_000 });
  github.updatePullRequest(CODE, { labels: [] });
});
afterEach(() => {
  expect(github.violations).toEqual([]);
  expect(github.unimplemented).toEqual([]);
});

const CODE = 2;
const DOCS = 1;
const item = { number: CODE, pullRequest: true, state: 'open', updatedAt: '2026-01-01T00:00:00Z' } as const;

/** A real pull_request payload for `action`, describing the fake's pull request #2 as it is now. */
function pullEvent(action: string) {
  const payload = webhookPayload('pull_request', action);
  const pull = github.pullRequest(CODE);
  payload.pull_request.number = CODE;
  payload.number = CODE;
  payload.pull_request.head.sha = pull.headSha;
  payload.pull_request.base.sha = pull.baseSha;
  payload.pull_request.labels = [];
  payload.pull_request.draft = false;
  github.seedEvent(payload);
  return { name: 'pull_request', payload };
}

/** `wait: false` on the pull request's opening: the job is created, nothing waited for. */
function detached() {
  return runStepAgainst(
    { emulator, github },
    { event: pullEvent('opened'), inputs: { 'pull-requests': 'follow', wait: 'false' } },
  );
}

/** A read tried again waits milliseconds, not seconds. */
const FAST = { ...TIMINGS, poll: { ...TIMINGS.poll, minMs: 10 } };

/** What one sweep hands each finisher: its own step, GitHub client and service settings. */
async function sweep(): Promise<SweepContext> {
  const runner = new FakeRunner();
  const octokit = await createOctokit(GITHUB_TOKEN, runner.log, {
    retryDelayMs: 1,
    requestTimeoutMs: 5_000,
    rateLimitWaitMs: 1,
    deadline: Date.now() + 30_000,
  });
  const client = new AgentClient({
    baseUrl: emulator.url,
    projectId: 'docs',
    apiKey: API_KEY,
    transport: createTransport(USER_AGENT),
    requestTimeoutMs: 5_000,
    codeHosts: codeHosts(),
    debug: () => undefined,
    now: () => Date.now(),
  });
  const repository = { owner: github.owner, repo: github.repo };
  // The pull request's comments read as the sweep reads them: one GraphQL call (github/thread-batch.ts).
  const threads = new ThreadReader(octokit, repository, runner.log, API_KEY);
  await threads.read([CODE]);
  return {
    follow: {
      docsToken: '',
      draftUntilMerged: true,
      skipLabel: '',
      maxFollowUps: 10,
      checkName: 'Docs',
      wait: true,
      release: NO_RELEASE,
    },
    threadOf: (number) => threads.of(number),
    step: { runner, record: new StepRecord(runner), timings: FAST, signal: new AbortController().signal },
    client,
    clock: systemClock,
    runUrl: undefined,
    octokit,
    repository,
    settings: {
      projectId: 'docs',
      apiKey: API_KEY,
      baseUrl: emulator.url,
      githubToken: GITHUB_TOKEN,
      timeoutMs: 60_000,
      requiredPermission: 'write',
      allowedBots: [],
      replyOnRefusal: true,
    },
  };
}

const finish = async () => pullsFinisher.finish(item, await sweep());
const checksOn = (sha: string) => github.checkRuns(sha).filter((check) => check.name === 'Docs');
const thread = () => github.comments(CODE).filter((c) => c.user.type === 'Bot');
const labelled = () => github.pullRequest(CODE).labels.includes(IN_FLIGHT_LABEL);
const writes = (path: string) => github.calls.filter((call) => call.method === 'PATCH' && call.path.includes(path));
const concluded = () =>
  writes('/check-runs/').filter((call) => (call.body as { conclusion?: string }).conclusion !== undefined);

test('a detached run ends at once with the check in progress and the label on; the sweep concludes the head the job was told about', async () => {
  const head = github.pullRequest(CODE).headSha;
  const run = await detached();
  expect(run.code).toBe(0);
  const jobId = run.outputs['job-id'] ?? '';
  expect(run.outputs).toMatchObject({
    status: 'active',
    message: 'working',
    'job-id': expect.stringMatching(/^job_/),
  });
  expect(emulator.requests.filter((r) => r.method === 'GET')).toEqual([]);
  expect(checksOn(head)).toEqual([
    expect.objectContaining({
      status: 'in_progress',
      title: 'working',
      summary: expect.stringContaining('`mode: sweep`'),
    }),
  ]);
  expect(labelled()).toBe(true);
  // One comment: written before the create (a job may exist), then once with the job and who completes the check.
  expect(thread()).toHaveLength(1);
  expect(writes('/issues/comments/')).toHaveLength(1);
  expect(seen(thread()[0]!.body)).toContain('Not waited for (wait: false): the sweep (mode: sweep)');

  // A push the job was not told about: its head is not the one the sweep concludes.
  const pushed = github.push(CODE, { message: 'More' });
  now += 61_000;
  const finished = await finish();
  expect(finished).toMatchObject({ kind: 'finished', jobId });
  expect(seen(finished?.detail ?? '')).toBe(`docs PR #${DOCS}`);
  expect(checksOn(head)).toEqual([
    expect.objectContaining({ status: 'completed', conclusion: 'success', title: `docs PR #${DOCS}` }),
  ]);
  expect(checksOn(pushed)).toEqual([]);
  expect(thread()).toHaveLength(1);
  expect(seen(thread()[0]!.body)).toContain(`Docs: docs PR #${DOCS}`);
  expect(seen(thread()[0]!.body)).toContain(
    `Up to date with ${head.slice(0, 12)}; the docs pull request stays a draft`,
  );
  expect(github.pullRequest(DOCS).draft).toBe(true);
  expect(labelled()).toBe(false);

  // The next sweep (a label put back by hand, say) finds the end written: nothing is written twice.
  expect(await finish()).toEqual({ kind: 'done', jobId, detail: expect.stringContaining('completed already') });
  expect(concluded()).toHaveLength(1);
  expect(createRequests(emulator)).toHaveLength(1);
});

test('a job still working: the sweep shows its plan on the check and the comment, edits only what changed, and keeps the label', async () => {
  const head = github.pullRequest(CODE).headSha;
  const jobId = (await detached()).outputs['job-id'];
  now += 30_000;
  expect(await finish()).toEqual({ kind: 'active', jobId, detail: 'the job is active' });
  expect(checksOn(head)[0]).toMatchObject({ status: 'in_progress', summary: expect.stringMatching(/steps done/) });
  expect(seen(thread()[0]!.body)).toMatch(/steps done/);
  expect(labelled()).toBe(true);

  const edits = writes('/check-runs/').length + writes('/issues/comments/').length;
  const before = github.calls.length;
  expect(await finish()).toMatchObject({ kind: 'active' });
  expect(writes('/check-runs/').length + writes('/issues/comments/').length).toBe(edits);
  expect(labelled()).toBe(true);
  // The first look is the sweep's read of the threads; the pull request's comments are read by REST
  // only under its 👀, afresh.
  const onThread = new RegExp(`^(POST /graphql|\\w+ /repos/[^/]+/[^/]+/issues/${CODE}/(comments|reactions)\\b)`);
  const reads = github.calls
    .slice(before)
    .map((call) => `${call.method} ${call.path}`)
    .filter((call) => onThread.test(call));
  expect(reads.map((call) => call.replace(/\/repos\/[^/]+\/[^/]+/, ''))).toEqual([
    'POST /graphql',
    `POST /issues/${CODE}/reactions`,
    `GET /issues/${CODE}/comments`,
    expect.stringMatching(new RegExp(`^DELETE /issues/${CODE}/reactions/\\d+$`)),
  ]);
});

test('two sweeps at once conclude the check once', async () => {
  const head = github.pullRequest(CODE).headSha;
  await detached();
  now += 61_000;
  const results = await Promise.all([finish(), finish()]);
  expect(results.filter((result) => result?.kind === 'finished')).toHaveLength(1);
  expect(results.map((result) => result?.kind)).toEqual(expect.arrayContaining(['finished']));
  expect(concluded()).toHaveLength(1);
  expect(checksOn(head)).toEqual([expect.objectContaining({ conclusion: 'success' })]);
  expect(labelled()).toBe(false);
  // No 👀 is left behind.
  expect(github.reactions().filter((r) => r.content === 'eyes')).toEqual([]);
});

test("a read the service's rate limit refused (429) is tried again", async () => {
  const jobId = (await detached()).outputs['job-id'];
  now += 61_000;
  emulator.inject({
    route: 'get',
    fault: { kind: 'status', status: 429, headers: { 'retry-after': '0' }, body: '{}' },
  });
  expect(await finish()).toMatchObject({ kind: 'finished', jobId });
  const reads = emulator.requests.filter((r) => r.method === 'GET' && r.path === `/v2/agent/docs/job/${jobId}`);
  expect(reads).toHaveLength(2);
});

test('a job the service does not know (404) fails the check of its head and takes the label off', async () => {
  const head = github.pullRequest(CODE).headSha;
  const jobId = (await detached()).outputs['job-id'];
  emulator.inject({ route: 'get', fault: { kind: 'status', status: 404, body: '{}' } });
  expect(await finish()).toMatchObject({ kind: 'finished', jobId });
  expect(checksOn(head)).toEqual([
    expect.objectContaining({ conclusion: 'failure', title: expect.stringMatching(/was not found in project/) }),
  ]);
  expect(seen(thread()[0]!.body)).toMatch(/^❌ Docs: failed: job job_\w+ was not found in project 'docs'/);
  expect(labelled()).toBe(false);
});

test('a pull request without the signed follow line is not follow mode’s', async () => {
  expect(await finish()).toBeUndefined();
  // A `/docs` request's progress comment on the pull request: the agent finisher's.
  const scope = { key: API_KEY, repository: `${github.owner}/${github.repo}`, issueNumber: CODE };
  const marker = renderMarker({ kind: 'progress', jobId: 'job_0123456789abcdef01234567', triggers: ['c1'] }, scope);
  github.addComment(CODE, `${marker}\nWorking on it.`, 'github-actions[bot]');
  github.calls.length = 0;
  expect(await finish()).toBeUndefined();
  // It looked through the sweep's one read of the threads: no read of its own, no 👀.
  expect(github.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /graphql']);
  expect(await pullsFinisher.finish({ ...item, pullRequest: false }, await sweep())).toBeUndefined();
  expect(emulator.requests).toEqual([]);
});

test('a waiting run puts the label on while the job works and takes it off with the verdict', async () => {
  emulator.configure({ outcome: 'pr', durationMs: 0 });
  const run = await runStepAgainst(
    { emulator, github },
    { event: pullEvent('opened'), inputs: { 'pull-requests': 'follow' } },
  );
  expect(run.outputs.status).toBe('completed');
  // The in-flight label's calls on the code pull request (the docs pull request gets its own mark).
  const labelCalls = github.calls.filter((call) => call.path.includes(`/issues/${CODE}/labels`));
  expect(labelCalls.map((call) => call.method)).toEqual(['POST', 'DELETE']);
  expect(labelled()).toBe(false);
});

test('a label GitHub refuses is a warning: the run goes on', async () => {
  github.failNext('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', 403);
  const run = await detached();
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/::warning::Could not put the in-flight label on #2 \(needs 'issues: write'\)/);
  expect(checksOn(github.pullRequest(CODE).headSha)).toEqual([expect.objectContaining({ status: 'in_progress' })]);
});

test("a completed check of the name that is not the action's (a CI job named Docs) is not taken for the end written", async () => {
  const head = github.pullRequest(CODE).headSha;
  const run = await detached();
  const jobId = run.outputs['job-id'] ?? '';
  const stamp = new Date().toISOString();
  // The action's own check, in progress, and a workflow job's "Docs" check, completed and failed.
  const ci = github.addCheckRun({
    ...{ head_sha: head, name: 'Docs', status: 'completed', conclusion: 'failure', title: 'build failed' },
    ...{ summary: null, details_url: null, started_at: stamp, completed_at: stamp, external_id: null },
  });
  now += 61_000;
  expect(await finish()).toMatchObject({ kind: 'finished', jobId });
  const checks = checksOn(head);
  expect(checks.find((check) => check.id === ci.id)).toMatchObject({ conclusion: 'failure', title: 'build failed' });
  expect(checks.filter((check) => check.id !== ci.id)).toEqual([
    expect.objectContaining({
      status: 'completed',
      conclusion: 'success',
      external_id: expect.stringMatching(/^docs-agent:/),
    }),
  ]);
});
