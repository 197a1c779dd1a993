// `sweep-workflow` piece by piece, in-process against the fake GitHub: the switch's calls and its
// warnings (github/workflows.ts), the label's enable (github/in-flight.ts) and the sweep's decision
// to switch itself off (sweep/schedule.ts). Whole runs through dist/ are in sweep-schedule.contract.test.ts.
import type { FakeGitHub } from '../emulator/github/index.ts';
import { IN_FLIGHT_LABEL, markInFlight, type InFlightItem } from '../src/github/in-flight.ts';
import { createOctokit, type Octokit } from '../src/github/octokit.ts';
import { ownWorkflowFile, withSweepSwitch, WorkflowSwitch } from '../src/github/workflows.ts';
import type { SweepSetup } from '../src/step/finish.ts';
import { readSweepWorkflow } from '../src/step/inputs.ts';
import { settleSchedule } from '../src/sweep/schedule.ts';
import type { SweepRow } from '../src/sweep/summary.ts';
import { FakeRunner } from './support/fake-runner.ts';
import { useFakeGitHubApi } from './support/services.ts';

const TOKEN = 'ghs_schedule_token';
const FILE = 'docs-sweep.yml';
const ROUTE = 'PUT /repos/{owner}/{repo}/actions/workflows/{workflow_id}/disable';

let github: FakeGitHub;
useFakeGitHubApi(TOKEN, (started) => (github = started));

const connect = (runner: FakeRunner): Promise<Octokit> =>
  createOctokit(TOKEN, runner.log, {
    retryDelayMs: 10,
    requestTimeoutMs: 3_000,
    rateLimitWaitMs: 20,
    deadline: Date.now() + 10_000,
  });

const repository = () => ({ owner: github.owner, repo: github.repo });
const workflowCalls = () =>
  github.calls.filter((call) => call.path.includes('/actions/')).map((call) => call.path.split('/').pop());

let savedRef: string | undefined;
beforeEach(() => {
  savedRef = process.env.GITHUB_WORKFLOW_REF;
  process.env.GITHUB_WORKFLOW_REF = `o/r/.github/workflows/${FILE}@refs/heads/main`;
});
afterEach(() => {
  if (savedRef === undefined) delete process.env.GITHUB_WORKFLOW_REF;
  else process.env.GITHUB_WORKFLOW_REF = savedRef;
});

describe('the switch', () => {
  test('a token without actions: write is told once, and not asked again', async () => {
    github.addWorkflow(FILE);
    github.setActionsPermission('read');
    const runner = new FakeRunner();
    const octokit = await connect(runner);
    const sweep = new WorkflowSwitch(FILE, runner.log);
    expect(await sweep.set(octokit, repository(), false)).toBe(false);
    expect(await sweep.set(octokit, repository(), true)).toBe(false);
    expect(workflowCalls()).toEqual(['disable']);
    expect(runner.messages('warning')).toEqual([
      expect.stringMatching(/^Disabling the workflow 'docs-sweep\.yml' was refused .*'actions: write'.*keeps running/),
    ]);
  });

  test('an unknown workflow is a warning that names the input; other failures are described', async () => {
    const runner = new FakeRunner();
    const octokit = await connect(runner);
    expect(await new WorkflowSwitch('nope.yml', runner.log).set(octokit, repository(), true)).toBe(false);
    github.addWorkflow(FILE);
    github.failNext(ROUTE, 422);
    expect(await new WorkflowSwitch(FILE, runner.log).set(octokit, repository(), false)).toBe(false);
    expect(runner.messages('warning')).toEqual([
      expect.stringMatching(/no workflow 'nope\.yml' in \.github\/workflows \(HTTP 404\)\. Set 'sweep-workflow'/),
      expect.stringMatching(/^Disabling the workflow 'docs-sweep\.yml' failed: GitHub answered HTTP 422/),
    ]);
  });

  test('a rate limit is waited out, never taken for a missing permission', async () => {
    github.addWorkflow(FILE);
    github.rateLimitNext(ROUTE, { kind: 'secondary' });
    const runner = new FakeRunner();
    expect(await new WorkflowSwitch(FILE, runner.log).set(await connect(runner), repository(), false)).toBe(true);
    expect(github.workflowState(FILE)).toBe('disabled_manually');
    expect(runner.messages('warning')).toEqual([]);
  });

  test('the label, then the enable, only on an Octokit that carries the switch', async () => {
    github.addWorkflow(FILE, 'disabled_manually');
    const runner = new FakeRunner();
    const plain = await connect(runner);
    await markInFlight(plain, repository(), 4);
    expect(workflowCalls()).toEqual([]);
    const carrying = await withSweepSwitch(() => connect(runner), FILE, runner.log)();
    await markInFlight(carrying, repository(), 5);
    const writes = github.calls.filter((call) => call.method !== 'GET').map((call) => call.path.split('/').pop());
    expect(writes).toEqual(['labels', 'labels', 'enable']);
    expect(github.labels(5)).toEqual([IN_FLIGHT_LABEL]);
    expect(github.workflowState(FILE)).toBe('active');
    const make = () => connect(runner);
    expect(withSweepSwitch(make, '', runner.log)).toBe(make);
  });
});

describe('the sweep switching itself', () => {
  const item: InFlightItem = { number: 7, pullRequest: false, state: 'open', updatedAt: '2026-11-25T00:00:00Z' };
  const row = (kind: SweepRow['kind']): SweepRow => ({ item, kind, jobId: 'job_1', detail: '', finisher: 'agent' });

  async function setup(sweepWorkflow = FILE): Promise<SweepSetup & { runner: FakeRunner }> {
    const runner = new FakeRunner();
    const octokit = await connect(runner);
    const settings = { sweepWorkflow } as SweepSetup['settings'];
    const step = { runner } as unknown as SweepSetup['step'];
    return { runner, step, octokit, repository: repository(), settings } as SweepSetup & { runner: FakeRunner };
  }

  test('nothing left: off, then the index read again; a request found there turns it back on', async () => {
    github.addWorkflow(FILE);
    const idle = await setup();
    await settleSchedule(idle, [row('finished'), row('done')], 0);
    expect(github.workflowState(FILE)).toBe('disabled_manually');
    github.reset();
    github.addWorkflow(FILE);
    await markInFlight(idle.octokit, repository(), 9);
    await settleSchedule(idle, [], 0);
    expect(workflowCalls()).toEqual(['disable', 'enable']);
    expect(github.workflowState(FILE)).toBe('active');
    expect(idle.runner.messages('info')).toContain(
      `A request came in flight meanwhile: the workflow '${FILE}' stays enabled.`,
    );
  });

  test('a job still working, an error or an item not reached leaves the schedule alone', async () => {
    github.addWorkflow(FILE);
    const busy = await setup();
    await settleSchedule(busy, [row('active')], 0);
    await settleSchedule(busy, [row('error')], 0);
    await settleSchedule(busy, [], 1);
    await settleSchedule(await setup(''), [], 0);
    expect(workflowCalls()).toEqual([]);
  });

  test('when the second read fails, the schedule is turned back on', async () => {
    github.addWorkflow(FILE);
    github.failNext('GET /repos/{owner}/{repo}/issues', 404);
    const sweep = await setup();
    await settleSchedule(sweep, [], 0);
    expect(workflowCalls()).toEqual(['disable', 'enable']);
    expect(sweep.runner.messages('warning')).toEqual([expect.stringContaining('Listing the requests in flight again')]);
  });

  test('a sweep of another workflow than sweep-workflow names warns and switches nothing', async () => {
    github.addWorkflow(FILE);
    process.env.GITHUB_WORKFLOW_REF = 'o/r/.github/workflows/docs.yml@refs/heads/main';
    const other = await setup();
    await settleSchedule(other, [], 0);
    delete process.env.GITHUB_WORKFLOW_REF;
    await settleSchedule(other, [], 0);
    expect(workflowCalls()).toEqual([]);
    expect(other.runner.messages('warning')).toEqual([
      expect.stringContaining("but this sweep runs from 'docs.yml'"),
      expect.stringContaining('but this sweep runs from a workflow GITHUB_WORKFLOW_REF does not name'),
    ]);
  });
});

describe('the input and the own workflow', () => {
  test('sweep-workflow takes a file name, with or without its folder, and refuses anything else', () => {
    const read = (value: string) => {
      process.env['INPUT_SWEEP-WORKFLOW'] = value;
      try {
        return readSweepWorkflow();
      } finally {
        delete process.env['INPUT_SWEEP-WORKFLOW'];
      }
    };
    expect(read('')).toBe('');
    expect(read(' sweep.yaml ')).toBe('sweep.yaml');
    expect(read('.github/workflows/docs-sweep.yml')).toBe('docs-sweep.yml');
    expect(() => read('Docs sweep')).toThrow("Invalid 'sweep-workflow' 'Docs sweep': expected the file name");
    expect(() => read('../secrets.yml')).toThrow("Invalid 'sweep-workflow'");
  });

  test("the run's own workflow file comes from GITHUB_WORKFLOW_REF", () => {
    expect(ownWorkflowFile({ GITHUB_WORKFLOW_REF: 'a/b/.github/workflows/sweep.yml@refs/tags/v1' })).toBe('sweep.yml');
    expect(ownWorkflowFile({})).toBeUndefined();
  });
});
