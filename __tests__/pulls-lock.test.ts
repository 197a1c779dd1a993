/**
 * One run at a time per pull request (src/github/claim.ts, lockPull), against the fake GitHub in-process: the
 * 👀 reaction's 201 and 200 are the lock, letting go deletes it, and one a killed run left behind
 * is taken over once older than any run may live.
 */
import { createOctokit } from '../src/github/octokit.ts';
import { IssueThread } from '../src/github/thread.ts';
import { lockPull } from '../src/github/claim.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import { useFakeGitHubApi } from './support/services.ts';

const TOKEN = 'ghs_lock_token';
let github: FakeGitHub;
useFakeGitHubApi(TOKEN, (started) => (github = started));

const warnings: string[] = [];
const log = { info: () => {}, notice: () => {}, debug: () => {}, warning: (m: string) => void warnings.push(m) };
const repository = { owner: 'Codertocat', repo: 'Hello-World' };
const HOUR = 3_600_000;

const octokit = () =>
  createOctokit(TOKEN, log, {
    retryDelayMs: 1,
    requestTimeoutMs: 5_000,
    rateLimitWaitMs: 1,
    deadline: Date.now() + 30_000,
  });

/** Pull request `number`'s conversation, as follow mode reads and writes it (the key signs nothing here). */
async function pull(number: number): Promise<IssueThread> {
  return new IssueThread(await octokit(), { ...repository, issueNumber: number }, log, 'svc_key');
}

test('the first run holds the pull request, the next finds it held until it is let go', async () => {
  const first = await lockPull(await pull(2), HOUR, Date.now);
  expect(first.held).toBe(true);
  const second = await lockPull(await pull(2), HOUR, Date.now);
  expect(second).toEqual({ held: false, since: expect.any(String) });
  // Another pull request is another lock.
  expect((await lockPull(await pull(3), HOUR, Date.now)).held).toBe(true);
  if (first.held) await first.release();
  expect((await lockPull(await pull(2), HOUR, Date.now)).held).toBe(true);
});

test('a lock older than any run may live is taken over; a younger one is not', async () => {
  expect((await lockPull(await pull(2), HOUR, Date.now)).held).toBe(true);
  expect((await lockPull(await pull(2), HOUR, () => Date.now() + HOUR / 2)).held).toBe(false);
  expect((await lockPull(await pull(2), HOUR, () => Date.now() + 2 * HOUR)).held).toBe(true);
  expect(github.reactions().filter((r) => r.content === 'eyes')).toHaveLength(1);
});

test("the holder's time is the action's own words, whatever GitHub's created_at says", async () => {
  // A thread whose 👀 is held already, with the created_at GitHub gives: only lockPull's reading of it is shown.
  const heldAt = (createdAt: string) =>
    ({
      issueNumber: 2,
      log,
      react: async () => ({ created: false, id: 1, createdAt }),
      unreact: async () => {},
    }) as unknown as IssueThread;
  const now = () => Date.parse('2026-11-21T10:30:00Z');
  expect(await lockPull(heldAt('2026-11-21T10:03:09Z'), HOUR, now)).toEqual({
    held: false,
    since: '2026-11-21 10:03 UTC',
  });
  expect(await lockPull(heldAt('\n::set-output name=status::completed\n@octocat ##[error]x'), HOUR, now)).toEqual({
    held: false,
    since: 'an unknown time',
  });
});

test('a token that may not react goes on unlocked, and says so', async () => {
  github.failNext('POST /repos/{owner}/{repo}/issues/{issue_number}/reactions', 403);
  expect((await lockPull(await pull(2), HOUR, Date.now)).held).toBe(true);
  expect(warnings.join('\n')).toContain("Give the token 'issues: write'");
});
