/**
 * `sweep-workflow`: the sweep's schedule runs only while a request is in flight. Whole steps against
 * the service emulator and the fake GitHub (which holds the workflow's state and the token's
 * `actions` permission). The shipped dist/ in child processes shows what issue 35 asks of it: a run
 * that leaves a request in flight enables the workflow, a sweep that leaves nothing there disables
 * it, a sweep racing a new request ends with it enabled, and a token without `actions: write` costs
 * one warning, never a red run. The other cases (a timed-out wait, a followed pull request, the
 * input's edges) run in this process (support/in-process.ts).
 */
import type { Emulator } from '../emulator/index.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import { webhookPayload, type RunResult } from './support/runner.ts';
import {
  commentEvent,
  expectClean,
  runAgainst,
  runStepAgainst,
  scheduleEvent,
  useServices,
} from './support/services.ts';

let emulator: Emulator;
let github: FakeGitHub;
useServices((started) => ({ emulator, github } = started));

const FILE = 'sweep.yml';
const LABEL = 'docs-agent: in flight';
const WORKFLOW = '/repos/Codertocat/Hello-World/actions/workflows/sweep.yml';
const SWITCHED = { 'sweep-workflow': FILE };
/** What the runner sets for a run of .github/workflows/sweep.yml. */
const SWEEP_ENV = { GITHUB_WORKFLOW_REF: `Codertocat/Hello-World/.github/workflows/${FILE}@refs/heads/main` };

const sweep = (): Promise<RunResult> =>
  runAgainst({ emulator, github }, { inputs: { mode: 'sweep', ...SWITCHED }, event: scheduleEvent(), env: SWEEP_ENV });

/** A `/docs` request that does not wait (`wait: false`) on issue 1, from the requests' own workflow. */
function detached(body = '/docs document the flag'): Promise<RunResult> {
  const event = commentEvent(github, body);
  return runAgainst({ emulator, github }, { inputs: { wait: 'false', ...SWITCHED }, event });
}

/** The in-flight index read: issues listed by the label (the backlog lists by another). */
const listsInFlight = (call: FakeGitHub['calls'][number]): boolean =>
  call.path.endsWith('/issues') && decodeURIComponent(call.query.replace(/\+/g, ' ')).includes(LABEL);

/** The workflow calls and in-flight reads the fake received, as 'PUT enable', 'GET issues'. */
const switches = (): string[] =>
  github.calls
    .filter((call) => call.path.startsWith(WORKFLOW) || listsInFlight(call))
    .map((call) => `${call.method} ${call.path.split('/').pop() ?? ''}`);

const warnings = (result: RunResult): string[] =>
  result.stdout.split('\n').filter((line) => line.startsWith('::warning'));

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}

const jobsEnded = (): Promise<void> => until(() => emulator.jobs().every((job) => job.status !== 'active'));

describe('the sweep that runs only while something is in flight', () => {
  test('an idle sweep disables its own workflow, after which it reads the index once more', async () => {
    github.addWorkflow(FILE);
    const swept = await sweep();
    expectClean(swept);
    expect(swept.code).toBe(0);
    expect(github.workflowState(FILE)).toBe('disabled_manually');
    expect(switches()).toEqual(['GET issues', 'PUT disable', 'GET issues']);
    expect(swept.stdout).toContain(`the workflow '${FILE}' is disabled until a run puts a request in flight`);
  });

  test('a detached request enables it, after its label; a sweep while the job works leaves it enabled', async () => {
    github.addWorkflow(FILE, 'disabled_manually');
    emulator.configure({ durationMs: 3_000, outcome: 'pr' });
    const started = await detached();
    expect(started.code).toBe(0);
    expect(started.outputs.status).toBe('active');
    expect(github.workflowState(FILE)).toBe('active');
    const labelled = github.calls.findIndex((call) => call.method === 'POST' && call.path.endsWith('/labels'));
    const enabled = github.calls.findIndex((call) => call.path === `${WORKFLOW}/enable`);
    expect(labelled).toBeGreaterThanOrEqual(0);
    expect(enabled).toBeGreaterThan(labelled);

    github.calls.length = 0;
    const working = await sweep();
    expect(working.outputs.message).toMatch(/^Sweep: 0 finished, 1 still active/);
    expect(switches()).toEqual(['GET issues']);
    expect(github.workflowState(FILE)).toBe('active');

    // The sweep that finishes the last request turns the schedule off.
    await jobsEnded();
    github.calls.length = 0;
    const finished = await sweep();
    expect(finished.outputs.message).toMatch(/^Sweep: 1 finished/);
    expect(github.labels(1)).toEqual([]);
    expect(switches()).toEqual(['GET issues', 'PUT disable', 'GET issues']);
    expect(github.workflowState(FILE)).toBe('disabled_manually');
  });

  test('a request that arrives while the sweep disables ends with the workflow enabled', async () => {
    github.addWorkflow(FILE);
    // The sweep's disable is held back by a secondary rate limit: the request lands meanwhile.
    github.rateLimitNext(
      `PUT ${WORKFLOW.replace('Codertocat/Hello-World', '{owner}/{repo}').replace(FILE, '{workflow_id}')}/disable`,
      {
        kind: 'secondary',
        retryAfterSeconds: 6,
      },
    );
    const sweeping = sweep();
    await until(() => github.calls.some((call) => call.path === `${WORKFLOW}/disable`));
    const request = await detached();
    expect(request.outputs.status).toBe('active');
    const swept = await sweeping;
    expect(swept.code).toBe(0);
    // The request's enable, the sweep's disable that lands after it, the second read, the enable again.
    expect(switches()).toEqual(['GET issues', 'PUT disable', 'PUT enable', 'PUT disable', 'GET issues', 'PUT enable']);
    expect(github.labels(1)).toEqual([LABEL]);
    expect(github.workflowState(FILE)).toBe('active');
    expect(swept.stdout).toContain(`A request came in flight meanwhile: the workflow '${FILE}' stays enabled.`);
  });

  test('a waiting run that times out while its job works leaves it enabled, with the label', async () => {
    github.addWorkflow(FILE, 'disabled_manually');
    emulator.configure({ durationMs: 60_000, outcome: 'pr' });
    const event = commentEvent(github, '/docs document the flag');
    const waited = await runStepAgainst(
      { emulator, github },
      { inputs: { 'timeout-minutes': '0.02', ...SWITCHED }, event },
    );
    expect(waited.outputs.status).toBe('active'); // the job outlived the wait: the step fails, the job goes on
    expect(github.labels(1)).toEqual([LABEL]);
    expect(github.workflowState(FILE)).toBe('active');
  });

  test("a followed pull request's round left detached enables it", async () => {
    github.addWorkflow(FILE, 'disabled_manually');
    emulator.configure({ durationMs: 60_000, outcome: 'pr' });
    const payload = webhookPayload('pull_request', 'opened');
    const pull = github.pullRequest(2);
    Object.assign(payload, { number: 2 });
    Object.assign(payload.pull_request, { number: 2, labels: [], draft: false });
    Object.assign(payload.pull_request.head, { sha: pull.headSha });
    Object.assign(payload.pull_request.base, { sha: pull.baseSha });
    github.seedEvent(payload);
    const followed = await runStepAgainst(
      { emulator, github },
      { event: { name: 'pull_request', payload }, inputs: { 'pull-requests': 'follow', wait: 'false', ...SWITCHED } },
    );
    expect(followed.code).toBe(0);
    expect(followed.outputs.status).toBe('active');
    expect(github.pullRequest(2).labels).toContain(LABEL);
    expect(github.workflowState(FILE)).toBe('active');
  });

  test('without actions: write, one warning that names the permission, and exit 0', async () => {
    github.addWorkflow(FILE);
    github.setActionsPermission('read');
    const swept = await sweep();
    expect(swept.code).toBe(0);
    expect(swept.outputs.status).toBe('swept');
    expect(warnings(swept)).toEqual([
      expect.stringMatching(
        /Disabling the workflow 'sweep\.yml' was refused \(HTTP 403\): the token needs 'actions: write'.*The schedule keeps running/,
      ),
    ]);
    expect(github.workflowState(FILE)).toBe('active');

    github.calls.length = 0;
    const started = await detached();
    expect(started.code).toBe(0);
    expect(started.outputs.status).toBe('active');
    expect(github.labels(1)).toEqual([LABEL]);
    expect(warnings(started)).toEqual([
      expect.stringMatching(
        /Enabling the workflow 'sweep\.yml' was refused \(HTTP 403\): the token needs 'actions: write'/,
      ),
    ]);
  });

  test('empty sweep-workflow leaves schedules alone', async () => {
    github.addWorkflow(FILE);
    const swept = await runStepAgainst(
      { emulator, github },
      { inputs: { mode: 'sweep' }, event: scheduleEvent(), env: SWEEP_ENV },
    );
    expect(swept.code).toBe(0);
    await runStepAgainst({ emulator, github }, { inputs: { wait: 'false' }, event: commentEvent(github) });
    expect(github.calls.filter((call) => call.path.includes('/actions/'))).toEqual([]);
  });

  test('a sweep run from another workflow than sweep-workflow names leaves the schedule alone, with a warning', async () => {
    github.addWorkflow(FILE);
    const swept = await runStepAgainst(
      { emulator, github },
      {
        inputs: { mode: 'sweep', ...SWITCHED },
        event: scheduleEvent(),
        env: { GITHUB_WORKFLOW_REF: 'Codertocat/Hello-World/.github/workflows/docs.yml@refs/heads/main' },
      },
    );
    expect(swept.code).toBe(0);
    expect(warnings(swept)).toEqual([expect.stringContaining("but this sweep runs from 'docs.yml'")]);
    expect(github.workflowState(FILE)).toBe('active');
    expect(switches()).toEqual(['GET issues']);
  });

  test('a sweep-workflow that is not a workflow file name is an input error naming the input', async () => {
    const swept = await runStepAgainst(
      { emulator, github },
      { inputs: { mode: 'sweep', 'sweep-workflow': 'my sweep' }, event: scheduleEvent(), env: SWEEP_ENV },
    );
    expect(swept.code).toBe(1);
    expect(swept.stdout).toMatch(/::error::Invalid 'sweep-workflow' 'my sweep': expected the file name/);
    expect(github.calls).toEqual([]);
  });
});
