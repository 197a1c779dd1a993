/**
 * The edges of a job's life, each a whole step in this process (support/in-process.ts): the last seconds before the
 * deadline, job-id on any event, a tracking issue without a prompt, status on every exit, input
 * and GitHub errors that say what to do.
 */
import type { Emulator } from '../emulator/index.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import { webhookPayload, type RunOptions, type RunResult } from './support/runner.ts';
import { parseRunnerCommands } from './support/runner-commands.ts';
import { errorLine, expectClean, runStepAgainst, useServices, createRequests } from './support/services.ts';
import { seen } from './support/render.ts';

let emulator: Emulator;
let github: FakeGitHub;

useServices((started) => ({ emulator, github } = started));

function run(inputs: Record<string, string> = {}, options: RunOptions = {}): Promise<RunResult> {
  return runStepAgainst({ emulator, github }, { ...options, inputs });
}

/** GitHub has no example schedule payload: it carries the cron line and little else. */
const schedule = { name: 'schedule', payload: { schedule: '17 6 * * 1' } };
const dispatch = () => ({ name: 'workflow_dispatch', payload: webhookPayload('workflow_dispatch') });
const botComments = () => github.comments(1).filter((c) => c.user.type === 'Bot');
const creates = () => createRequests(emulator);

/** A job made on the emulator by a first run that does not wait. */
async function existingJob(): Promise<string> {
  const first = await run({ prompt: 'Document the flag', wait: 'false' });
  expect(first.code).toBe(0);
  expect(first.outputs['job-id']).toMatch(/^job_/);
  return first.outputs['job-id'] ?? '';
}

describe('the deadline', () => {
  test('a job that ends just before timeout-minutes is reported as ended, not timed out', async () => {
    // The real schedule: the first wait (3 s or more) is cut to the 3 s deadline, and the one read
    // made at the deadline must get a proper request timeout to see the job completed.
    emulator.configure({ durationMs: 2_600, outcome: 'pr' });
    const result = await run(
      { prompt: 'Document the flag', 'timeout-minutes': '0.05' },
      { env: { DOCS_AGENT_DELAY_SCALE: '' } },
    );
    expect(result.code).toBe(0);
    expect(result.outputs.status).toBe('completed');
    expect(result.outputs['pr-link']).toMatch(/\/pull\/\d+$/);
    expect(result.everything).not.toMatch(/within 0 s/);
  });

  test('wait: false with job-id reads the job once and reports it', async () => {
    emulator.configure({ durationMs: 0 });
    const jobId = await existingJob();
    const result = await run({ 'job-id': jobId, wait: 'false' });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ status: 'completed', 'job-id': jobId });
    expect(result.outputs['pr-link']).toMatch(/\/pull\/\d+$/);
  });

  test('wait: false with a job-id that does not exist is an error', async () => {
    const result = await run({ 'job-id': 'job_missing', wait: 'false' });
    expect(result.code).toBe(1);
    expect(result.outputs).toMatchObject({ status: 'error', 'job-id': 'job_missing' });
    expect(errorLine(result)).toContain("Job job_missing was not found in project 'docs'");
  });
});

describe('a job-id that cannot be read', () => {
  test.each([
    ['a 500 on every read', { kind: 'status', status: 500, body: '{"error":"boom"}' }, /HTTP 500: boom/],
    ['an HTML 502 on every read', { kind: 'html', status: 502 }, /HTTP 502/],
    ['a reset on every read', { kind: 'reset' }, /was interrupted/],
    ['a garbled answer on every read', { kind: 'malformed' }, /not JSON/],
  ] as const)('wait: false with %s ends in error, never a placeholder status', async (_name, fault, said) => {
    emulator.inject({ route: 'get', times: 100, fault });
    const result = await run({ 'job-id': 'job_zzz', wait: 'false' });
    expect(result.code).toBe(1);
    expect(result.outputs).toEqual({ status: 'error', 'job-id': 'job_zzz', 'pr-link': '' });
    expect(errorLine(result)).toMatch(/^::error::Could not read job job_zzz: /);
    expect(errorLine(result)).toMatch(said);
    expect(result.stdout).not.toMatch(/Job job_zzz is active/);
    expectClean(result);
  });

  test('wait: false reads again after a failure that passes, and reports what it read', async () => {
    emulator.configure({ durationMs: 0 });
    const jobId = await existingJob();
    emulator.inject({ route: 'get', times: 2, fault: { kind: 'status', status: 503 } });
    const result = await run({ 'job-id': jobId, wait: 'false' });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ status: 'completed', 'job-id': jobId });
    expect(result.outputs['pr-link']).toMatch(/\/pull\/\d+$/);
  });

  test.each([
    [502, "GitHub answered HTTP 502, a fault on GitHub's side"],
    [403, "GitHub answered HTTP 403 (.*). The token needs 'issues: read'"],
  ])(
    'a GitHub %d on the comments that hold its progress comment names the call, and job-id is set',
    async (status, said) => {
      github.failNext('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', status, 3);
      const result = await run({ 'job-id': 'job_known', 'issue-number': '1' }, { event: dispatch() });
      expect(result.code).toBe(1);
      expect(result.outputs).toMatchObject({ status: 'error', 'job-id': 'job_known' });
      expect(errorLine(result)).toMatch(
        new RegExp(
          `^::error::Reading the comments of #1 \\(to find the progress comment of job job_known\\) failed: ${said}`,
        ),
      );
      expect(emulator.requests).toHaveLength(0);
      for (const comment of botComments()) expect(comment.body).not.toMatch(/Server Error|docs\.github\.com/i);
      expectClean(result);
    },
  );
});

describe('job-id on every event', () => {
  test.each([
    ['workflow_dispatch', dispatch],
    ['push', () => ({ name: 'push', payload: webhookPayload('push') })],
    ['schedule', () => schedule],
  ])('job-id alone attaches on %s', async (_name, event) => {
    emulator.configure({ durationMs: 0 });
    const jobId = await existingJob();
    const result = await run({ 'job-id': jobId }, { event: event() });
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ status: 'completed', 'job-id': jobId });
    expect(creates()).toHaveLength(1);
    // The attach is said inside its own group, not before an empty one.
    expect(result.stdout).toMatch(/::group::Attach to the job\nAttaching to job \S+ \(job-id\)\./);
  });

  test('picking up a timed-out comment request finishes its own progress comment', async () => {
    emulator.configure({ durationMs: 2_000 });
    const payload = webhookPayload('issue_comment', 'created');
    const seeded = github.addComment(payload.issue.number, '/docs document the flag', 'Codertocat');
    payload.comment.id = seeded.id;
    payload.comment.body = seeded.body;
    const first = await run({ 'timeout-minutes': '0.01' }, { event: { name: 'issue_comment', payload } });
    expect(first.outputs.status).toBe('active');
    expect(seen(botComments()[0]?.body ?? '')).toMatch(
      /^⏱️ Stopped waiting \(timeout-minutes\), @Codertocat: the job continues on the service\. Re-run /mu,
    );

    const later = await run({ 'job-id': first.outputs['job-id'] ?? '', 'issue-number': '1' }, { event: dispatch() });
    expect(later.code).toBe(0);
    const [comment, ...others] = botComments();
    expect(others).toEqual([]);
    expect(seen(comment?.body ?? '')).toMatch(/^✅ Documentation pull request ready: https:\/\/github\.com\//);
  });
});

describe('which events need a prompt', () => {
  test('a scheduled run with issue-number and no prompt takes the issue as the request', async () => {
    const result = await run({ 'issue-number': '7' }, { event: schedule });
    expect(result.code).toBe(0);
    const prompt = JSON.parse(creates()[0]?.body ?? '{}').prompt as string;
    expect(prompt).toContain('Update the documentation as the issue below asks.');
    expect(prompt).toContain('Issue 7');
  });

  test('a dispatched run with neither prompt nor issue-number nor job-id names what to give', async () => {
    const result = await run({}, { event: dispatch() });
    expect(result.code).toBe(1);
    expect(result.outputs.status).toBe('error');
    expect(errorLine(result)).toContain("Input 'prompt' is empty");
    expect(emulator.requests).toHaveLength(0);
  });

  test('a scheduled run reporting to a tracking issue adds no reactions', async () => {
    const result = await run({ prompt: 'Refresh the docs', 'issue-number': '1' }, { event: schedule });
    expect(result.code).toBe(0);
    expect(botComments()).toHaveLength(1);
    expect(github.reactions()).toEqual([]);
  });

  test.each(['pull_request', 'pull_request_target'])(
    'a %s run with a prompt and issue-number adds no reactions and mentions nobody on that issue',
    async (name) => {
      const payload = webhookPayload('pull_request', 'opened');
      github.setPermission(payload.sender.login, 'write');
      const result = await run({ prompt: 'Document it', 'issue-number': '1' }, { event: { name, payload } });
      expect(result.code).toBe(0);
      expect(result.outputs.status).toBe('completed');
      expect(botComments()).toHaveLength(1);
      expect(seen(botComments()[0]?.body ?? '')).toMatch(
        /^✅ Documentation pull request ready: https:\/\/github\.com\//,
      );
      expect(github.reactions()).toEqual([]);
      expect(github.comments().some((c) => c.body.includes(`@${String(payload.sender.login)}`))).toBe(false);
    },
  );

  test.each([
    '> quoted earlier request\n/docs document the flag',
    'Try `\n/docs document the flag` next time',
    '<pre>\n/docs document the flag\n</pre>',
    '<details>\n/docs document the flag\n</details>',
    'Note <!--\n/docs document the flag\n--> done',
    'Example:\n\n    /docs document the flag',
  ])('the phrase where GitHub shows no text of its own asks for nothing: %j', async (body) => {
    const payload = webhookPayload('issue_comment', 'created');
    payload.comment.body = body;
    const result = await run({}, { event: { name: 'issue_comment', payload } });
    expect(result.outputs.status).toBe('skipped');
    expect(emulator.requests).toHaveLength(0);
  });

  test('the phrase in a code block or a quote asks for nothing', async () => {
    for (const body of ['```\n/docs document the flag\n```', '> /docs document the flag']) {
      const payload = webhookPayload('issue_comment', 'created');
      payload.comment.body = body;
      const result = await run({}, { event: { name: 'issue_comment', payload } });
      expect(result.outputs.status).toBe('skipped');
    }
    expect(emulator.requests).toHaveLength(0);
  });
});

describe('status and messages on every exit', () => {
  test('every wrong input is named in one run, and status is error', async () => {
    const result = await run({
      prompt: 'x',
      'project-id': 'has space',
      'timeout-minutes': '0',
      wait: 'sometimes',
    });
    expect(result.code).toBe(1);
    expect(result.outputs).toEqual({ status: 'error' });
    const error = parseRunnerCommands(result.stdout).find((c) => c.command === 'error')?.data ?? '';
    expect(error).toMatch(/^3 inputs need fixing:/);
    for (const name of ['project-id', 'timeout-minutes', 'wait']) expect(error).toContain(`'${name}'`);
    expect(emulator.requests).toHaveLength(0);
  });

  test.each([
    [
      'an empty api-key',
      { 'api-key': '', 'timeout-minutes': 'abc', prompt: 'x' },
      ["'timeout-minutes'", "'api-key' is empty"],
    ],
    ['an empty prompt', { prompt: '', 'project-id': 'a b' }, ["'project-id'", "'prompt' is empty"]],
    ['a wrong mode', { mode: 'bogus', 'project-id': 'a b', prompt: 'x' }, ["'mode'", "'project-id'"]],
    [
      'a wrong ask-word and an empty api-key',
      { 'ask-word': 'ask me', 'api-key': '', prompt: 'x', wait: 'maybe' },
      ["'ask-word'", "'wait'", "'api-key' is empty"],
    ],
  ])('%s is named with the other wrong inputs', async (_name, inputs, named) => {
    const result = await run(inputs, { event: dispatch() });
    expect(result.code).toBe(1);
    expect(result.outputs).toEqual({ status: 'error' });
    const error = parseRunnerCommands(result.stdout).find((c) => c.command === 'error')?.data ?? '';
    expect(error).toMatch(new RegExp(`^${named.length} inputs need fixing:`));
    for (const part of named) expect(error).toContain(part);
    expect(emulator.requests).toHaveLength(0);
  });

  test('a 403 on the permission check names the call and the permission', async () => {
    github.failNext('GET /repos/{owner}/{repo}/collaborators/{username}/permission', 403);
    const payload = webhookPayload('issue_comment', 'created');
    payload.comment.body = '/docs document the flag';
    const result = await run({}, { event: { name: 'issue_comment', payload } });
    expect(result.code).toBe(1);
    expect(result.outputs.status).toBe('error');
    expect(errorLine(result)).toMatch(
      /Checking the repository permission of Codertocat failed: GitHub answered HTTP 403 .*The token needs 'metadata: read/,
    );
    expect(emulator.requests).toHaveLength(0);
    expectClean(result);
  });

  test.each([
    [403, "GitHub answered HTTP 403 \\(.*\\)\\. The token needs 'pull-requests: read'"],
    [502, "GitHub answered HTTP 502, a fault on GitHub's side"],
  ])('a GitHub %d on the files of a merged pull request names the call and the permission', async (status, said) => {
    const payload = webhookPayload('pull_request', 'closed');
    payload.pull_request.merged = true;
    payload.pull_request.merged_by = payload.sender;
    github.setPermission(payload.sender.login, 'write');
    github.failNext('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', status, 3);
    const result = await run({ 'document-merged-pull-requests': 'true' }, { event: { name: 'pull_request', payload } });
    expect(result.code).toBe(1);
    expect(result.outputs.status).toBe('error');
    expect(errorLine(result)).toMatch(
      new RegExp(`^::error::Listing the files of pull request #${payload.pull_request.number} failed: ${said}`),
    );
    expect(emulator.requests).toHaveLength(0);
    expectClean(result);
  });

  test("a GitHub 502 is not posted on the issue as GitHub's page", async () => {
    github.failNext('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', 502, 3);
    const payload = webhookPayload('issue_comment', 'created');
    const seeded = github.addComment(payload.issue.number, '/docs document the flag', 'Codertocat');
    payload.comment.id = seeded.id;
    payload.comment.body = seeded.body;
    const result = await run({}, { event: { name: 'issue_comment', payload } });
    expect(result.code).toBe(1);
    expect(emulator.requests).toHaveLength(0);
    expect(errorLine(result)).toContain("GitHub answered HTTP 502, a fault on GitHub's side");
    for (const comment of botComments()) expect(comment.body).not.toMatch(/Server Error|Bad Gateway/i);
  });

  test('a deleted comment is skipped without pointing at allow-edits', async () => {
    const payload = webhookPayload('issue_comment', 'deleted');
    const result = await run({}, { event: { name: 'issue_comment', payload } });
    expect(result.outputs.status).toBe('skipped');
    expect(result.stdout).toContain('::notice::Nothing to do: deleted comments do not start work.');
    expect(result.stdout).not.toContain('allow-edits');
  });
});
