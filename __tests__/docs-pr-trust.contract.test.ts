/**
 * Only this action's own docs pull requests and its own Docs check are acted on (issue 34, items
 * 1 and 2), in this process against the service emulator (its answers scripted where the service
 * lies) and the fake GitHub, which holds the code pull request (#2) and, in the same repository,
 * a docs pull request (#1, on branch `branch-1`). Each case is one kind of link or check that is
 * not this action's: another repository, another server, the code pull request itself, a pull
 * request the job did not open; a CI job's check and another app's check of the same name.
 */
import { startEmulator, startFakeGitHub, type Emulator, type FaultRule, type FakeGitHub } from './support/emulators.ts';
import { DOCS_PR_LABEL, readDocsMarker, renderDocsMarker } from '../src/github/docs-prs.ts';
import { docsPrTarget, notOpenedByJob } from '../src/github/docs-pr-trust.ts';
import { codeHosts, createOctokit } from '../src/github/octokit.ts';
import { keepBacklog } from '../src/step/backlog.ts';
import { NO_BACKLOG } from '../src/step/backlog-inputs.ts';
import type { ServiceSettings } from '../src/step/inputs.ts';
import { TIMINGS } from '../src/step/timings.ts';
import { systemClock } from '../src/base/clock.ts';
import { USER_AGENT } from '../src/base/constants.ts';
import { ThreadReader } from '../src/github/thread-batch.ts';
import { pullsFinisher } from '../src/pulls/finisher.ts';
import { AgentClient } from '../src/service/client.ts';
import { createTransport } from '../src/service/transport.ts';
import type { SweepContext, SweepResult } from '../src/step/finish.ts';
import { StepRecord } from '../src/step/state.ts';
import { FakeRunner } from './support/fake-runner.ts';
import { seen } from './support/render.ts';
import { API_KEY, GITHUB_TOKEN, webhookPayload, type RunResult } from './support/runner.ts';
import { closeServices, commentEvent, NO_RELEASE, resetServices, runInProcessAgainst } from './support/services.ts';

let emulator: Emulator;
let github: FakeGitHub;
let savedUrl: string | undefined;

beforeAll(async () => {
  [emulator, github] = await Promise.all([
    startEmulator({ repository: 'https://github.com/Codertocat/Hello-World' }),
    startFakeGitHub({ token: GITHUB_TOKEN }),
  ]);
  savedUrl = process.env.GITHUB_API_URL;
  process.env.GITHUB_API_URL = github.url;
});
afterAll(async () => {
  if (savedUrl === undefined) delete process.env.GITHUB_API_URL;
  else process.env.GITHUB_API_URL = savedUrl;
  await closeServices({ emulator, github });
});
beforeEach(() => {
  resetServices({ emulator, github });
  emulator.configure({ durationMs: 0 });
});
afterEach(() => {
  expect(github.violations).toEqual([]);
  expect(github.unimplemented).toEqual([]);
});

const REPO = { owner: 'Codertocat', repo: 'Hello-World' };
const CODE = 2;
const DOCS = 1;
const DAY = 86_400_000;

const answer = (route: FaultRule['route'], status: number, body: unknown, times = 1): FaultRule => ({
  route,
  times,
  fault: { kind: 'status', status, body: JSON.stringify(body) },
});

/** The service reports job `id` done with `prLink`, on branch `ref` (every read: job and session). */
function reports(id: string, prLink: string, ref: string | null = null): void {
  const job = { id, status: 'completed', prLink, createdAt: new Date().toISOString(), source: { ref } };
  emulator.inject(answer('create', 201, { id, status: 'active' }), answer('get', 200, job, 40));
}

/** A real pull_request payload for `action`, describing the fake's pull request #2 as it is now. */
function pullEvent(action: string) {
  const payload = webhookPayload('pull_request', action);
  const pull = github.pullRequest(CODE);
  payload.pull_request.number = CODE;
  payload.number = CODE;
  payload.pull_request.head.sha = pull.headSha;
  payload.pull_request.base.sha = pull.baseSha;
  payload.pull_request.labels = [];
  payload.pull_request.draft = pull.draft;
  payload.pull_request.state = pull.state;
  return { name: 'pull_request', payload };
}

function follow(env: Record<string, string> = {}, inputs: Record<string, string> = {}): Promise<RunResult> {
  github.setPermission('Codertocat', 'write');
  github.updatePullRequest(CODE, { labels: [] });
  const event = pullEvent('opened');
  github.seedEvent(event.payload);
  return runInProcessAgainst({ emulator, github }, { event, env, inputs: { 'pull-requests': 'follow', ...inputs } });
}

/** The sweep's follow finisher on the code pull request, as the sweep calls it (pulls-sweep.contract.test.ts). */
async function sweepFollowed(): Promise<SweepResult | undefined> {
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
  const threads = new ThreadReader(octokit, REPO, runner.log, API_KEY);
  await threads.read([CODE]);
  const follow = { docsToken: '', draftUntilMerged: true, skipLabel: '', maxFollowUps: 10, checkName: 'Docs' };
  const settings = { projectId: 'docs', apiKey: API_KEY, baseUrl: emulator.url, githubToken: GITHUB_TOKEN };
  const sweep: SweepContext = {
    follow: { ...follow, wait: true, release: NO_RELEASE },
    threadOf: (number) => threads.of(number),
    step: { runner, record: new StepRecord(runner), timings: TIMINGS, signal: new AbortController().signal },
    client,
    clock: systemClock,
    runUrl: undefined,
    octokit,
    repository: REPO,
    settings: { ...settings, timeoutMs: 60_000, requiredPermission: 'write', allowedBots: [], replyOnRefusal: true },
  };
  const item = { number: CODE, pullRequest: true, state: 'open', updatedAt: '2026-01-01T00:00:00Z' } as const;
  return pullsFinisher.finish(item, sweep);
}

/**
 * Follow mode's report does not present `link` as the docs pull request: the head's Docs check
 * (title and summary) and the thread's headline name it as text with `problem`, never as "docs PR
 * #N" or a `<link>`; the pr-link and pr-number outputs (of a run that writes them) stay empty.
 */
function notFollowedAsDocs(link: string, problem: string, result?: RunResult): void {
  const number = link.split('/').pop() ?? '';
  const [check, ...others] = github.checkRuns(github.pullRequest(CODE).headSha).filter((run) => run.name === 'Docs');
  expect(others).toEqual([]);
  expect(check).toMatchObject({ status: 'completed', title: expect.stringContaining(problem) });
  expect(check?.title).toContain(`so it was not used: ${link}`);
  expect(check?.title).not.toContain(`docs PR #${number}`);
  expect(check?.summary).not.toContain(`<${link}>`);
  const bot = github.comments(CODE).filter((comment) => comment.user.type === 'Bot');
  expect(bot).toHaveLength(1);
  const headline =
    seen(bot[0]!.body)
      .split('\n')
      .find((line) => line.includes('Docs:')) ?? '';
  expect(headline).toContain(problem);
  expect(headline).not.toContain(`docs PR #${number}`);
  expect(bot[0]!.body).not.toContain(`<${link}>`);
  expect(bot[0]!.body).not.toContain('stays a draft');
  if (!result) return;
  expect(result.outputs['pr-link'] ?? '').toBe('');
  expect(result.outputs['pr-number'] ?? '').toBe('');
  expect(result.outputs.message).toBe(check?.title);
}

function agent(inputs: Record<string, string> = {}, env: Record<string, string> = {}): Promise<RunResult> {
  const event = commentEvent(github);
  return runInProcessAgainst({ emulator, github }, { event, env, inputs });
}

/** Nothing was done to pull request `number`: no draft, no label, no signed line, no comment, open. */
function untouched(number: number): void {
  const pull = github.pullRequest(number);
  expect(pull).toMatchObject({ draft: false, state: 'open' });
  expect(pull.labels).not.toContain(DOCS_PR_LABEL);
  expect(pull.body).not.toContain('docs-agent-docs');
  expect(github.comments(number).filter((c) => /these docs|was merged/.test(c.body))).toEqual([]);
}

/** No comment or output calls `link` a docs pull request that is ready. */
function notReported(result: RunResult, link: string): void {
  expect(github.comments().filter((c) => c.body.includes(`ready: ${link}`) || c.body.includes(`<${link}>`))).toEqual(
    [],
  );
  expect(result.outputs['pr-link'] ?? '').toBe('');
  expect(result.outputs['pr-number'] ?? '').toBe('');
}

const writes = () => github.calls.filter((call) => call.method !== 'GET' && !call.path.endsWith('/graphql'));

describe("a docs pull request is acted on only when it is this job's", () => {
  test('a link to the code pull request itself: follow mode neither drafts nor marks it, nor reports it as the docs PR', async () => {
    const link = `https://github.com/Codertocat/Hello-World/pull/${CODE}`;
    reports('job_self', link, 'branch-2');
    const result = await follow();
    expect(result.code).toBe(0);
    untouched(CODE);
    expect(result.stdout).toMatch(/::warning::.*names the request it was opened for.*pull\/2$/m);
    notFollowedAsDocs(link, 'names the request it was opened for', result);
  });

  test('a close of the code pull request neither closes nor names a refused link', async () => {
    const link = `https://github.com/Codertocat/Hello-World/pull/${CODE}`;
    reports('job_self', link, 'branch-2');
    expect((await follow()).code).toBe(0);
    github.updatePullRequest(CODE, { state: 'closed' });
    const event = pullEvent('closed');
    const closed = await runInProcessAgainst({ emulator, github }, { event, inputs: { 'pull-requests': 'follow' } });
    expect(closed.code).toBe(0);
    const bodies = github.comments(CODE).filter((comment) => comment.user.type === 'Bot');
    expect(bodies.at(-1)?.body).toContain('so nothing was done to it');
    for (const comment of bodies) expect(comment.body).not.toContain(`<${link}>`);
    expect(github.comments(CODE).some((comment) => comment.body.includes('these docs are closed too'))).toBe(false);
  });

  test("the sweep's follow finisher does not report the code pull request itself as the docs PR either", async () => {
    const link = `https://github.com/Codertocat/Hello-World/pull/${CODE}`;
    reports('job_self', link, 'branch-2');
    // Detached: the create answers 'active' and nothing is read; the sweep reads the job's end.
    const run = await follow({}, { wait: 'false' });
    expect(run.outputs.status).toBe('active');
    expect(run.outputs['pr-link'] ?? '').toBe('');
    const finished = await sweepFollowed();
    expect(finished).toMatchObject({ kind: 'finished', jobId: 'job_self' });
    expect(finished?.detail).toContain('names the request it was opened for');
    expect(finished?.detail).not.toContain(`docs PR #${CODE}`);
    untouched(CODE);
    notFollowedAsDocs(link, 'names the request it was opened for');
  });

  test('a docs pull request the job did not open (another branch): follow mode names it as text only', async () => {
    const link = `https://github.com/Codertocat/Hello-World/pull/${DOCS}`;
    reports('job_branch', link, 'docs-agent/job_branch');
    const result = await follow();
    expect(result.code).toBe(0);
    untouched(DOCS);
    notFollowedAsDocs(link, "is not on the job's branch", result);
  });

  test('a link to another repository while docs-repository is unset: reported as the service said, never touched', async () => {
    reports('job_far', 'https://github.com/someone/else/pull/7', 'branch-7');
    const result = await agent({ prompt: 'Document the flag', 'docs-token': GITHUB_TOKEN });
    expect(result.outputs.status).toBe('completed');
    expect(github.calls.filter((call) => call.path.includes('/someone/'))).toEqual([]);
    expect(result.outputs['pr-link']).toBe('https://github.com/someone/else/pull/7');
    expect(result.stdout).toMatch(/pull\/7 is not touched: it is not in the docs repository Codertocat\/Hello-World/);
  });

  test('a link to another repository is refused even when docs-repository names a third one', async () => {
    reports('job_far', 'https://github.com/someone/else/pull/7', 'branch-7');
    const result = await agent({
      prompt: 'Document the flag',
      'docs-token': GITHUB_TOKEN,
      'docs-repository': 'acme/docs',
    });
    expect(github.calls.filter((call) => call.path.includes('/someone/'))).toEqual([]);
    expect(result.stdout).toMatch(/::warning::.*not in the docs repository acme\/docs/);
    notReported(result, 'https://github.com/someone/else/pull/7');
  });

  test("on GitHub Enterprise Server a github.com link is not this server's: refused at the door", async () => {
    reports('job_ghes', 'https://github.com/Codertocat/Hello-World/pull/1', 'branch-1');
    const result = await agent({ prompt: 'Document the flag' }, { GITHUB_SERVER_URL: 'https://ghe.example.com' });
    expect(result.outputs['pr-link']).toBe('');
    expect(result.stdout).toMatch(/::warning::.*is not on this GitHub server/);
    untouched(DOCS);
  });

  test("a pull request of the docs repository on another branch than the job's is not the job's", async () => {
    reports('job_branch', `https://github.com/Codertocat/Hello-World/pull/${DOCS}`, 'docs-agent/job_branch');
    const result = await agent({ prompt: 'Document the flag' });
    expect(result.stdout).toMatch(/::warning::.*is not on the job's branch.*pull\/1$/m);
    untouched(DOCS);
    notReported(result, `https://github.com/Codertocat/Hello-World/pull/${DOCS}`);
  });

  test("the job's own pull request (its branch) is marked, for the request it came from", async () => {
    reports('job_mine', `https://github.com/Codertocat/Hello-World/pull/${DOCS}`, 'branch-1');
    const event = commentEvent(github);
    await runInProcessAgainst({ emulator, github }, { event, inputs: { prompt: 'Document the flag' } });
    const docs = github.pullRequest(DOCS);
    expect(docs.labels).toContain(DOCS_PR_LABEL);
    expect(readDocsMarker(docs.body, API_KEY, REPO, DOCS)).toMatchObject({ jobId: 'job_mine', pull: false });
  });

  test("the sweep never closes a pull request whose signed line names itself (an older version's mark)", async () => {
    const line = renderDocsMarker(API_KEY, REPO, CODE, {
      repository: 'Codertocat/Hello-World',
      number: CODE,
      pull: true,
      jobId: 'job_old',
    });
    const old = new Date(Date.now() - 90 * DAY).toISOString();
    github.updatePullRequest(CODE, { body: `Code.\n\n${line}`, labels: [DOCS_PR_LABEL], updatedAt: old });
    const runner = new FakeRunner();
    const octokit = await createOctokit(GITHUB_TOKEN, runner.log, {
      retryDelayMs: 1,
      requestTimeoutMs: 2_000,
      rateLimitWaitMs: 1,
      deadline: Date.now() + 10_000,
    });
    const step = { runner, record: undefined as never, timings: TIMINGS, signal: new AbortController().signal };
    const settings = { apiKey: API_KEY, timeoutMs: 10_000 } as ServiceSettings;
    const result = await keepBacklog({ step, octokit, repository: REPO, settings }, { ...NO_BACKLOG, staleDays: 30 });
    expect(result.rows).toEqual([]);
    expect(github.pullRequest(CODE).state).toBe('open');
    expect(writes()).toEqual([]);
  });

  test.each([
    [
      "a fork's pull request",
      { head: { ref: 'b', repo: { full_name: 'x/fork' } } },
      { sourceRef: 'b' },
      'another repository',
    ],
    ['another branch', { head: { ref: 'main', repo: { full_name: 'o/d' } } }, { sourceRef: 'b' }, "job's branch"],
    [
      'opened before the job',
      { head: { ref: 'x', repo: { full_name: 'o/d' } }, created_at: '2026-01-01T00:00:00Z' },
      { createdAt: '2026-01-02T00:00:00Z' },
      'before the job started',
    ],
    ['nothing ties it', { head: { ref: 'x', repo: { full_name: 'o/d' } } }, {}, 'cannot be tied'],
  ])("%s is not the job's", (_name, pull, job, problem) => {
    expect(notOpenedByJob({ ...pull, base: { repo: { full_name: 'O/D' } } }, job)).toContain(problem);
  });

  test.each([
    ['https://github.com/o/d/pull/3', undefined],
    ['https://GitHub.com/O/D/pull/3', undefined],
    ['https://ghe.example.com/o/d/pull/3', 'server'],
    ['https://github.com/o/other/pull/3', 'docs repository'],
    ['https://github.com/o/d/pull/2', 'the request it was opened for'],
    ['https://github.com/o/d/issues/3', 'not a link to a pull request'],
  ])('%s against docs o/d, code pull request #2', (link, problem) => {
    const target = docsPrTarget(link, { host: 'github.com', docs: 'o/d', codeNumber: 2 });
    if (problem === undefined) expect(target).toMatchObject({ ok: true, number: 3 });
    else expect(target.ok ? '' : target.problem).toContain(problem);
  });
});

describe("the Docs check is this action's only by its signed id", () => {
  const head = () => github.pullRequest(CODE).headSha;
  const docsChecks = () => github.checkRuns(head()).filter((run) => run.name === 'Docs');
  const other = (app?: { id: number; slug: string; name: string }) => ({
    head_sha: head(),
    name: 'Docs',
    status: 'completed' as const,
    conclusion: 'failure',
    title: 'build failed',
    summary: 'the CI job named Docs failed',
    details_url: null,
    started_at: new Date().toISOString(),
    completed_at: new Date().toISOString(),
    external_id: null,
    ...(app ? { app } : {}),
  });

  test.each([
    ['a failed CI job named Docs (the same app as GITHUB_TOKEN)', undefined],
    ["another app's Docs check", { id: 7, slug: 'other-ci', name: 'Other CI' }],
  ])('%s is never rewritten, and the action writes its own', async (_name, app) => {
    const theirs = github.addCheckRun(other(app));
    reports('job_check', `https://github.com/Codertocat/Hello-World/pull/${DOCS}`, 'branch-1');
    const result = await follow();
    expect(result.code).toBe(0);
    const checks = docsChecks();
    expect(checks.find((run) => run.id === theirs.id)).toMatchObject({ conclusion: 'failure', title: 'build failed' });
    const ours = checks.filter((run) => run.id !== theirs.id);
    expect(ours).toEqual([
      expect.objectContaining({ status: 'completed', external_id: expect.stringMatching(/^docs-agent:/) }),
    ]);
  });
});
