/**
 * What the contract tests run the action against: the service emulator and the fake GitHub API,
 * started once per test file and reset to a known state before each test.
 */
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { startFakeGitHub, type FakeGitHub } from '../../emulator/github/index.ts';
import { API_KEY, GITHUB_TOKEN, runAction, type RunOptions, type RunResult } from '../../emulator/runner.ts';

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
 * Runs the shipped action against these services: project, key, base-url and GITHUB_API_URL point
 * at them unless the test sets its own.
 */
export function runAgainst({ emulator, github }: Services, options: RunOptions = {}): Promise<RunResult> {
  return runAction({
    ...options,
    inputs: { 'project-id': 'docs', 'api-key': API_KEY, 'base-url': emulator.url, ...options.inputs },
    env: { GITHUB_API_URL: github.url, ...options.env },
  });
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
