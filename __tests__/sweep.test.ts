// The sweep's decisions, in-process against the fake GitHub, with the service's job given by the
// test: agent mode's finisher (agent/finisher.ts) for each state a request in flight can be in, and
// the sweep's walk over the index (sweep/run.ts). The whole runs through dist/ are in
// sweep.contract.test.ts.
import type { FakeGitHub } from '../emulator/github/index.ts';
import { Conversation } from '../src/agent/conversation.ts';
import { STALE_GRACE_MS } from '../src/github/claim.ts';
import { agentFinisher } from '../src/agent/finisher.ts';
import { IN_FLIGHT_LABEL, type InFlightItem } from '../src/github/in-flight.ts';
import { createOctokit, type Octokit } from '../src/github/octokit.ts';
import { ProgressComments } from '../src/github/progress-comment.ts';
import { ThreadReader } from '../src/github/thread-batch.ts';
import { ServiceError } from '../src/base/errors.ts';
import type { AgentClient, Job, Session } from '../src/service/client.ts';
import type { Finisher, SweepContext } from '../src/step/finish.ts';
import { StepRecord } from '../src/step/state.ts';
import { scaledTimings } from '../src/step/timings.ts';
import { runSweep } from '../src/sweep/run.ts';
import { FakeRunner } from './support/fake-runner.ts';
import { seen } from './support/render.ts';
import { NO_RELEASE, useFakeGitHubApi } from './support/services.ts';

const TOKEN = 'ghs_sweep_token';
const KEY = 'svc_sweep_key_0123456789';
const ISSUE = 3;
const JOB = 'job_0123456789abcdef01234567';
const LINK = 'https://github.com/acme/docs/pull/42';
const session: Session = { title: 'Document the flag', todos: [{ content: 'Write it', status: 'in_progress' }] };

let github: FakeGitHub;
useFakeGitHubApi(TOKEN, (started) => (github = started));

const item: InFlightItem = { number: ISSUE, pullRequest: false, state: 'open', updatedAt: '2026-11-25T00:00:00Z' };

function connect(runner: FakeRunner): Promise<Octokit> {
  return createOctokit(TOKEN, runner.log, {
    retryDelayMs: 10,
    requestTimeoutMs: 3_000,
    rateLimitWaitMs: 50,
    deadline: Date.now() + 10_000,
  });
}

/** A service whose job is `job` (read counted), with the agent's plan. */
function service(job: Partial<Job>) {
  const reads: string[] = [];
  const client = {
    getJob: async (id: string) => (reads.push(id), { id, status: 'active', prLink: null, ...job }),
    getSession: async () => session,
  } as unknown as AgentClient;
  return { client, reads };
}

/** A `/docs` request by alice on the issue (detached, or a waiting run's): its working comment and the in-flight label. */
async function detachedRequest(detached = true, issue = ISSUE): Promise<number> {
  const runner = new FakeRunner();
  const request = github.addComment(issue, '/docs document the flag', 'alice').id;
  const octokit = await connect(runner);
  const progress = new ProgressComments(
    octokit,
    { owner: github.owner, repo: github.repo, issueNumber: issue },
    runner.log,
    KEY,
  );
  const conversation = Conversation.forRun({
    progress,
    deps: { record: new StepRecord(runner), runUrl: undefined, runner },
    trigger: {
      kind: 'run',
      request: 'document the flag',
      forceNew: false,
      requester: { login: 'alice', type: 'User' },
      issue: { number: issue, isPullRequest: false },
      commentId: request,
    },
    key: `c${request}`,
    notify: true,
    startedAt: Date.parse('2026-11-25T00:00:00Z'),
    detached,
  });
  await conversation.working(JOB);
  return request;
}

async function context(
  job: Partial<Job>,
  now = Date.now(),
): Promise<SweepContext & { runner: FakeRunner; reads: string[] }> {
  const runner = new FakeRunner();
  const { client, reads } = service(job);
  const octokit = await connect(runner);
  const repository = { owner: github.owner, repo: github.repo };
  // Threads nothing read at once: each finisher's read is its own (runSweep reads them in one call).
  const threads = new ThreadReader(octokit, repository, runner.log, KEY);
  return {
    runner,
    reads,
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
    step: {
      runner,
      record: new StepRecord(runner),
      timings: scaledTimings(0.001),
      signal: new AbortController().signal,
    },
    octokit,
    repository,
    settings: {
      projectId: 'docs',
      apiKey: KEY,
      baseUrl: 'https://api.example.com',
      githubToken: TOKEN,
      timeoutMs: 60_000,
      requiredPermission: 'write',
      allowedBots: [],
      replyOnRefusal: true,
    },
    client,
    clock: { now: () => now, sleep: async () => {}, random: () => 0.5 },
    runUrl: undefined,
  };
}

const bot = () => github.comments(ISSUE).filter((comment) => comment.user.type === 'Bot');
const writes = () => github.calls.filter((call) => call.method !== 'GET');

describe("agent mode's finisher", () => {
  test('a job that ended gets the final word, its reaction and one notification; the label comes off', async () => {
    const request = await detachedRequest();
    const swept = await context({ status: 'completed', prLink: LINK });
    expect(await agentFinisher.finish(item, swept)).toMatchObject({ kind: 'finished', jobId: JOB });
    expect(swept.reads).toEqual([JOB]);
    const [comment, notification, ...more] = bot();
    expect(seen(comment?.body ?? '').split('\n')[0]).toBe(`✅ Documentation pull request ready: ${LINK}`);
    expect(comment?.body.split('\n')[0]).not.toContain(' open=');
    expect(seen(notification?.body ?? '')).toBe(`@alice the docs pull request is ready: ${LINK}`);
    expect(more).toEqual([]);
    expect(
      github
        .reactions()
        .filter((r) => r.subjectId === request)
        .map((r) => r.content),
    ).toEqual(['rocket']);
    expect(github.labels(ISSUE)).toEqual([]);
  });

  test('a job still active shows its plan, edited only when the plan changes; the label stays', async () => {
    await detachedRequest();
    const first = await context({ status: 'active' });
    expect(await agentFinisher.finish(item, first)).toMatchObject({ kind: 'active', jobId: JOB });
    expect(seen(bot()[0]?.body ?? '')).toContain('🔄 Write it (in progress)');
    github.calls.length = 0;
    expect(await agentFinisher.finish(item, await context({ status: 'active' }, Date.now() + 120_000))).toMatchObject({
      kind: 'active',
    });
    expect(writes()).toEqual([]);
    expect(github.labels(ISSUE)).toEqual([IN_FLIGHT_LABEL]);
  });

  test('a job the service does not know ends the request with the error a waiting run gives; the label comes off', async () => {
    const request = await detachedRequest();
    const swept = await context({});
    swept.client.getJob = async () => {
      throw new ServiceError(`GET /job/${JOB} answered HTTP 404`, 'http', { status: 404 });
    };
    expect(await agentFinisher.finish(item, swept)).toMatchObject({ kind: 'finished', jobId: JOB });
    const [comment] = bot();
    expect(seen(comment?.body ?? '').split('\n')[0]).toBe(
      `❌ The documentation agent could not be run. Job ${JOB} was not found in project 'docs'; ask again to start a new one.`,
    );
    expect(
      github
        .reactions()
        .filter((r) => r.subjectId === request)
        .map((r) => r.content),
    ).toEqual(['confused']);
    expect(github.labels(ISSUE)).toEqual([]);
  });

  test("a waiting run's working comment is that run's to edit while the job works", async () => {
    await detachedRequest(false);
    github.calls.length = 0;
    expect(await agentFinisher.finish(item, await context({ status: 'active' }))).toMatchObject({ kind: 'active' });
    expect(writes()).toEqual([]);
  });

  test('a claim another finisher holds: nothing written, the label left for the next sweep', async () => {
    const request = await detachedRequest();
    const swept = await context({ status: 'completed', prLink: LINK });
    // Another sweep claimed the end: its reaction is on the request, as the token's.
    const octokit = swept.octokit;
    await octokit.rest.reactions.createForIssueComment({
      owner: github.owner,
      repo: github.repo,
      comment_id: request,
      content: 'rocket',
    });
    github.calls.length = 0;
    expect(await agentFinisher.finish(item, swept)).toMatchObject({ kind: 'done', jobId: JOB });
    expect(writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST /repos/${github.owner}/${github.repo}/issues/comments/${request}/reactions`,
    ]);
    expect(bot()).toHaveLength(1);
    expect(github.labels(ISSUE)).toEqual([IN_FLIGHT_LABEL]);
  });

  test('a claim older than STALE_GRACE_MS on a comment still in flight is taken over', async () => {
    const request = await detachedRequest();
    const swept = await context({ status: 'failed' }, Date.now() + STALE_GRACE_MS + 60_000);
    await swept.octokit.rest.reactions.createForIssueComment({
      owner: github.owner,
      repo: github.repo,
      comment_id: request,
      content: 'confused',
    });
    expect(await agentFinisher.finish(item, swept)).toMatchObject({ kind: 'finished' });
    expect(seen(bot()[0]?.body ?? '').split('\n')[0]).toBe('❌ The documentation update failed.');
    expect(bot().filter((comment) => comment.body.includes('notified='))).toHaveLength(1);
    expect(github.labels(ISSUE)).toEqual([]);
  });

  test('a comment that shows its end already: the label only is taken off', async () => {
    await detachedRequest();
    await agentFinisher.finish(item, await context({ status: 'completed', prLink: LINK }));
    await (
      await context({})
    ).octokit.rest.issues.addLabels({
      owner: github.owner,
      repo: github.repo,
      issue_number: ISSUE,
      labels: [IN_FLIGHT_LABEL],
    });
    const again = await context({ status: 'completed', prLink: LINK });
    github.calls.length = 0;
    expect(await agentFinisher.finish(item, again)).toMatchObject({ kind: 'done' });
    expect(again.reads).toEqual([]);
    expect(writes().map((call) => call.method)).toEqual(['DELETE']);
  });

  test('an issue without a progress comment of this action is not its to answer', async () => {
    github.addComment(
      ISSUE,
      '<!-- docs-agent-action job=job_1 triggers=c1 open=alice sig=00000000000000000000000000000000 -->',
      'mallory',
    );
    expect(await agentFinisher.finish(item, await context({}))).toBeUndefined();
  });
});

describe('the sweep', () => {
  test('each item to the first finisher that knows it; an error is a row and a warning, never a failed run', async () => {
    const swept = await context({ status: 'completed', prLink: LINK });
    const { octokit } = swept;
    for (const issue_number of [4, 5, 6]) {
      await octokit.rest.issues.addLabels({
        owner: github.owner,
        repo: github.repo,
        issue_number,
        labels: [IN_FLIGHT_LABEL],
      });
    }
    const broken: Finisher = {
      name: 'broken',
      finish: async (found) => {
        if (found.number === 5) throw new Error('GitHub said no');
        return found.number === 6 ? { kind: 'active', jobId: 'job_6', detail: 'Still active\\.' } : undefined;
      },
    };
    const report = await runSweep(swept, [broken, agentFinisher]);
    expect(report.rows.map((row) => [row.item.number, row.kind, row.finisher])).toEqual([
      [4, 'done', ''],
      [5, 'error', 'broken'],
      [6, 'active', 'broken'],
    ]);
    expect(swept.runner.failed).toBeUndefined();
    expect(swept.runner.messages('warning')).toEqual([expect.stringContaining('GitHub said no')]);
    expect(swept.runner.outputs).toEqual({
      status: 'swept',
      message: expect.stringMatching(/^Sweep: 0 finished, 1 still active, 1 error\(s\), 1 done already; took /),
    });
    const summary = seen(swept.runner.summaries.join(''));
    expect(summary).toContain('issue #5 | | ❌ error | GitHub said no');
    expect(summary).toContain('issue #6 | job_6 | ⏳ still active | Still active.');
    expect(github.labels(4)).toEqual([]);
    expect(github.labels(6)).toEqual([IN_FLIGHT_LABEL]);
  });

  test('stops at the cancel, and names what it left for the next sweep', async () => {
    const swept = await context({});
    await swept.octokit.rest.issues.addLabels({
      owner: github.owner,
      repo: github.repo,
      issue_number: 4,
      labels: [IN_FLIGHT_LABEL],
    });
    const cancel = new AbortController();
    cancel.abort();
    const report = await runSweep({ ...swept, step: { ...swept.step, signal: cancel.signal } }, [agentFinisher]);
    expect(report).toMatchObject({ rows: [], left: 1 });
    expect(swept.runner.messages('notice')).toEqual([
      expect.stringContaining('1 request(s) in flight were not reached'),
    ]);
  });
});

describe("the sweep's read of the threads", () => {
  /** The calls since the sweep began, as `METHOD path` without the query. */
  const made = () => github.calls.map((call) => `${call.method} ${call.path}`);
  /** A list of issues: the in-flight index, and the docs pull request backlog's. */
  const list = () => `GET /repos/${github.owner}/${github.repo}/issues`;
  const readsOf = (issue: number) => made().filter((call) => call.endsWith(`/issues/${issue}/comments`));

  test('50 requests in flight whose jobs work: one list, one read of every thread, one edit of each plan, the backlog', async () => {
    const issues = Array.from({ length: 50 }, (_, index) => 100 + index);
    for (const issue of issues) await detachedRequest(true, issue);
    const swept = await context({ status: 'active' });
    github.calls.length = 0;
    const report = await runSweep(swept, [agentFinisher]);
    expect(report.rows.map((row) => [row.item.number, row.kind]).sort()).toEqual(
      issues.map((issue) => [issue, 'active']).sort(),
    );
    // The in-flight index, the threads, then the docs pull request backlog's list (step/backlog.ts).
    const edits = made().filter((call) => call.startsWith('PATCH '));
    expect(made().filter((call) => !call.startsWith('PATCH '))).toEqual([list(), 'POST /graphql', list()]);
    expect(new URLSearchParams(github.calls.at(-1)?.query).get('labels')).toBe('docs-agent: docs');
    expect(edits).toEqual(issues.map(() => expect.stringMatching(/^PATCH \/repos\/.*\/issues\/comments\/\d+$/)));
    expect(made()).toHaveLength(53);
    // The next sweep finds the plans shown: three calls for fifty requests.
    github.calls.length = 0;
    await runSweep(await context({ status: 'active' }, Date.now() + 120_000), [agentFinisher]);
    expect(made()).toEqual([list(), 'POST /graphql', list()]);
    expect(swept.runner.messages('warning')).toEqual([]);
  });

  test('a thread of more than 100 comments is read by REST, the others not', async () => {
    await detachedRequest(true, 4);
    await detachedRequest();
    for (let n = 0; n < 100; n++) github.addComment(ISSUE, `comment ${n}`, 'bob');
    const swept = await context({ status: 'active' });
    github.calls.length = 0;
    const report = await runSweep(swept, [agentFinisher]);
    expect(report.rows.map((row) => row.kind)).toEqual(['active', 'active']);
    expect(made().filter((call) => call === 'POST /graphql')).toHaveLength(1);
    expect(readsOf(ISSUE)).toHaveLength(2);
    expect(readsOf(4)).toEqual([]);
  });

  test('a GraphQL read that fails is a warning: each thread is read by REST, the sweep goes on', async () => {
    await detachedRequest(true, 4);
    await detachedRequest();
    // A query is a read: tried again (octokit.ts), as a GET is; three failures in a row end it.
    github.failNext('POST /graphql', 502, 3);
    const swept = await context({ status: 'active' });
    github.calls.length = 0;
    const report = await runSweep(swept, [agentFinisher]);
    expect(report.rows.map((row) => row.kind)).toEqual(['active', 'active']);
    expect(swept.runner.messages('warning')).toEqual([
      expect.stringMatching(
        /^Reading the comments of 2 issue\(s\) and pull request\(s\) at once failed .*read one by one\.$/,
      ),
    ]);
    expect([readsOf(4), readsOf(ISSUE)].map((reads) => reads.length)).toEqual([1, 1]);
    expect(swept.runner.failed).toBeUndefined();
  });

  test('a GraphQL read that fails once is tried again', async () => {
    await detachedRequest();
    github.failNext('POST /graphql', 502);
    const swept = await context({ status: 'active' });
    github.calls.length = 0;
    await runSweep(swept, [agentFinisher]);
    expect(made().filter((call) => call === 'POST /graphql')).toHaveLength(2);
    expect(readsOf(ISSUE)).toEqual([]);
    expect(swept.runner.messages('warning')).toEqual([]);
  });

  test('an item GitHub cannot read is read by REST; the others as GitHub answered', async () => {
    await detachedRequest();
    const swept = await context({});
    const threads = new ThreadReader(swept.octokit, swept.repository, swept.runner.log, KEY);
    await threads.read([ISSUE, 999]);
    expect(swept.runner.messages('warning')).toEqual([
      expect.stringContaining('could not read the comments of 1 of 2 issue(s) and pull request(s) at once'),
    ]);
    github.calls.length = 0;
    expect((await threads.of(ISSUE).signed('progress')).map(({ marker }) => marker.jobId)).toEqual([JOB]);
    expect(made()).toEqual([]);
    expect(await threads.of(999).signed('progress')).toEqual([]);
    expect(readsOf(999)).toHaveLength(1);
    // A fresh read (a once-only claim's) is GitHub's answer of the moment.
    await threads.of(ISSUE).comments({ fresh: true });
    expect(readsOf(ISSUE)).toHaveLength(1);
  });
});
