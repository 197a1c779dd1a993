// The orchestration in-process: agent mode's decision and execute(), the post step and the entry run with a fake runner
// (support/fake-runner.ts), against the service emulator and the fake GitHub on 127.0.0.1 through
// the real clients, with timings built for tests instead of production's.
import { jest } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GitHubEvent } from '../src/github/event.ts';
import { run, runPostStep } from '../src/main.ts';
import { productionDependencies, type Dependencies } from '../src/step/deps.ts';
import { execute, skip } from '../src/agent/execute.ts';
import type { Settings } from '../src/agent/inputs.ts';
import { decideAgentRun } from '../src/agent/decide.ts';
import { InputProblems } from '../src/step/inputs.ts';
import { succeeds } from '../src/outcome/words.ts';
import { progressWords } from '../src/step/progress-words.ts';
import { runPost } from '../src/step/post.ts';
import { StepRecord } from '../src/step/state.ts';
import { TIMINGS, type Timings } from '../src/step/timings.ts';
import { createOctokit } from '../src/github/octokit.ts';
import { ProgressComments } from '../src/github/progress-comment.ts';
import { clearSecrets, registerSecret } from '../src/text/text-gate.ts';
import { scratchDir } from './support/scratch.ts';
import { API_KEY, GITHUB_TOKEN, webhookPayload } from './support/runner.ts';
import { FakeRunner } from './support/fake-runner.ts';
import { render, seen } from './support/render.ts';
import { commentEvent, useServices, type Services } from './support/services.ts';

/** Every wait in tens of milliseconds; requests still get seconds. */
const FAST: Timings = {
  ...TIMINGS,
  poll: { firstMs: 30, factor: 1.5, minMs: 20, maxMs: 60 },
  send: { minMs: 10, maxMs: 40 },
  serviceRequestMs: 3_000,
  notFoundGraceMs: 300,
  live: { readEveryMs: 40, editEveryMs: 80, heartbeatMs: 100 },
  github: { retryDelayMs: 10, requestTimeoutMs: 3_000, reportGraceMs: 3_000, postBudgetMs: 3_000, rateLimitWaitMs: 50 },
};

let services: Services;
useServices((started) => (services = started));

const saved = { ...process.env };
beforeAll(() => {
  registerSecret(API_KEY);
  registerSecret(GITHUB_TOKEN);
});
beforeEach(() => {
  process.env.GITHUB_API_URL = services.github.url;
  process.env.GITHUB_SERVER_URL = 'https://github.com';
  process.env.GITHUB_RUN_ID = '7001';
  process.env.GITHUB_REPOSITORY = `${services.github.owner}/${services.github.repo}`;
});
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});
afterAll(() => clearSecrets());

function settings(overrides: Partial<Settings> = {}): Settings {
  return {
    prompt: '',
    projectId: 'docs',
    apiKey: API_KEY,
    baseUrl: services.emulator.url,
    githubToken: GITHUB_TOKEN,
    timeoutMs: 20_000,
    triggerPhrase: '/docs',
    requiredPermission: 'write',
    allowedBots: [],
    triggerLabel: '',
    allowEdits: false,
    documentMergedPullRequests: false,
    issueNumber: undefined,
    replyOnRefusal: true,
    wait: true,
    jobId: '',
    dryRun: false,
    notify: true,
    sweepReports: false,
    ...overrides,
  };
}

function depsFor(runner: FakeRunner, given: Settings, signal = new AbortController().signal): Dependencies {
  return productionDependencies(given, { runner, record: new StepRecord(runner), timings: FAST, signal });
}

/**
 * Agent mode on `given` as the entry runs it: the decision (trigger, the empty-key rule), then the
 * skip or the run. `problems`: the input errors the decision kept.
 */
async function agentRun(
  given: Settings,
  on: GitHubEvent,
  deps: Dependencies,
  problems = new InputProblems(),
): ReturnType<typeof execute> {
  const decision = decideAgentRun(on, given, () => given, problems);
  return decision.kind === 'skip' ? skip(decision, on, deps) : execute(decision, on, deps);
}

function event(name: string, payload: Record<string, unknown>): GitHubEvent {
  return { name, payload, repository: { owner: services.github.owner, repo: services.github.repo } };
}

/** The prompts the service was sent, creates and follow-ups alike, in order. */
const prompts = (): string[] =>
  services.emulator.requests
    .filter((request) => request.method === 'POST' && /\/job(\/[^/]+\/message)?$/.test(request.path))
    .map((request) => (JSON.parse(request.body) as { prompt?: string; message?: string }).prompt ?? '');

const dispatch = (): GitHubEvent => event('workflow_dispatch', webhookPayload('workflow_dispatch'));

describe('a step with a prompt', () => {
  test('creates the job, waits, and writes each output once', async () => {
    const runner = new FakeRunner();
    const given = settings({ prompt: 'Document the --verbose flag' });
    const outcome = await agentRun(given, dispatch(), depsFor(runner, given));

    expect(outcome.kind).toBe('pull-request');
    expect(succeeds(outcome)).toBe(true);
    const [job] = services.emulator.jobs();
    expect(services.emulator.jobsCreated()).toBe(1);
    expect(prompts()).toEqual(['Document the --verbose flag']);
    expect(runner.outputs).toMatchObject({ status: 'completed', 'job-id': job?.id, 'pr-link': job?.prLink });
    expect(runner.outputs['pr-number']).toMatch(/^\d+$/);
    expect(runner.groups).toEqual(['Create the job', 'Wait for the job', 'Report the outcome']);
    expect(runner.summaries).toHaveLength(1);
    expect(seen(runner.summaries[0] ?? '').split('\n')).toContain(
      `Job ${job?.id} opened a pull request: ${job?.prLink}`,
    );
    expect(runner.state.jobId).toBe(job?.id);
    // Nothing reports on GitHub for a step without an issue.
    expect(services.github.calls).toEqual([]);
  });

  test('a failed job is a failed outcome with the agent’s message', async () => {
    services.emulator.configure({ outcome: 'failed', finalMessage: 'The docs repository is read-only.' });
    const runner = new FakeRunner();
    const given = settings({ prompt: 'Document it' });
    const outcome = await agentRun(given, dispatch(), depsFor(runner, given));

    expect(outcome.kind).toBe('failed');
    expect(succeeds(outcome)).toBe(false);
    expect(runner.outputs.status).toBe('failed');
    expect(runner.outputs.message).toBe('The docs repository is read-only.');
  });

  test('wait: false returns the started job at once', async () => {
    services.emulator.configure({ outcome: 'never' });
    const runner = new FakeRunner();
    const given = settings({ prompt: 'Document it', wait: false });
    const outcome = await agentRun(given, dispatch(), depsFor(runner, given));

    expect(outcome.kind).toBe('started');
    expect(succeeds(outcome)).toBe(true);
    expect(runner.outputs.status).toBe('active');
    expect(services.emulator.requests.filter((r) => r.method === 'GET' && r.path.includes('/v2/'))).toEqual([]);
  });

  test('stops waiting at timeout-minutes and says the job goes on', async () => {
    services.emulator.configure({ outcome: 'never' });
    const runner = new FakeRunner();
    const given = settings({ prompt: 'Document it', timeoutMs: 400 });
    const outcome = await agentRun(given, dispatch(), depsFor(runner, given));

    expect(outcome.kind).toBe('timed-out');
    expect(succeeds(outcome)).toBe(false);
    expect(runner.outputs.status).toBe('active');
  });

  test('a cancel while waiting reports the job and its last known status', async () => {
    services.emulator.configure({ outcome: 'never' });
    const runner = new FakeRunner();
    const given = settings({ prompt: 'Document it' });
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 300);
    const outcome = await agentRun(given, dispatch(), depsFor(runner, given, cancel.signal));

    expect(outcome).toMatchObject({ kind: 'cancelled' });
    expect(runner.outputs).toMatchObject({ status: 'active', 'job-id': services.emulator.jobs()[0]?.id });
    expect(outcome).toMatchObject({ message: expect.stringContaining('continues on the service') });
  });

  test('a dry run sends nothing and says what it would send', async () => {
    const runner = new FakeRunner();
    const given = settings({ prompt: 'Document it', dryRun: true });
    const result = await agentRun(given, dispatch(), depsFor(runner, given));

    expect(result).toMatchObject({ kind: 'dry-run' });
    expect(runner.outputs).toEqual({ status: 'dry-run' });
    expect(runner.messages('info').join('\n')).toContain(`POST ${services.emulator.url}/v2/agent/docs/job`);
    expect(services.emulator.requests).toEqual([]);
  });

  test('attaches to a job named by job-id instead of creating one', async () => {
    const first = new FakeRunner();
    const given = settings({ prompt: 'Document it' });
    await agentRun(given, dispatch(), depsFor(first, given));
    const jobId = first.outputs['job-id'] ?? '';

    const runner = new FakeRunner();
    const attach = settings({ jobId });
    await agentRun(attach, event('push', {}), depsFor(runner, attach));
    expect(services.emulator.jobsCreated()).toBe(1);
    expect(runner.outputs).toMatchObject({ status: 'completed', 'job-id': jobId });
    expect(runner.groups[0]).toBe('Attach to the job');
  });
});

describe('a request in an issue comment', () => {
  test('claims, reports in one progress comment, reacts and notifies the requester', async () => {
    const { github } = services;
    const request = commentEvent(github, '/docs document the --verbose flag');
    const runner = new FakeRunner();
    const given = settings();
    const outcome = await agentRun(given, event(request.name, request.payload), depsFor(runner, given));

    expect(outcome).toMatchObject({ kind: 'pull-request' });
    const issue = request.payload.issue.number as number;
    const ours = github.comments(issue).filter((comment) => comment.user.type === 'Bot');
    // The progress comment with the pull request, and one notification that mentions the requester.
    expect(ours).toHaveLength(2);
    const link = services.emulator.jobs()[0]?.prLink ?? 'no link';
    expect(render(ours[0]?.body ?? '').links).toContain(link);
    expect(seen(ours[1]?.body ?? '')).toBe(`@Codertocat the docs pull request is ready: ${link}`);
    expect(github.reactions().map((reaction) => reaction.content)).toEqual(expect.arrayContaining(['eyes', 'rocket']));
    expect(runner.state).toMatchObject({ finished: 'true', issueNumber: String(issue) });
    expect(prompts()[0]).toContain('document the --verbose flag');
  });

  test('a second request on the issue continues the job as a follow-up', async () => {
    const { github } = services;
    const first = commentEvent(github, '/docs document the flag');
    const given = settings();
    await agentRun(given, event(first.name, first.payload), depsFor(new FakeRunner(), given));
    const second = commentEvent(github, '/docs also mention the default');
    const runner = new FakeRunner();
    await agentRun(given, event(second.name, second.payload), depsFor(runner, given));

    expect(services.emulator.jobsCreated()).toBe(1);
    expect(prompts()).toHaveLength(2);
    expect(runner.groups[0]).toBe('Send the follow-up');
  });

  test('a re-run of the same request resumes its job', async () => {
    const { github } = services;
    const request = commentEvent(github, '/docs document the flag');
    const given = settings();
    await agentRun(given, event(request.name, request.payload), depsFor(new FakeRunner(), given));
    const runner = new FakeRunner();
    await agentRun(given, event(request.name, request.payload), depsFor(runner, given));

    expect(services.emulator.jobsCreated()).toBe(1);
    expect(runner.messages('info').join('\n')).toContain('a re-run');
  });

  test('refuses a commenter without the required permission, once', async () => {
    const { github } = services;
    github.setPermission('Codertocat', 'read');
    const given = settings();
    for (let i = 0; i < 2; i++) {
      const request = commentEvent(github, '/docs document the flag');
      const runner = new FakeRunner();
      const result = await agentRun(given, event(request.name, request.payload), depsFor(runner, given));
      expect(result).toMatchObject({ kind: 'skipped' });
      expect(runner.outputs).toEqual({ status: 'skipped' });
      expect(runner.messages('notice')[0]).toContain('Not started for Codertocat');
    }
    const refusals = github.comments().filter((comment) => comment.user.type === 'Bot');
    expect(refusals).toHaveLength(1);
    expect(services.emulator.requests).toEqual([]);
  });

  test('a comment without the phrase is skipped without a request anywhere', async () => {
    const { github } = services;
    const request = commentEvent(github, 'Thanks, looks good');
    const runner = new FakeRunner();
    const result = await agentRun(settings(), event(request.name, request.payload), depsFor(runner, settings()));
    expect(result).toMatchObject({ kind: 'skipped' });
    expect(github.calls).toEqual([]);
  });
});

describe('what an event needs', () => {
  test('an empty api-key on a fork pull request is a quiet skip', async () => {
    const payload = webhookPayload('pull_request', 'opened');
    payload.pull_request.head.repo = { ...payload.pull_request.head.repo, full_name: 'someone/fork' };
    const runner = new FakeRunner();
    const given = settings({ apiKey: '', prompt: 'Document it' });
    const result = await agentRun(given, event('pull_request', payload), depsFor(runner, given));
    expect(result).toMatchObject({ kind: 'skipped', message: expect.stringContaining('forks or Dependabot') });
    expect(runner.outputs).toEqual({ status: 'skipped' });
  });

  test('an empty api-key elsewhere is a missing secret', async () => {
    const runner = new FakeRunner();
    const given = settings({ apiKey: '', prompt: 'Document it' });
    await expect(agentRun(given, dispatch(), depsFor(runner, given))).rejects.toThrow("Input 'api-key' is empty");
  });

  test('an empty github-token is refused where the event needs GitHub', async () => {
    const request = commentEvent(services.github, '/docs document the flag');
    const given = settings({ githubToken: '' });
    await expect(
      agentRun(given, event(request.name, request.payload), depsFor(new FakeRunner(), given)),
    ).rejects.toThrow("Input 'github-token' is empty");
  });

  test('a scheduled run with issue-number and no prompt asks what the issue says', async () => {
    const runner = new FakeRunner();
    const given = settings({ issueNumber: 3 });
    await agentRun(given, event('schedule', { schedule: '0 6 * * 1' }), depsFor(runner, given));
    const prompt = prompts()[0] ?? '';
    expect(prompt).toContain('as the issue below asks');
    expect(prompt).toContain('Issue: #3');
    expect(runner.outputs.status).toBe('completed');
    // A run the workflow started reacts to nothing on the tracking issue.
    expect(services.github.reactions().filter((reaction) => reaction.content !== 'eyes')).toEqual([]);
  });

  test('a merged pull request is documented from its changed files', async () => {
    const payload = webhookPayload('pull_request', 'closed');
    payload.pull_request.merged = true;
    payload.pull_request.merged_by = payload.sender;
    services.github.setPullFiles(payload.pull_request.number, [
      { filename: 'docs/cli.md', status: 'modified', additions: 3, deletions: 1 },
    ]);
    const given = settings({ documentMergedPullRequests: true });
    await agentRun(given, event('pull_request', payload), depsFor(new FakeRunner(), given));
    expect(prompts()[0]).toContain('- docs/cli.md');
  });

  test('a bot not listed in allowed-bots gets no reply', async () => {
    const request = commentEvent(services.github, '/docs document the flag', 'dependabot[bot]');
    const runner = new FakeRunner();
    const given = settings();
    const result = await agentRun(given, event(request.name, request.payload), depsFor(runner, given));
    expect(result).toMatchObject({ kind: 'skipped', message: expect.stringContaining('allowed-bots') });
    expect(services.github.comments().filter((comment) => comment.body.includes('docs-agent'))).toEqual([]);
  });
});

describe('who may ask is decided before the inputs are judged', () => {
  // The inputs' errors as the decision keeps them for execute().
  const wrong = () => new InputProblems(["Input 'project-id' is required.", "Invalid 'timeout-minutes' 'soon'."]);

  test('a refused commenter is skipped and never sees an input error', async () => {
    services.github.setPermission('mallory', 'read');
    const request = commentEvent(services.github, '/docs document the flag', 'mallory');
    const runner = new FakeRunner();
    const given = settings();
    const result = await agentRun(given, event(request.name, request.payload), depsFor(runner, given), wrong());
    expect(result).toMatchObject({ kind: 'skipped' });
    expect(runner.outputs).toEqual({ status: 'skipped' });
    const said = [...runner.messages('notice'), ...services.github.comments().map((comment) => comment.body)];
    expect(said.join('\n')).not.toMatch(/project-id|timeout-minutes/);
  });

  test('a permitted commenter is told every input error, before any request to the service', async () => {
    const request = commentEvent(services.github, '/docs document the flag');
    const given = settings();
    await expect(
      agentRun(given, event(request.name, request.payload), depsFor(new FakeRunner(), given), wrong()),
    ).rejects.toThrow(/^2 inputs need fixing:\n- Input 'project-id' is required\.\n- Invalid 'timeout-minutes'/);
    expect(services.emulator.requests).toEqual([]);
  });

  test('an event with nothing to do is skipped whatever the inputs say', async () => {
    const request = commentEvent(services.github, 'Thanks!');
    const runner = new FakeRunner();
    const given = settings();
    const result = await agentRun(given, event(request.name, request.payload), depsFor(runner, given), wrong());
    expect(result).toMatchObject({ kind: 'skipped' });
    expect(runner.messages('debug').join('\n')).toContain("Input 'project-id' is required.");
    expect(services.github.calls).toEqual([]);
  });

  test("a maintainer's edit of an outsider's comment is refused for the author, once", async () => {
    const { github } = services;
    const given = settings({ allowEdits: true });
    for (let i = 0; i < 2; i++) {
      const request = commentEvent(github, '/docs document the flag', 'mallory');
      request.payload.action = 'edited';
      request.payload.sender = { ...request.payload.sender, login: 'Codertocat' };
      const runner = new FakeRunner();
      const result = await agentRun(given, event(request.name, request.payload), depsFor(runner, given));
      expect(result).toMatchObject({
        kind: 'skipped',
        message: expect.stringMatching(/^Not started for mallory: .*its author may ask too\.$/),
      });
    }
    expect(github.comments().filter((comment) => comment.user.type === 'Bot')).toHaveLength(1);
    expect(services.emulator.requests).toEqual([]);
  });

  test('a question where ask mode is not set up is skipped, and the asker told once', async () => {
    const { github } = services;
    const given = settings({ askWord: 'ask', askConfigured: false });
    for (const who of ['mallory', 'mallory', 'Codertocat']) {
      const request = commentEvent(github, '/docs ask how do I deploy?', who);
      const runner = new FakeRunner();
      const result = await agentRun(given, event(request.name, request.payload), depsFor(runner, given), wrong());
      expect(result).toMatchObject({ kind: 'skipped', message: expect.stringContaining('are not answered here') });
    }
    const replies = github.comments().filter((comment) => comment.user.type === 'Bot');
    expect(replies.map((reply) => reply.body.split('\n')[1])).toEqual([
      'The documentation agent was not started: questions are not answered in this repository, whose workflow has not set up ask mode.',
      'The documentation agent was not started: questions are not answered in this repository, whose workflow has not set up ask mode.',
    ]);
    // Not with reply-on-refusal off, nor in a dry run.
    for (const quiet of [{ replyOnRefusal: false }, { dryRun: true }]) {
      const request = commentEvent(github, '/docs ask how?', 'eve');
      const off = settings({ askWord: 'ask', askConfigured: false, ...quiet });
      await agentRun(off, event(request.name, request.payload), depsFor(new FakeRunner(), off));
    }
    expect(github.comments().filter((comment) => comment.user.type === 'Bot')).toHaveLength(2);
  });
});

describe('the post step', () => {
  const connect = (runner: FakeRunner) => async () => ({
    octokit: await createOctokit(GITHUB_TOKEN, runner.log, {
      retryDelayMs: 10,
      requestTimeoutMs: 3_000,
      rateLimitWaitMs: 50,
      deadline: Date.now() + 3_000,
    }),
    apiKey: API_KEY,
    repository: { owner: services.github.owner, repo: services.github.repo },
  });

  /** What a main step killed after writing its "working" comment leaves: the comment, and its state. */
  async function leftWorking(
    saveCommentId: boolean,
    sweep = false,
  ): Promise<{ state: Record<string, string>; issue: number }> {
    const runner = new FakeRunner();
    const record = new StepRecord(runner);
    const { octokit, repository } = await connect(runner)();
    const issue = 5;
    const triggers = ['c4242'];
    const startedAt = new Date().toISOString();
    const progress = new ProgressComments(octokit, { ...repository, issueNumber: issue }, runner.log, API_KEY);
    record.saveJob('job_left');
    record.saveProgress(issue, { triggers, startedAt, sweep });
    const working = progressWords({ state: 'working', jobId: 'job_left', triggers, startedAt }, undefined);
    const id = working && (await progress.write(working, undefined));
    if (saveCommentId && id !== undefined) record.saveComment(id);
    return { state: runner.state, issue };
  }

  test.each([
    ['its id saved', true],
    ['no id saved (found by the request key)', false],
  ])('marks a comment the main step left "working" as cancelled, %s', async (_name, saveCommentId) => {
    const { state, issue } = await leftWorking(saveCommentId);
    const runner = new FakeRunner(state);
    await runPost({
      record: new StepRecord(runner),
      log: runner.log,
      connect: connect(runner),
      runUrl: undefined,
      words: progressWords,
    });

    const [progress] = services.github.comments(issue).filter((comment) => comment.user.type === 'Bot');
    const shown = seen(progress?.body ?? '');
    expect(shown).toMatch(/^⏹️ Cancelled: the workflow run stopped: the job continues on the service\. Re-run /);
    expect(shown).not.toMatch(/working/i);
    expect(runner.messages('info')[0]).toContain('marked it cancelled');
    expect(runner.messages('info')[0]).toContain('Job job_left continues on the service');
  });

  test('names the sweep as what reports the end, when sweep-reports said one runs', async () => {
    const { state, issue } = await leftWorking(true, true);
    const runner = new FakeRunner(state);
    await runPost({
      record: new StepRecord(runner),
      log: runner.log,
      connect: connect(runner),
      runUrl: undefined,
      words: progressWords,
    });
    const [progress] = services.github.comments(issue).filter((comment) => comment.user.type === 'Bot');
    expect(seen(progress?.body ?? '').split('\n')[0]).toBe(
      '⏹️ Cancelled: the workflow run stopped: the job continues on the service. ' +
        'A sweep of this repository (mode: sweep) writes its end here.',
    );
  });

  test('writes the outcome the main step saved before its last update failed', async () => {
    const { state, issue } = await leftWorking(true);
    const view = {
      state: 'pull-request',
      jobId: state.jobId,
      triggers: [],
      startedAt: new Date().toISOString(),
      prLink: 'https://github.com/acme/docs/pull/9',
    };
    const runner = new FakeRunner({ ...state, finalView: JSON.stringify(view) });
    await runPost({
      record: new StepRecord(runner),
      log: runner.log,
      connect: connect(runner),
      runUrl: undefined,
      words: progressWords,
    });

    const [progress] = services.github.comments(issue).filter((comment) => comment.user.type === 'Bot');
    expect(seen(progress?.body ?? '')).toMatch(
      /^✅ Documentation pull request ready: https:\/\/github\.com\/acme\/docs\/pull\/9$/m,
    );
    expect(render(progress?.body ?? '').links).toContain('https://github.com/acme/docs/pull/9');
  });

  test('does nothing when the main step finished its comment', async () => {
    const runner = new FakeRunner({ issueNumber: '1', finished: 'true' });
    const connectNever = jest.fn(async () => undefined);
    await runPost({
      record: new StepRecord(runner),
      log: runner.log,
      connect: connectNever,
      runUrl: undefined,
      words: progressWords,
    });
    expect(connectNever).not.toHaveBeenCalled();
  });
});

describe('the entry', () => {
  // core.setSecret writes its mask command to stdout, which is the runner's, not the test's.
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  afterAll(() => stdout.mockRestore());

  function stepEnv(inputs: Record<string, string>, payload: Record<string, unknown>, name: string): void {
    const dir = scratchDir('docs-agent-run-');
    writeFileSync(join(dir, 'event.json'), JSON.stringify(payload));
    Object.assign(process.env, {
      GITHUB_EVENT_NAME: name,
      GITHUB_EVENT_PATH: join(dir, 'event.json'),
      DOCS_AGENT_DELAY_SCALE: '0.01',
      RUNNER_DEBUG: '',
    });
    for (const [input, value] of Object.entries(inputs)) process.env[`INPUT_${input.toUpperCase()}`] = value;
  }

  test('runs the main step and then the post step with what it saved', async () => {
    stepEnv(
      {
        'project-id': 'docs',
        'api-key': API_KEY,
        'base-url': services.emulator.url,
        prompt: 'Document it',
        'github-token': GITHUB_TOKEN,
      },
      webhookPayload('workflow_dispatch'),
      'workflow_dispatch',
    );
    const main = new FakeRunner();
    await run(main);
    expect(main.failed).toBeUndefined();
    expect(main.outputs.status).toBe('completed');
    const post = new FakeRunner(main.state);
    await runPostStep(post);
    expect(post.outputs).toEqual({});
    expect(post.failed).toBeUndefined();
  });

  test('an input error fails the step with status error before any request', async () => {
    stepEnv(
      { 'project-id': 'a b', 'api-key': API_KEY, 'base-url': services.emulator.url },
      webhookPayload('workflow_dispatch'),
      'workflow_dispatch',
    );
    const runner = new FakeRunner();
    await run(runner);
    expect(runner.outputs).toEqual({ status: 'error' });
    expect(runner.failed).toContain("'project-id'");
    expect(services.emulator.requests).toEqual([]);
  });
});
