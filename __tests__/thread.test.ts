/**
 * The issue thread both modes write on (src/github/thread.ts), against the fake GitHub: the
 * bounded listing, once per run, the signed comments found by kind, and the live comment.
 */
import type { FakeGitHub } from '../emulator/github/index.ts';
import { renderMarker } from '../src/github/marker.ts';
import { createOctokit } from '../src/github/octokit.ts';
import { IssueThread, MAX_COMMENT_PAGES } from '../src/github/thread.ts';
import { useFakeGitHubApi } from './support/services.ts';
import { memoryLogger } from './support/fake-clock.ts';

const TOKEN = 'ghs_thread_token';
const KEY = 'svc_thread_key';
const BOT = 'github-actions[bot]';

let github: FakeGitHub;
useFakeGitHubApi(TOKEN, (started) => (github = started));

async function thread(issueNumber = 1) {
  const log = memoryLogger();
  const octokit = await createOctokit(TOKEN, log, {
    retryDelayMs: 1,
    requestTimeoutMs: 2_000,
    rateLimitWaitMs: 1,
    deadline: Date.now() + 5_000,
  });
  const made = new IssueThread(octokit, { owner: github.owner, repo: github.repo, issueNumber }, log, KEY);
  return { thread: made, log };
}

const warnings = (log: { lines: string[] }) => log.lines.filter((line) => line.startsWith('warning: '));
const listings = () => github.calls.filter((call) => call.method === 'GET' && call.path.endsWith('/comments'));
const ask = (made: IssueThread, question: string, threadId = 'thread_1') =>
  renderMarker({ kind: 'ask', threadId, question }, made.scope);

test('reads the comments once per run, and keeps the ones it writes', async () => {
  const { thread: made } = await thread();
  github.addComment(1, 'a person says hi', 'octocat');
  await made.comments();
  const { id } = await made.create(`${ask(made, 'c1')}\nthe answer`);
  expect((await made.signed('ask')).map((found) => found.id)).toEqual([id]);
  expect(listings()).toHaveLength(1);
  await made.comments({ fresh: true });
  expect(listings()).toHaveLength(2);
});

test('believes only signed markers a bot wrote, of the kind asked for', async () => {
  const { thread: made } = await thread();
  const marker = ask(made, 'c1');
  github.addComment(1, `${marker}\ncopied by a person`, 'mallory');
  github.addComment(
    1,
    `${renderMarker({ kind: 'ask', threadId: 'x', question: 'c1' }, { ...made.scope, issueNumber: 2 })}\nfrom #2`,
    BOT,
  );
  const own = github.addComment(1, `${marker}\nours`, BOT);
  expect((await made.signed('ask')).map((found) => found.id)).toEqual([own.id]);
  expect(await made.signed('progress')).toEqual([]);
});

test(`reads at most ${MAX_COMMENT_PAGES} pages: the first and the newest, and says what it left out`, async () => {
  const { thread: made, log } = await thread();
  const pages = MAX_COMMENT_PAGES + 3;
  for (let n = 0; n < pages * 100 - 1; n++) github.addComment(1, `comment ${n}`, 'octocat');
  const newest = github.addComment(1, `${ask(made, 'c7')}\nthe latest answer`, BOT);
  const oldest = github.comments(1)[0];
  const comments = await made.comments();
  expect(listings()).toHaveLength(MAX_COMMENT_PAGES);
  expect(comments[0]?.id).toBe(oldest?.id);
  expect(comments.at(-1)?.id).toBe(newest.id);
  expect(comments).toHaveLength(MAX_COMMENT_PAGES * 100);
  expect((await made.signed('ask')).map((found) => found.id)).toEqual([newest.id]);
  expect(warnings(log).join('\n')).toMatch(/more than 1000 comments: comments 101 to 400 are not read/);
});

test('an issue within the bound is read whole, page by page', async () => {
  const { thread: made, log } = await thread();
  for (let n = 0; n < 250; n++) github.addComment(1, `comment ${n}`, 'octocat');
  expect(await made.comments()).toHaveLength(250);
  expect(listings()).toHaveLength(3);
  expect(warnings(log)).toEqual([]);
});

test('a reaction is a claim: created the first time, there already the next', async () => {
  const { thread: made } = await thread();
  const asked = github.addComment(1, '/docs do it', 'octocat');
  const subject = { kind: 'comment' as const, id: asked.id };
  const first = await made.react('eyes', subject);
  expect(first.created).toBe(true);
  expect((await made.react('eyes', subject)).created).toBe(false);
  await made.unreact(subject, first.id);
  expect((await made.react('eyes', subject)).created).toBe(true);
});

describe('live comment', () => {
  test('edits at most every interval, then once more at the end', async () => {
    let now = 0;
    const { thread: made } = await thread();
    const live = made.live({ intervalMs: 1_000, now: () => now, what: 'the answer' });
    live.update(() => `${ask(made, 'c1')}\none`);
    live.update(() => `${ask(made, 'c1')}\ntwo`);
    now = 1_000;
    live.update(() => `${ask(made, 'c1')}\nthree`);
    await live.finish(`${ask(made, 'c1')}\nfour`);
    const writes = github.calls.filter((call) => call.method !== 'GET').map((call) => call.method);
    expect(writes).toEqual(['POST', 'PATCH', 'PATCH']);
    expect(github.comments(1).map((comment) => comment.body.split('\n')[1])).toEqual(['four']);
  });

  test('after a create that failed, finds the comment it made by its signed marker', async () => {
    const { thread: made, log } = await thread();
    // A create that reached GitHub but whose answer was lost: this run saw it fail.
    const body = `${ask(made, 'c1', '')}\nstart`;
    github.addComment(1, body, BOT);
    const live = made.live({ intervalMs: 0, now: () => Date.now(), what: 'the answer' });
    const create = made.create.bind(made);
    let failures = 1;
    made.create = async (text) => (failures-- > 0 ? Promise.reject(new Error('socket hang up')) : create(text));
    await live.finish(body);
    expect(warnings(log).join()).toContain('Could not write the answer on #1: socket hang up');
    await live.finish(`${ask(made, 'c1')}\nthe whole answer`);
    expect(github.comments(1).map((comment) => comment.body.split('\n')[1])).toEqual(['the whole answer']);
  });

  test('after a create that failed, never takes a comment whose marker only looks the same', async () => {
    const { thread: made } = await thread();
    // Another workflow's answer to the same question, signed with another key: not this run's.
    const other = renderMarker({ kind: 'ask', threadId: 'thread_1', question: 'c1' }, { ...made.scope, key: 'svc_x' });
    github.addComment(1, `${other}\nanother workflow's answer`, BOT);
    const live = made.live({ intervalMs: 0, now: () => Date.now(), what: 'the answer' });
    const create = made.create.bind(made);
    let failures = 1;
    made.create = async (text) => (failures-- > 0 ? Promise.reject(new Error('socket hang up')) : create(text));
    await live.finish(`${ask(made, 'c1')}\nstart`);
    await live.finish(`${ask(made, 'c1')}\nthe whole answer`);
    const bodies = github.comments(1).map((comment) => comment.body.split('\n')[1]);
    expect(bodies).toEqual(["another workflow's answer", 'the whole answer']);
  });
});
