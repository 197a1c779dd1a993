/**
 * What the contract tests run the action against: the service emulator and the fake GitHub API,
 * started once per test file and reset to a known state before each test.
 */
import { startEmulator, startFakeGitHub, type Emulator, type RecordedRequest, type FakeGitHub } from './emulators.ts';
import { API_KEY, GITHUB_TOKEN, runAction, webhookPayload, type RunOptions, type RunResult } from './runner.ts';
import { runInProcess, runPostInProcess, runStep } from './in-process.ts';
import type { ReleaseSettings } from '../../src/step/release-inputs.ts';

export interface Services {
  emulator: Emulator;
  github: FakeGitHub;
}

export async function startServices(): Promise<Services> {
  const [emulator, github] = await Promise.all([startEmulator(), startFakeGitHub({ token: GITHUB_TOKEN })]);
  return { emulator, github };
}

/** Jobs that end quickly with a pull request, and a commenter (the payloads' Codertocat) with write access. */
export function resetServices({ emulator, github }: Services): void {
  emulator.reset();
  emulator.configure({ durationMs: 150, outcome: 'pr' });
  github.reset();
  github.setPermission('Codertocat', 'write');
}

export async function closeServices({ emulator, github }: Services): Promise<void> {
  await Promise.all([emulator.close(), github.close()]);
}

/**
 * The lifecycle of a contract file, in one place: both services started once and handed to `use`,
 * reset before each test, and after each test no request the fake GitHub had to reject (GitHub's
 * OpenAPI description) or could not serve.
 */
export function useServices(use: (services: Services) => void): void {
  let services: Services | undefined;
  beforeAll(async () => {
    services = await startServices();
    use(services);
  });
  afterAll(() => (services ? closeServices(services) : undefined));
  beforeEach(() => services && resetServices(services));
  afterEach(() => {
    expect(services?.github.violations).toEqual([]);
    expect(services?.github.unimplemented).toEqual([]);
  });
}

/**
 * A schedule event (a sweep's): GitHub sends the cron line, the repository and the workflow's path.
 * There is none in @octokit/webhooks-examples, so it is an edited copy of a workflow_dispatch payload.
 */
export function scheduleEvent(): { name: string; payload: Record<string, unknown> } {
  const { repository, organization, workflow } = webhookPayload('workflow_dispatch');
  return { name: 'schedule', payload: { schedule: '*/10 * * * *', repository, organization, workflow } };
}

/** A real issue_comment.created payload whose comment exists on the fake GitHub, with `body` and `user`. */
export function commentEvent(
  github: FakeGitHub,
  body = '/docs document the flag',
  user = 'Codertocat',
  // Tests edit these payloads deeply; typing every field would restate @octokit/webhooks-types.
): { name: string; payload: Record<string, any> } {
  const payload = webhookPayload('issue_comment', 'created');
  const seeded = github.addComment(payload.issue.number, body, user);
  payload.comment.id = seeded.id;
  payload.comment.body = body;
  payload.comment.user = { ...payload.comment.user, login: seeded.user.login, type: seeded.user.type };
  return { name: 'issue_comment', payload };
}

/**
 * Runs the shipped action against these services: project, key, base-url and GITHUB_API_URL point
 * at them unless the test sets its own.
 */
export function runAgainst(services: Services, options: RunOptions = {}): Promise<RunResult> {
  return runAction(against(services, options));
}

/** The same step as `runAgainst`, in the test's own process (support/in-process.ts says when that shows enough). */
export function runInProcessAgainst(services: Services, options: RunOptions = {}): Promise<RunResult> {
  return runInProcess(against(services, options));
}

/** The post step's work in this process (support/in-process.ts, `runPostInProcess`: not its entry). */
export function runPostInProcessAgainst(
  services: Services,
  options: Omit<RunOptions, 'entry'> = {},
): Promise<RunResult> {
  return runPostInProcess(against(services, options));
}

/**
 * The same step where it is cheapest to show (support/in-process.ts, `childOnly`): in this process,
 * or the shipped dist/ for signals, kills, the post step and proxies.
 */
export function runStepAgainst(services: Services, options: RunOptions = {}): Promise<RunResult> {
  return runStep(against(services, options));
}

function against({ emulator, github }: Services, options: RunOptions): RunOptions {
  return {
    ...options,
    inputs: { 'project-id': 'docs', 'api-key': API_KEY, 'base-url': emulator.url, ...options.inputs },
    env: { GITHUB_API_URL: github.url, ...options.env },
  };
}

/** The create requests the service emulator received (POST …/job), in order. */
export function createRequests(emulator: Emulator): RecordedRequest[] {
  return emulator.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/job'));
}

/** The first `::error::` line the run printed, or ''. */
export function errorLine(result: RunResult): string {
  return result.stdout.split('\n').find((line) => line.startsWith('::error::')) ?? '';
}

/**
 * What every run must keep: the key never printed (the runner swallows the add-mask command
 * itself), no stack trace, no HTML page, nothing on stderr.
 */
export function expectClean(result: RunResult): void {
  const printed = result.everything.split('\n').filter((line) => !line.startsWith('::add-mask::'));
  expect(printed.join('\n')).not.toContain(API_KEY);
  expect(result.everything).not.toMatch(/\n\s+at .+:\d+:\d+|<html|<!DOCTYPE/i);
  expect(result.stderr).toBe('');
}

/**
 * A fake GitHub for in-process tests of one file: GITHUB_API_URL points at it for the file (Octokit
 * reads it when it is created), it is reset before each test, and no test may send it a request
 * GitHub's OpenAPI description rejects.
 */
export function useFakeGitHubApi(token: string, use: (github: FakeGitHub) => void): void {
  let github: FakeGitHub | undefined;
  let savedUrl: string | undefined;
  beforeAll(async () => {
    github = await startFakeGitHub({ token });
    savedUrl = process.env.GITHUB_API_URL;
    process.env.GITHUB_API_URL = github.url;
    use(github);
  });
  afterAll(async () => {
    if (savedUrl === undefined) delete process.env.GITHUB_API_URL;
    else process.env.GITHUB_API_URL = savedUrl;
    await github?.close();
  });
  beforeEach(() => github?.reset());
  afterEach(() => expect(github?.violations).toEqual([]));
}

/** The release settings' defaults: the docs pull request ready at the merge, as before `ready-when` existed. */
export const NO_RELEASE: ReleaseSettings = {
  readyWhen: 'merged',
  autoMerge: false,
  includePrereleases: false,
  releaseFollowUp: false,
};
