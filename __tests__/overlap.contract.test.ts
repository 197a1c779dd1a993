/**
 * Exactly one job per request: runs of the shipped dist/ that really overlap (child processes
 * started at the same moment), re-runs after GitHub failed, and a run killed mid-way. Runs that
 * neither overlap nor get a signal run in-process (support/in-process.ts).
 */
import type { Emulator } from '../emulator/index.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import { RUN_SHA, webhookPayload, type RunOptions, type RunResult } from './support/runner.ts';
import {
  expectClean,
  runAgainst,
  runPostInProcessAgainst,
  runStepAgainst,
  useServices,
  commentEvent as seededComment,
  createRequests,
} from './support/services.ts';

let emulator: Emulator;
let github: FakeGitHub;

useServices((started) => ({ emulator, github } = started));

type Event = { name: string; payload: Record<string, any> };

/** A step where it is cheapest to show (support/in-process.ts): in this process unless it needs dist/. */
function run(event: Event, options: Omit<RunOptions, 'event'> = {}): Promise<RunResult> {
  return runStepAgainst({ emulator, github }, { ...options, event });
}

/** The shipped dist/ in a child process: runs that really overlap need processes of their own. */
function runShipped(event: Event, options: Omit<RunOptions, 'event'> = {}): Promise<RunResult> {
  return runAgainst({ emulator, github }, { ...options, event });
}

/**
 * The post step's work in this process: what it records from the main step's state. Its entry
 * (dist/post.js) is shown by faults.contract.test.ts's child runs.
 */
function runPost(event: Event, options: Omit<RunOptions, 'event' | 'entry'> = {}): Promise<RunResult> {
  return runPostInProcessAgainst({ emulator, github }, { ...options, event });
}

const commentEvent = (body = '/docs document the --verbose flag'): Event => seededComment(github, body);

/** An issue opened with the phrase and the trigger label: GitHub sends `opened` and `labeled` at once. */
function issueEvents(): [Event, Event] {
  const opened = webhookPayload('issues', 'opened');
  opened.issue.body = '/docs explain the --verbose flag';
  opened.issue.labels = [{ name: 'docs' }];
  const labeled = webhookPayload('issues', 'labeled');
  labeled.issue = structuredClone(opened.issue);
  labeled.label = { name: 'docs' };
  labeled.sender = opened.sender;
  return [
    { name: 'issues', payload: opened },
    { name: 'issues', payload: labeled },
  ];
}

const creates = () => createRequests(emulator);
const progressComments = (issue = 1) =>
  github.comments(issue).filter((c) => c.user.type === 'Bot' && c.body.includes(' job='));

describe('runs that overlap', () => {
  test('two runs started together for one comment make one job', async () => {
    const event = commentEvent();
    const results = await Promise.all([runShipped(event), runShipped(event)]);
    expect(emulator.jobsCreated()).toBe(1);
    expect(creates()).toHaveLength(1);
    expect(progressComments()).toHaveLength(1);
    // One run made and reported the job; the other resumed it or said it was claimed.
    const statuses = results.map((result) => result.outputs.status).sort();
    expect([
      ['completed', 'completed'],
      ['completed', 'skipped'],
    ]).toContainEqual(statuses);
    for (const result of results) {
      expect(result.code).toBe(0);
      expectClean(result);
    }
    const skipped = results.find((result) => result.outputs.status === 'skipped');
    if (skipped) expect(skipped.stdout).toContain('Another run claimed this request already');
  });

  test('two runs together under a secondary rate limit on the claim make one job', async () => {
    // The first reaction to arrive is turned away as github.com does when requests come too fast.
    github.rateLimitNext('POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions', {
      kind: 'secondary',
      retryAfterSeconds: 1,
    });
    const event = commentEvent();
    const results = await Promise.all([runShipped(event), runShipped(event)]);
    expect(emulator.jobsCreated()).toBe(1);
    expect(progressComments()).toHaveLength(1);
    const limited = results.filter((result) => result.stdout.includes("GitHub's secondary rate limit on POST"));
    expect(limited).toHaveLength(1);
    for (const result of results) {
      expect(result.code).toBe(0);
      expect(result.stdout).not.toContain('going on unclaimed');
      expectClean(result);
    }
  });

  test('an issue opened with the phrase and the label makes one job', async () => {
    const [opened, labeled] = issueEvents();
    const inputs = { 'trigger-label': 'docs' };
    const results = await Promise.all([runShipped(opened, { inputs }), runShipped(labeled, { inputs })]);
    expect(emulator.jobsCreated()).toBe(1);
    expect(progressComments(opened.payload.issue.number)).toHaveLength(1);
    expect(progressComments(opened.payload.issue.number)[0]?.body).toMatch(
      new RegExp(`triggers=i${opened.payload.issue.number} `),
    );
    for (const result of results) expect(result.code).toBe(0);
    const eyes = github.reactions().filter((r) => r.subject === 'issue' && r.content === 'eyes');
    expect(eyes).toHaveLength(1);
  });

  test('the label added after the issue’s job resumes it', async () => {
    const [opened, labeled] = issueEvents();
    const inputs = { 'trigger-label': 'docs' };
    await run(opened, { inputs });
    const later = await run(labeled, { inputs });
    expect(emulator.jobsCreated()).toBe(1);
    expect(later.stdout).toContain('(a re-run): resuming it instead of creating one');
    expect(later.outputs.status).toBe('completed');
  });
});

describe('re-runs after GitHub failed', () => {
  test('a lost "working" comment: the re-run resumes the job from the final comment', async () => {
    github.failNext('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', 502);
    const event = commentEvent();
    await run(event);
    const rerun = await run(event);
    expect(emulator.jobsCreated()).toBe(1);
    expect(rerun.stdout).toContain('resuming it instead of creating one');
  });

  test('no progress comment at all: the re-run says a job may exist and creates none', async () => {
    github.failNext('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', 502, 2);
    const event = commentEvent();
    const first = await run(event);
    expect(first.outputs.status).toBe('completed');
    expect(progressComments()).toHaveLength(0);
    const rerun = await run(event);
    expect(emulator.jobsCreated()).toBe(1);
    expect(rerun.code).toBe(0);
    expect(rerun.outputs.status).toBe('skipped');
    expect(rerun.stdout).toMatch(/::notice::.*a job may exist already/);
    expectClean(rerun);
  });

  test('a run killed between the create and the comment: the re-run creates no second job', async () => {
    emulator.configure({ outcome: 'never' });
    github.hangNext('POST /repos/{owner}/{repo}/issues/{issue_number}/comments');
    const event = commentEvent();
    const killed = await run(event, {
      onSpawn: (child) => {
        const poll = setInterval(() => {
          if (emulator.jobsCreated() === 0) return;
          clearInterval(poll);
          child.kill('SIGKILL');
        }, 10);
      },
    });
    expect(killed.signal).toBe('SIGKILL');
    const rerun = await run(event);
    expect(emulator.jobsCreated()).toBe(1);
    expect(rerun.outputs.status).toBe('skipped');
    expect(rerun.stdout).toContain('a job may exist already');
  });

  test('a create that reached no service gives the claim back, so a re-run creates the job', async () => {
    emulator.inject({ route: 'create', fault: { kind: 'status', status: 401, body: 'Unauthorized' } });
    const event = commentEvent();
    const first = await run(event);
    expect(first.code).toBe(1);
    expect(emulator.jobsCreated()).toBe(0);
    expect(github.reactions().filter((r) => r.content === 'eyes')).toHaveLength(0);
    const rerun = await run(event);
    expect(rerun.outputs.status).toBe('completed');
    expect(emulator.jobsCreated()).toBe(1);
    expect(progressComments()).toHaveLength(1);
  });

  test('a create that may have reached the service keeps the claim', async () => {
    emulator.inject({ route: 'create', afterProcessing: true, fault: { kind: 'status', status: 502 } });
    const event = commentEvent();
    const first = await run(event);
    expect(first.code).toBe(1);
    expect(emulator.jobsCreated()).toBe(1);
    const rerun = await run(event);
    expect(emulator.jobsCreated()).toBe(1);
    expect(rerun.outputs.status).toBe('skipped');
    expect(rerun.stdout).toContain('a job may exist already');
  });
});

describe('re-runs of a run that reports on no issue', () => {
  const STATUSES = 'POST /repos/{owner}/{repo}/statuses/{sha}';
  const attempt = (n: number, extra: Record<string, string> = {}) => ({ GITHUB_RUN_ATTEMPT: String(n), ...extra });
  const inputs = { prompt: 'Refresh the CLI reference' };
  const dispatch = () => ({ name: 'workflow_dispatch', payload: webhookPayload('workflow_dispatch') });

  /** The step as the runner runs it: the main step, then at the job's end the post step with its state. */
  async function step(event: Event, env: Record<string, string>): Promise<{ main: RunResult; post: RunResult }> {
    const main = await run(event, { inputs, env });
    const post = await runPost(event, { inputs, env, state: main.state });
    expect(post.code).toBe(0);
    return { main, post };
  }

  test.each([
    ['workflow_dispatch', dispatch],
    ['push', () => ({ name: 'push', payload: webhookPayload('push') })],
    ['schedule', () => ({ name: 'schedule', payload: { schedule: '17 6 * * 1' } })],
  ])('a re-run of a %s run resumes the job its first attempt created', async (_name, event) => {
    const main = await run(event(), { inputs, env: attempt(1) });
    expect(main.outputs.status).toBe('completed');
    // The main step spends no time on GitHub for the record: its post step writes it.
    expect(github.calls).toEqual([]);
    const post = await runPost(event(), { inputs, env: attempt(1), state: main.state });
    expect(post.code).toBe(0);
    const [record, ...others] = github.statuses(RUN_SHA);
    expect(others).toEqual([]);
    expect(record).toMatchObject({ state: 'success', creator: 'github-actions[bot]' });
    expect(record?.description).toContain(`job=${main.outputs['job-id'] ?? 'missing'} `);

    const rerun = await run(event(), { inputs, env: attempt(2) });
    expect(emulator.jobsCreated()).toBe(1);
    expect(rerun.code).toBe(0);
    expect(rerun.outputs).toMatchObject({ status: 'completed', 'job-id': main.outputs['job-id'] });
    expect(rerun.stdout).toContain('(a re-run): resuming it instead of creating one');
    expectClean(rerun);
  });

  test('two steps of one job each resume their own job', async () => {
    const steps = ['docs-agent', 'docs-agent-2'];
    // As the runner runs a job: the main steps in order, then the post steps in reverse.
    const job = async (n: number): Promise<RunResult[]> => {
      const env = (id: string) => attempt(n, { GITHUB_ACTION: id });
      const mains: RunResult[] = [];
      for (const id of steps) mains.push(await run(dispatch(), { inputs, env: env(id) }));
      for (const [index, id] of [...steps.entries()].reverse()) {
        const post = await runPost(dispatch(), { inputs, env: env(id), state: mains[index]?.state ?? {} });
        expect(post.code).toBe(0);
      }
      return mains;
    };
    const first = await job(1);
    const rerun = await job(2);
    expect(emulator.jobsCreated()).toBe(2);
    expect(rerun.map((main) => main.outputs['job-id'])).toEqual(first.map((main) => main.outputs['job-id']));
    expect(new Set(first.map((main) => main.outputs['job-id'])).size).toBe(2);
  });

  test('without statuses: write, the first attempt says a re-run will create a job, and it does', async () => {
    github.failNext(STATUSES, 403);
    const first = await step(dispatch(), attempt(1));
    expect(first.main.code).toBe(0);
    expect(first.post.stdout).toMatch(
      /::warning::Recording job \S+ on commit ffac537 failed: GitHub answered HTTP 403 .*The token needs 'statuses: write'.* A re-run of this workflow run will create a new job instead of resuming this one\./,
    );
    const rerun = await run(dispatch(), { inputs, env: attempt(2) });
    expect(rerun.outputs.status).toBe('completed');
    expect(emulator.jobsCreated()).toBe(2);
  });

  test('a re-run that cannot read the records sends nothing to the service', async () => {
    github.failNext('GET /repos/{owner}/{repo}/commits/{ref}/statuses', 502, 3);
    const rerun = await run(dispatch(), { inputs, env: attempt(2) });
    expect(rerun.code).toBe(1);
    expect(rerun.outputs.status).toBe('error');
    expect(rerun.stdout).toMatch(/::error::Reading the statuses of commit ffac537 .* HTTP 502.*Nothing was sent/);
    expect(emulator.requests).toEqual([]);
  });

  test('a record is believed only when the action wrote it for this commit', async () => {
    // The same run's record, written for another commit: copied onto this one by a bot (another
    // workflow's token) and by a person.
    const elsewhere = await step(dispatch(), attempt(1, { GITHUB_SHA: 'a'.repeat(40) }));
    const [record] = github.statuses('a'.repeat(40));
    expect(record?.description).toContain(`job=${elsewhere.main.outputs['job-id'] ?? 'missing'} `);
    const copy = { context: record?.context ?? '', description: record?.description ?? '' };
    github.addStatus(RUN_SHA, copy, 'github-actions[bot]');
    github.addStatus(RUN_SHA, copy, 'octocat');
    const rerun = await run(dispatch(), { inputs, env: attempt(2) });
    expect(rerun.outputs.status).toBe('completed');
    expect(rerun.outputs['job-id']).not.toBe(elsewhere.main.outputs['job-id']);
    expect(emulator.jobsCreated()).toBe(2);
  });
});
