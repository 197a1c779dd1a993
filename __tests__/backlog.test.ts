/**
 * The docs pull request backlog (src/step/backlog.ts, src/github/docs-prs.ts), in this process
 * against the service emulator and the fake GitHub, which holds the code requests and, in the same
 * repository (so github-token reaches both), the docs pull requests: the signed line that makes a
 * docs pull request this action's, the sweep's rules (closed unmerged, stale, kept, never a pull
 * request without a valid line), and max-open-docs-prs in agent and follow mode.
 */
import { jest } from '@jest/globals';
import { startEmulator, startFakeGitHub, type Emulator, type FakeGitHub } from './support/emulators.ts';
import { DOCS_PR_LABEL, readDocsMarker, renderDocsMarker, type DocsRequest } from '../src/github/docs-prs.ts';
import { createOctokit } from '../src/github/octokit.ts';
import { backlogTable, keepBacklog } from '../src/step/backlog.ts';
import { NO_BACKLOG, readBacklogSettings } from '../src/step/backlog-inputs.ts';
import { InputProblems, type ServiceSettings } from '../src/step/inputs.ts';
import { TIMINGS } from '../src/step/timings.ts';
import { FakeRunner } from './support/fake-runner.ts';
import { API_KEY, GITHUB_TOKEN, webhookPayload } from './support/runner.ts';
import { closeServices, commentEvent, createRequests, resetServices, runStepAgainst } from './support/services.ts';
import { seen } from './support/render.ts';

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
beforeEach(() => resetServices({ emulator, github }));
afterEach(() => {
  expect(github.violations).toEqual([]);
  expect(github.unimplemented).toEqual([]);
});

const REPO = { owner: 'Codertocat', repo: 'Hello-World' };
const DAY = 86_400_000;
const request = (number: number, pull: boolean): DocsRequest => ({
  repository: 'Codertocat/Hello-World',
  number,
  pull,
  jobId: `job_${number}`,
});

/** Docs pull request `docs`, labelled, its description ending in a line signed for it with `key`. */
function docsPull(docs: number, line: string | undefined, updatedAt = new Date().toISOString()): void {
  github.updatePullRequest(docs, {
    body: `The agent's changes.${line ? `\n\n${line}` : ''}`,
    labels: [DOCS_PR_LABEL],
    updatedAt,
  });
}
const signed = (docs: number, code: DocsRequest, key = API_KEY) => renderDocsMarker(key, REPO, docs, code) ?? '';
const bot = (number: number) => github.comments(number).filter((c) => c.user.type === 'Bot');

describe('the signed line of a docs pull request', () => {
  test('is read back for its docs pull request and key only', () => {
    const line = signed(10, request(2, true));
    expect(readDocsMarker(`text\n\n${line}\n`, API_KEY, REPO, 10)).toEqual(request(2, true));
    expect(readDocsMarker(line, API_KEY, REPO, 11)).toBeUndefined();
    expect(readDocsMarker(line, 'svc_other_key', REPO, 10)).toBeUndefined();
    expect(readDocsMarker(line, API_KEY, { owner: 'Codertocat', repo: 'docs' }, 10)).toBeUndefined();
    expect(readDocsMarker(line.replace('#2 ', '#3 '), API_KEY, REPO, 10)).toBeUndefined();
  });
});

describe('the sweep keeps the backlog', () => {
  async function sweep(
    staleDays: number,
    options: { signal?: AbortSignal; docsRepository?: typeof REPO; docsToken?: string } = {},
  ) {
    const runner = new FakeRunner();
    const octokit = await createOctokit(GITHUB_TOKEN, runner.log, {
      retryDelayMs: 1,
      requestTimeoutMs: 2_000,
      rateLimitWaitMs: 1,
      deadline: Date.now() + 10_000,
    });
    const settings = { apiKey: API_KEY, timeoutMs: 10_000 } as ServiceSettings;
    const signal = options.signal ?? new AbortController().signal;
    const step = { runner, record: undefined as never, timings: TIMINGS, signal };
    const backlog = {
      ...NO_BACKLOG,
      staleDays,
      docsRepository: options.docsRepository,
      docsToken: options.docsToken ?? '',
    };
    const result = await keepBacklog({ step, octokit, repository: REPO, settings }, backlog);
    return { result, runner };
  }

  test('closes the docs of an unmerged closed code pull request and stale ones; keeps the rest; never touches one without its signed line', async () => {
    github.updatePullRequest(2, { state: 'closed', merged: false });
    github.updatePullRequest(5, { state: 'closed', merged: true });
    docsPull(10, signed(10, request(2, true)));
    docsPull(11, signed(11, request(3, false)), new Date(Date.now() - 40 * DAY).toISOString());
    docsPull(12, signed(12, request(4, false)));
    docsPull(13, signed(13, request(5, true)));
    // Labelled, but not this action's: no line, a line signed with another key, a line copied from #11.
    const old = new Date(Date.now() - 400 * DAY).toISOString();
    docsPull(20, undefined, old);
    docsPull(21, signed(21, request(2, true), 'svc_someone_elses_key'), old);
    docsPull(22, signed(11, request(3, false)), old);

    const { result } = await sweep(30);

    // Least recently updated first: the stale one, then the rest.
    expect(result.rows.map((row) => [row.docs.split('/').pop(), row.kind, row.request])).toEqual([
      ['11', 'closed', 'Codertocat/Hello-World#3'],
      ['10', 'closed', 'Codertocat/Hello-World#2'],
      ['12', 'kept', 'Codertocat/Hello-World#4'],
      ['13', 'kept', 'Codertocat/Hello-World#5'],
    ]);
    // The fake's addresses are http: the comments name the request as GitHub links it across repositories.
    expect(github.pullRequest(10).state).toBe('closed');
    expect(seen(bot(10)[0]!.body)).toMatch(
      /^The code pull request Codertocat\/Hello-World#2 was closed without merging, so these docs are closed too\.$/,
    );
    expect(github.pullRequest(11).state).toBe('closed');
    expect(seen(bot(11)[0]!.body)).toMatch(
      /^Nobody touched this docs pull request for 30 days \('stale-days'\), so it is closed\. To ask for these docs again, comment \/docs on Codertocat\/Hello-World#3\.$/,
    );
    for (const untouched of [12, 13, 20, 21, 22]) {
      expect(github.pullRequest(untouched).state).toBe('open');
      expect(bot(untouched)).toEqual([]);
    }
    expect(seen(backlogTable(result))).toContain('closed: the code pull request was closed without merging');
  });

  test('a cancelled sweep closes nothing; without a token for the docs repository it says why', async () => {
    docsPull(11, signed(11, request(3, false)), new Date(Date.now() - 400 * DAY).toISOString());
    const cancel = new AbortController();
    cancel.abort();
    expect((await sweep(30, { signal: cancel.signal })).result).toEqual({ rows: [], truncated: true });
    const elsewhere = await sweep(30, { docsRepository: { owner: 'acme', repo: 'docs' } });
    expect(elsewhere.result.skipped).toContain("no token here may write to acme/docs: set 'docs-token'");
    expect(elsewhere.runner.lines.filter((line) => line.level === 'warning')).toHaveLength(1);
    expect(github.pullRequest(11).state).toBe('open');
  });

  test('with docs-token, a failed close is the row of that docs pull request and the sweep goes on', async () => {
    const old = new Date(Date.now() - 40 * DAY).toISOString();
    docsPull(11, signed(11, request(3, false)), old);
    docsPull(12, signed(12, request(4, false)), old);
    github.failNext('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', 403);
    const { result, runner } = await sweep(30, { docsToken: GITHUB_TOKEN });
    expect(result.rows.map((row) => [row.request, row.kind])).toEqual([
      ['Codertocat/Hello-World#3', 'error'],
      ['Codertocat/Hello-World#4', 'closed'],
    ]);
    expect(runner.lines.filter((line) => line.level === 'warning')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('Could not settle the docs pull request') }),
    ]);
    expect(github.pullRequest(11).state).toBe('open');
  });

  test('with stale-days off, an untouched docs pull request of an open issue is kept without reading the issue', async () => {
    docsPull(11, signed(11, request(3, false)), new Date(Date.now() - 400 * DAY).toISOString());
    const { result } = await sweep(0);
    expect(result.rows).toEqual([expect.objectContaining({ kind: 'kept', request: 'Codertocat/Hello-World#3' })]);
    expect(github.calls.filter((call) => call.path.endsWith('/issues/3'))).toEqual([]);
  });
});

describe('max-open-docs-prs', () => {
  test('refuses a new agent request at the limit: a reply, no job, a green step', async () => {
    docsPull(10, signed(10, request(3, false)));
    const event = commentEvent(github);
    const result = await runStepAgainst({ emulator, github }, { event, inputs: { 'max-open-docs-prs': '1' } });
    expect(result.code).toBe(0);
    expect(result.outputs.status).toBe('skipped');
    expect(createRequests(emulator)).toEqual([]);
    const issue = event.payload.issue.number as number;
    expect(bot(issue).map((c) => seen(c.body))).toEqual([
      "The documentation agent was not started: the docs pull requests it opened in Codertocat/Hello-World are at the limit ('max-open-docs-prs': 1 open); ask again once some are merged or closed.",
    ]);
    expect(result.stdout).toContain('::notice::Not started: the docs pull requests it opened');
  });

  test('below the limit, the request starts; a docs pull request without the signed line does not count', async () => {
    docsPull(10, undefined);
    const event = commentEvent(github);
    const result = await runStepAgainst({ emulator, github }, { event, inputs: { 'max-open-docs-prs': '1' } });
    expect(result.outputs.status).toBe('completed');
    expect(createRequests(emulator)).toHaveLength(1);
    // The job's docs pull request is marked as opened for the issue.
    const docs = github.pullRequest(Number(result.outputs['pr-number']));
    expect(docs.labels).toEqual([DOCS_PR_LABEL]);
    expect(readDocsMarker(docs.body, API_KEY, REPO, docs.number)).toEqual(
      expect.objectContaining({ number: event.payload.issue.number, pull: false }),
    );
  });

  test('without a token for the docs repository, says so once and refuses nothing', async () => {
    const result = await runStepAgainst(
      { emulator, github },
      { event: commentEvent(github), inputs: { 'max-open-docs-prs': '1', 'docs-repository': 'acme/docs' } },
    );
    expect(result.outputs.status).toBe('completed');
    expect(result.stdout.match(/::warning::'max-open-docs-prs' is not judged/g)).toHaveLength(1);
  });

  test('refuses a followed pull request its first job: a neutral check, a reply, a green step; the job that starts later marks its docs pull request', async () => {
    const CODE = 2;
    const opened = () => {
      const payload = webhookPayload('pull_request', 'opened');
      const pull = github.pullRequest(CODE);
      Object.assign(payload, { number: CODE });
      Object.assign(payload.pull_request, { number: CODE, labels: [], draft: false, state: 'open' });
      payload.pull_request.head.sha = pull.headSha;
      payload.pull_request.base.sha = pull.baseSha;
      return { name: 'pull_request', payload };
    };
    github.updatePullRequest(CODE, { labels: [] });
    docsPull(10, signed(10, request(3, false)));
    const inputs = { 'pull-requests': 'follow', 'max-open-docs-prs': '1' };
    const refused = await runStepAgainst({ emulator, github }, { event: opened(), inputs });
    expect(refused.code).toBe(0);
    expect(refused.outputs.status).toBe('skipped');
    expect(createRequests(emulator)).toEqual([]);
    expect(github.checkRuns(github.pullRequest(CODE).headSha)).toEqual([
      expect.objectContaining({
        name: 'Docs',
        conclusion: 'neutral',
        title: expect.stringContaining('max-open-docs-prs'),
      }),
    ]);
    expect(bot(CODE).map((c) => seen(c.body))).toEqual([
      expect.stringMatching(/^The documentation agent was not started: the docs pull requests it opened/),
    ]);

    // The backlog shrinks: the next event starts the job, and its docs pull request (#1) is marked for #2.
    github.updatePullRequest(10, { state: 'closed' });
    const started = await runStepAgainst({ emulator, github }, { event: opened(), inputs });
    expect(started.outputs.status).toBe('completed');
    const docs = github.pullRequest(1);
    expect(docs.labels).toContain(DOCS_PR_LABEL);
    expect(readDocsMarker(docs.body, API_KEY, REPO, 1)).toEqual(expect.objectContaining({ number: CODE, pull: true }));
  });
});

describe('the inputs', () => {
  const env = jest.replaceProperty(process, 'env', { ...process.env });
  afterAll(() => env.restore());

  test.each([
    ['stale-days', 'soon', "Invalid 'stale-days' 'soon': expected a whole number from 1 to 3650"],
    ['max-open-docs-prs', '500', "Invalid 'max-open-docs-prs' '500': expected a whole number from 1 to 100"],
    ['docs-repository', 'docs', "Invalid 'docs-repository' 'docs': expected owner/repo"],
  ])('%s: %s is named with the fix', (name, value, message) => {
    process.env[`INPUT_${name.toUpperCase()}`] = value;
    const problems = new InputProblems();
    readBacklogSettings(problems);
    delete process.env[`INPUT_${name.toUpperCase()}`];
    expect(problems.messages).toEqual([expect.stringContaining(message)]);
  });

  test('empty and 0 are off', () => {
    process.env['INPUT_STALE-DAYS'] = '0';
    const problems = new InputProblems();
    expect(readBacklogSettings(problems)).toMatchObject({ staleDays: 0, maxOpenDocsPrs: 0, docsRepository: undefined });
    expect(problems.messages).toEqual([]);
  });
});
