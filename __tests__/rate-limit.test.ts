/**
 * GitHub's rate limits are waits, never refusals: every call of the action's one Octokit, against
 * the fake GitHub answering as github.com does over a limit, with the waits' clock injected.
 */
import type { FakeGitHub } from '../emulator/github/index.ts';
import type { RateLimitFault } from '../emulator/github/types.ts';
import { createOctokit, describeGitHubError, type GitHubLimits, type Octokit } from '../src/github/octokit.ts';
import { rateLimitOf } from '../src/github/rate-limit.ts';
import { useFakeGitHubApi } from './support/services.ts';
import { FakeClock, memoryLogger } from './support/fake-clock.ts';

const TOKEN = 'ghs_rate_limit_token';
const REACT = 'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions';

let github: FakeGitHub;
useFakeGitHubApi(TOKEN, (started) => (github = started));

/** The clock starts at the real time: a spent quota's reset is the fake's real clock plus some seconds. */
async function octokitWith(
  extra: Partial<GitHubLimits> = {},
): Promise<{ octokit: Octokit; clock: FakeClock; log: ReturnType<typeof memoryLogger> }> {
  const clock = new FakeClock(Date.now());
  const log = memoryLogger();
  const octokit = await createOctokit(TOKEN, log, {
    retryDelayMs: 1,
    requestTimeoutMs: 2_000,
    rateLimitWaitMs: 60_000,
    deadline: clock.now() + 30 * 60_000,
    clock,
    ...extra,
  });
  return { octokit, clock, log };
}

/** The claim's call: the eyes reaction on the comment that asked. */
function react(octokit: Octokit, commentId: number) {
  const { owner, repo } = github;
  return octokit.rest.reactions.createForIssueComment({ owner, repo, comment_id: commentId, content: 'eyes' });
}

const reactionCalls = () => github.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/reactions'));

describe('a rate limit on a GitHub call', () => {
  test.each<[string, RateLimitFault, number, number[]]>([
    ['a secondary limit with retry-after', { kind: 'secondary', retryAfterSeconds: 7 }, 1, [7_000]],
    ['a secondary limit answered 429', { kind: 'secondary', status: 429, retryAfterSeconds: 3 }, 1, [3_000]],
    // GitHub asks for at least a minute when it names no wait, and longer each time.
    ['a secondary limit that names no wait, twice', { kind: 'secondary' }, 2, [60_000, 120_000]],
  ])('%s is waited out, and the call is sent again', async (_name, limit, times, sleeps) => {
    const comment = github.addComment(1, '/docs document the flag');
    github.rateLimitNext(REACT, limit, times);
    const { octokit, clock, log } = await octokitWith();
    const { status } = await react(octokit, comment.id);
    expect(status).toBe(201);
    expect(clock.sleeps).toEqual(sleeps);
    expect(reactionCalls()).toHaveLength(times + 1);
    expect(log.lines.filter((line) => line.includes('rate limit'))).toEqual(
      sleeps.map((ms) =>
        expect.stringMatching(new RegExp(`^info: GitHub's secondary rate limit on POST .*: waiting ${ms / 1000} s`)),
      ),
    );
  });

  test('a spent quota is waited out until its reset', async () => {
    const comment = github.addComment(1, '/docs document the flag');
    github.rateLimitNext(REACT, { kind: 'primary', resetInSeconds: 30 });
    const { octokit, clock } = await octokitWith();
    expect((await react(octokit, comment.id)).status).toBe(201);
    expect(clock.sleeps).toHaveLength(1);
    // Until the reset second has passed: between 30 and 32 s from a clock read a moment after the answer.
    expect(clock.sleeps[0]).toBeGreaterThanOrEqual(29_000);
    expect(clock.sleeps[0]).toBeLessThanOrEqual(32_000);
  });

  test('a 403 that is a refusal is final at once, and said to be one', async () => {
    const comment = github.addComment(1, '/docs document the flag');
    github.failNext(REACT, 403);
    const { octokit, clock } = await octokitWith();
    const error = await react(octokit, comment.id).catch((failure: unknown) => failure);
    expect(rateLimitOf(error, Date.now())).toBeUndefined();
    expect(clock.sleeps).toEqual([]);
    expect(reactionCalls()).toHaveLength(1);
    expect(describeGitHubError('Claiming', error, 'issues: write')).toMatch(
      /HTTP 403 .*The token needs 'issues: write'/,
    );
  });

  test('a wait longer than the step has left is not begun, and the failure names the limit', async () => {
    const comment = github.addComment(1, '/docs document the flag');
    github.rateLimitNext(REACT, { kind: 'secondary', retryAfterSeconds: 120 });
    const { octokit, clock } = await octokitWith({ deadline: Date.now() + 60_000 });
    const error = await react(octokit, comment.id).catch((failure: unknown) => failure);
    expect(clock.sleeps).toEqual([]);
    expect(reactionCalls()).toHaveLength(1);
    const said = describeGitHubError('Claiming the request', error, 'issues: write');
    expect(said).toMatch(/^Claiming the request failed: GitHub's secondary rate limit \(HTTP 403\) did not lift/);
    expect(said).not.toContain('The token needs');
  });

  test('a limit that never lifts ends the call after a bounded number of waits', async () => {
    const comment = github.addComment(1, '/docs document the flag');
    github.rateLimitNext(REACT, { kind: 'secondary', retryAfterSeconds: 1 }, 100);
    const { octokit, clock } = await octokitWith();
    await expect(react(octokit, comment.id)).rejects.toMatchObject({ status: 403 });
    expect(clock.sleeps.length).toBeGreaterThan(0);
    expect(clock.sleeps.length).toBeLessThan(10);
    expect(reactionCalls()).toHaveLength(clock.sleeps.length + 1);
  });

  test('a cancel ends the wait, and the call is not sent again', async () => {
    const comment = github.addComment(1, '/docs document the flag');
    github.rateLimitNext(REACT, { kind: 'secondary', retryAfterSeconds: 60 });
    const cancel = new AbortController();
    const sleeps: number[] = [];
    // The runner's cancel arrives while the action waits.
    const clock = { now: () => Date.now(), sleep: async (ms: number) => void (sleeps.push(ms), cancel.abort()) };
    const { octokit } = await octokitWith({ clock, signal: cancel.signal });
    await expect(react(octokit, comment.id)).rejects.toMatchObject({ status: 403 });
    expect(sleeps).toEqual([60_000]);
    expect(reactionCalls()).toHaveLength(1);
  });
});
