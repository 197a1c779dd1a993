/**
 * The action against the service emulator: the first test runs the shipped dist/index.js as the
 * runner runs it (outputs through the runner's files, the exit code); the others run the same step
 * in this process (support/in-process.ts), where what they show does not depend on the process.
 */
import type { Emulator } from '../emulator/index.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import { API_KEY, type RunResult } from './support/runner.ts';
import { render } from './support/render.ts';
import { errorLine, expectClean, runAgainst, runStepAgainst, useServices } from './support/services.ts';

let emulator: Emulator;
let github: FakeGitHub;

useServices((started) => ({ emulator, github } = started));

/** A project id that needs encoding, and a base-url with a trailing slash. */
function run(inputs: Record<string, string> = {}, runner = runStepAgainst): Promise<RunResult> {
  return runner(
    { emulator, github },
    {
      inputs: {
        prompt: 'Document the new --verbose flag',
        'project-id': 'docs/α-1',
        'base-url': `${emulator.url}/`,
        ...inputs,
      },
    },
  );
}

/** Every POST the service received: creates and follow-ups alike. */
const posts = (): number => emulator.requests.filter((r) => r.method === 'POST').length;

describe('the action against the emulator', () => {
  test('sets the outputs for a pull request, from the shipped dist/', async () => {
    const result = await run({}, runAgainst);
    expect(result.code).toBe(0);
    const [job] = emulator.jobs();
    expect(result.outputs).toEqual({
      'job-id': job?.id,
      status: 'completed',
      'pr-link': job?.prLink,
      'pr-number': job?.prLink?.split('/').pop(),
      message: `I opened a pull request with the changes: ${job?.prLink}`,
      title: 'Document the new --verbose flag',
    });
    expect(result.outputs['pr-link']).toMatch(/^https:\/\/github\.com\/acme\/docs\/pull\/\d+$/);
    expect(posts()).toBe(1);
    expectClean(result);
  });

  test('sends the prompt to the encoded project path with the bearer key', async () => {
    await run();
    const [create] = emulator.requests;
    expect(create?.path).toBe('/v2/agent/docs%2F%CE%B1-1/job');
    expect(JSON.parse(create?.body ?? '')).toEqual({ prompt: 'Document the new --verbose flag' });
    expect(create?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(create?.headers['content-type']).toBe('application/json');
  });

  test('writes a job summary', async () => {
    const result = await run();
    const [job] = emulator.jobs();
    const summary = render(result.summary);
    const lines = summary.text.split('\n');
    expect(lines[0]).toBe('The documentation agent opened a pull request');
    expect(lines[1]).toBe('Status | Pull request | Job | Duration');
    expect(lines[2]).toMatch(new RegExp(`^completed \\| ${job?.prLink} \\| ${job?.id} \\| \\d+`));
    expect(lines[3]).toBe(`Job ${job?.id} opened a pull request: ${job?.prLink}`);
    expect(summary.links).toEqual([job?.prLink]);
  });

  test('succeeds with a notice when no pull request was opened', async () => {
    emulator.configure({ outcome: 'no-change' });
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.outputs.status).toBe('completed');
    expect(result.outputs['pr-link']).toBe('');
    expect(result.stdout).toMatch(/::notice::Job \S+ completed without opening a pull request/);
    expectClean(result);
  });

  test('fails with the agent’s message when the job fails', async () => {
    emulator.configure({ outcome: 'failed' });
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.outputs.status).toBe('failed');
    expect(errorLine(result)).toMatch(/^::error::Job job_\w+ failed: .+/);
    expectClean(result);
  });

  test('fails when the job is archived', async () => {
    emulator.configure({ outcome: 'archived' });
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.outputs.status).toBe('archived');
    expect(errorLine(result)).toMatch(/was archived before it finished/);
  });

  test('gives up at timeout-minutes and says the job continues', async () => {
    emulator.configure({ outcome: 'never' });
    const result = await run({ 'timeout-minutes': '0.01' });
    const [job] = emulator.jobs();
    expect(result.code).toBe(1);
    expect(result.outputs).toEqual({
      'job-id': job?.id,
      status: 'active',
      'pr-link': '',
      title: 'Document the new --verbose flag',
    });
    expect(errorLine(result)).toContain(`job ${job?.id} is still active and continues on the service`);
    expect(result.durationMs).toBeLessThan(5_000);
    expectClean(result);
  });

  test('waits through an unknown status with one warning', async () => {
    emulator.configure({ runningStatus: 'thinking' });
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.stdout.match(/::warning::.*unknown job status 'thinking'/g)).toHaveLength(1);
  });

  test('repeats a create turned away by the rate limit, making one job', async () => {
    emulator.inject({
      route: 'create',
      times: 2,
      fault: { kind: 'status', status: 429, body: '{"error":"Rate limit exceeded"}' },
    });
    const result = await run();
    expect(result.code).toBe(0);
    expect(posts()).toBe(3);
    expect(emulator.jobsCreated()).toBe(1);
    expect(result.stdout).toContain('rate limit was hit (HTTP 429: Rate limit exceeded)');
  });

  test('honours Retry-After on a 429', async () => {
    emulator.inject({ route: 'create', fault: { kind: 'status', status: 429, headers: { 'Retry-After': '1' } } });
    const result = await run();
    expect(result.code).toBe(0);
    const [first, second] = emulator.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(1_000);
  });

  test('keeps waiting through bursts of 5xx answers', async () => {
    emulator.inject(
      { route: 'get', times: 2, fault: { kind: 'status', status: 500 } },
      { route: 'get', fault: { kind: 'html', status: 502 } },
      { route: 'get', fault: { kind: 'status', status: 503 } },
      { route: 'get', fault: { kind: 'status', status: 504, body: 'upstream timed out' } },
    );
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.outputs.status).toBe('completed');
    expect(emulator.requests.filter((r) => r.method === 'GET').length).toBeGreaterThanOrEqual(6);
    expect(result.stdout).toContain('HTTP 502: 502 Bad Gateway (an HTML page, probably from a proxy)');
    expect(result.stdout).not.toMatch(/<html|<body/i);
    expect(posts()).toBe(1);
    expectClean(result);
  });

  test('does not repeat a create after an ambiguous 502', async () => {
    emulator.inject({ route: 'create', afterProcessing: true, fault: { kind: 'html', status: 502 } });
    const result = await run();
    expect(result.code).toBe(1);
    expect(posts()).toBe(1);
    expect(errorLine(result)).toMatch(/unknown whether the service acted on it .*It was not repeated/);
    expect(result.outputs).toEqual({ status: 'error' });
    expectClean(result);
  });

  test('refuses the assistant key before any request', async () => {
    const result = await run({ 'api-key': 'svc_dsc_public_assistant' });
    expect(result.code).toBe(1);
    expect(emulator.requests).toHaveLength(0);
    expect(errorLine(result)).toMatch(/'api-key' holds the public assistant key/);
  });

  test('names the input and sends nothing when an input is bad', async () => {
    const result = await run({ 'base-url': 'not a url' });
    expect(result.code).toBe(1);
    expect(emulator.requests).toHaveLength(0);
    expect(errorLine(result)).toBe(
      '::error::Invalid \'base-url\': not a URL. Expected for example "base-url: https://api.example.com".',
    );
  });

  test('stops at once when the key is revoked while waiting', async () => {
    emulator.configure({ outcome: 'never' });
    emulator.inject({ route: 'get', fault: { kind: 'status', status: 401, body: '{"error":"API key revoked"}' } });
    const result = await run();
    expect(result.code).toBe(1);
    expect(emulator.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
    expect(errorLine(result)).toMatch(/refused the API key \(HTTP 401: API key revoked\)\. Check the 'api-key' input/);
    expect(result.outputs.status).toBe('error');
    expect(result.outputs['job-id']).toBe(emulator.jobs()[0]?.id);
  });
});
