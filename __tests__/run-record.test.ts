/**
 * The record a run without an issue leaves on its commit for a re-run (src/github/run-record.ts),
 * against the fake GitHub.
 */
import type { FakeGitHub } from '../emulator/github/index.ts';
import { createOctokit } from '../src/github/octokit.ts';
import { RunRecord, workflowRun, writeRunRecord, type WorkflowRun } from '../src/github/run-record.ts';
import { useFakeGitHubApi } from './support/services.ts';
import { memoryLogger } from './support/fake-clock.ts';

const TOKEN = 'ghs_run_record_token';
const SHA = 'ffac537e6cbbf934b08745a378932722df287a53';
const KEY = 'svc_run_record_key';
const STATUSES = 'GET /repos/{owner}/{repo}/commits/{ref}/statuses';

let github: FakeGitHub;
useFakeGitHubApi(TOKEN, (started) => (github = started));

const RUN: WorkflowRun = { id: '77', attempt: 1, sha: SHA, job: 'docs', step: 'docs-agent' };

function octokitFor(log: ReturnType<typeof memoryLogger>) {
  return createOctokit(TOKEN, log, {
    retryDelayMs: 1,
    requestTimeoutMs: 2_000,
    rateLimitWaitMs: 1,
    deadline: Date.now() + 5_000,
  });
}

function record(run: Partial<WorkflowRun> = {}, prompt = 'Refresh the docs') {
  const log = memoryLogger();
  const made = new RunRecord(
    () => octokitFor(log),
    { owner: github.owner, repo: github.repo },
    { ...RUN, ...run },
    { projectId: 'docs', prompt, key: KEY },
    log,
  );
  return { record: made, log };
}

/** What the main step saves and the post step writes. */
async function save(made: RunRecord, jobId: string): Promise<void> {
  const entry = made.entry(jobId);
  if (!entry) throw new Error(`no entry for ${jobId}`);
  const log = memoryLogger();
  await writeRunRecord(await octokitFor(log), { owner: github.owner, repo: github.repo }, entry, undefined, log);
  expect(log.lines.filter((line) => line.startsWith('warning'))).toEqual([]);
}

describe('the run record', () => {
  test('reads what the runner says of the run; a missing attempt is the first', () => {
    expect(
      workflowRun({
        GITHUB_RUN_ID: '9',
        GITHUB_RUN_ATTEMPT: '3',
        GITHUB_SHA: SHA,
        GITHUB_JOB: 'docs',
        GITHUB_ACTION: '__acme_docs-agent-action_2',
      }),
    ).toEqual({ id: '9', attempt: 3, sha: SHA, job: 'docs', step: '__acme_docs-agent-action_2' });
    expect(workflowRun({}).attempt).toBe(1);
  });

  test('the first attempt reads nothing; a later one finds what the first wrote', async () => {
    const first = record();
    expect(await first.record.find()).toEqual({ kind: 'none' });
    expect(github.calls).toEqual([]);
    await save(first.record, 'job_abc');
    expect(github.statuses(SHA)).toMatchObject([{ context: first.record.context, state: 'success' }]);
    expect(await record({ attempt: 2 }).record.find()).toEqual({ kind: 'found', jobId: 'job_abc' });
  });

  test.each([
    ['another step of the job', { step: 'docs-agent-2' }, 'Refresh the docs'],
    ['another job', { job: 'release' }, 'Refresh the docs'],
    ['another prompt', {}, 'Document the flag'],
    ['another run', { id: '78' }, 'Refresh the docs'],
  ])('is not found by %s', async (_name, run, prompt) => {
    await save(record().record, 'job_abc');
    expect(await record({ ...run, attempt: 2 }, prompt).record.find()).toEqual({ kind: 'none' });
  });

  test('the context names the run and no prompt', () => {
    const { context } = record({}, 'Refresh the secret roadmap').record;
    expect(context).toMatch(/^docs-agent\/record \(run 77, [0-9a-f]{16}\)$/);
    expect(context).not.toContain('roadmap');
  });

  test('a job id too long to record is said, and nothing is saved', () => {
    const { record: made, log } = record();
    expect(made.entry(`job_${'x'.repeat(75)}`)).toBeDefined();
    expect(made.entry(`job_${'x'.repeat(120)}`)).toBeUndefined();
    expect(log.lines).toEqual([expect.stringMatching(/^warning: Job id \S+ is too long .* A re-run .* new job/)]);
  });

  test('a run without a commit saves nothing, and says what a re-run will do', () => {
    const { record: made, log } = record({ sha: '' });
    expect(made.entry('job_abc')).toBeUndefined();
    expect(log.lines).toEqual([expect.stringMatching(/^info: This run has no commit .* A re-run .* new job/)]);
  });

  test('a refused read goes on to create, and says why; a failed read creates nothing', async () => {
    github.failNext(STATUSES, 404);
    const refused = record({ attempt: 2 });
    expect(await refused.record.find()).toEqual({ kind: 'none' });
    expect(refused.log.lines).toContainEqual(
      expect.stringMatching(/^warning: Reading the statuses .* HTTP 404 .*'statuses: read'.* creates a new one\.$/),
    );
    github.failNext(STATUSES, 502, 3);
    expect(await record({ attempt: 2 }).record.find()).toEqual({
      kind: 'failed',
      message: expect.stringMatching(/HTTP 502.*Nothing was sent to the service/),
    });
  });

  test('the scan of the statuses is bounded', async () => {
    await save(record().record, 'job_abc');
    for (let i = 0; i < 1_200; i++) github.addStatus(SHA, { context: `ci/${i}`, description: null }, 'ci[bot]');
    expect(await record({ attempt: 2 }).record.find()).toEqual({ kind: 'none' });
    expect(github.calls.filter((call) => call.method === 'GET')).toHaveLength(10);
  });
});
