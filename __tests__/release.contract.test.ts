/**
 * Docs that ship with the release (`ready-when: released`, docs/pull-requests.md), against the
 * service emulator and the fake GitHub, whose history has merge commits, tags and releases and
 * compares by ancestry. Three code pull requests (#11–#13) each get a docs pull request (#1–#3, in
 * the same repository) from the emulator's jobs. The steps run in-process (support/in-process.ts);
 * the shipped dist/, as the runner runs it, plays the sweep after a release here and the whole
 * sequence of the first test in the demo (`npm run demo -- release`, demo.test.ts).
 */
import { startEmulator, startFakeGitHub, type Emulator, type FakeGitHub } from './support/emulators.ts';
import { AWAITING_RELEASE_LABEL } from '../src/github/awaiting-release.ts';
import { GITHUB_TOKEN, webhookPayload, type RunResult } from './support/runner.ts';
import {
  closeServices,
  createRequests,
  errorLine,
  expectClean,
  resetServices,
  runAgainst,
  runStepAgainst,
  scheduleEvent,
} from './support/services.ts';

let emulator: Emulator;
let github: FakeGitHub;

beforeAll(async () => {
  [emulator, github] = await Promise.all([
    startEmulator({ repository: 'https://github.com/Codertocat/Hello-World' }),
    startFakeGitHub({ token: GITHUB_TOKEN }),
  ]);
});
afterAll(() => closeServices({ emulator, github }));
beforeEach(() => resetServices({ emulator, github }));
afterEach(() => {
  expect(github.violations).toEqual([]);
  expect(github.unimplemented).toEqual([]);
});

const CODES = [11, 12, 13];
const RELEASED = { 'pull-requests': 'follow', 'ready-when': 'released' };

/** A real pull_request payload for `action`, describing the fake's pull request `number` as it is now. */
function pullEvent(number: number, action: string) {
  const payload = webhookPayload('pull_request', action);
  const pull = github.pullRequest(number);
  Object.assign(payload.pull_request, {
    number,
    draft: pull.draft,
    merged: pull.merged,
    state: pull.state,
    labels: [],
  });
  payload.number = number;
  payload.pull_request.head.sha = pull.headSha;
  payload.pull_request.base.sha = pull.baseSha;
  return { name: 'pull_request', payload };
}

/** A real release payload for the fake's release of `tag`. */
function releaseEvent(
  release: { tag_name: string; prerelease: boolean; published_at: string | null },
  action = 'published',
) {
  const payload = webhookPayload('release', action);
  Object.assign(payload.release, {
    ...release,
    draft: false,
    html_url: `https://github.com/Codertocat/Hello-World/releases/tag/${release.tag_name}`,
  });
  return { name: 'release', payload };
}

type Run = (options: {
  event: { name: string; payload: unknown };
  inputs: Record<string, string>;
}) => Promise<RunResult>;
const shipped: Run = (options) => runAgainst({ emulator, github }, options);
const cheapest: Run = (options) => runStepAgainst({ emulator, github }, options);

/** Opens and merges the three code pull requests with `inputs`; returns their merge commits. */
async function openAndMerge(run: Run, inputs: Record<string, string>, between: (index: number) => void = () => {}) {
  for (const code of CODES) {
    const opened = pullEvent(code, 'opened');
    github.seedEvent(opened.payload);
    expect((await run({ event: opened, inputs })).code).toBe(0);
  }
  const merges: string[] = [];
  for (const [index, code] of CODES.entries()) {
    merges.push(github.merge(code));
    const merged = await run({ event: pullEvent(code, 'closed'), inputs });
    expect(merged.code).toBe(0);
    expectClean(merged);
    between(index);
  }
  return merges;
}

const botComments = (number: number) => github.comments(number).filter((comment) => comment.user.type === 'Bot');
const drafts = () => [1, 2, 3].map((docs) => github.pullRequest(docs).draft);
const serviceCalls = () => emulator.requests.length;

describe('ready-when: released', () => {
  test('merged code leaves draft docs PRs; a prerelease makes none ready; the release makes the two it contains ready', async () => {
    const merges = await openAndMerge(cheapest, RELEASED, (index) => {
      // The release's tag is cut after the second merge: it contains #11 and #12, not #13.
      if (index === 1) github.tag('v1.0.0');
    });
    expect(drafts()).toEqual([true, true, true]);
    for (const [index, docs] of [1, 2, 3].entries()) {
      expect(github.labels(docs)).toContain(AWAITING_RELEASE_LABEL);
      const told = botComments(docs).map((comment) => comment.body);
      expect(told).toEqual([expect.stringContaining(`pull/${CODES[index]} was merged`)]);
      expect(told[0]).toContain(`release contains commit ${merges[index]!.slice(0, 7)}`);
      const head = github.pullRequest(CODES[index]!).headSha;
      expect(github.checkRuns(head)[0]).toMatchObject({
        conclusion: 'success',
        title: `docs PR #${docs}, waiting for a release`,
      });
    }
    expect(createRequests(emulator)).toHaveLength(3);

    const before = serviceCalls();
    const rc = github.release({ tag: 'v1.0.0-rc.1', prerelease: true });
    const prerelease = await cheapest({ event: releaseEvent(rc), inputs: RELEASED });
    expect(prerelease.code).toBe(0);
    expect(prerelease.outputs.status).toBe('skipped');
    expect(prerelease.stdout).toContain("set 'include-prereleases: true'");
    expect(drafts()).toEqual([true, true, true]);

    const released = await cheapest({ event: releaseEvent(github.release({ tag: 'v1.0.0' })), inputs: RELEASED });
    expect(released.code).toBe(0);
    expectClean(released);
    expect(released.outputs).toMatchObject({
      status: 'released',
      message: 'Release v1.0.0: 2 docs pull request(s) marked ready, 1 still waiting.',
    });
    expect(drafts()).toEqual([false, false, true]);
    for (const docs of [1, 2]) {
      const last = botComments(docs).at(-1)!.body;
      expect(last).toContain('Released in [v1\\.0\\.0](https://github.com/Codertocat/Hello-World/releases/tag/v1.0.0)');
      expect(github.labels(docs)).not.toContain(AWAITING_RELEASE_LABEL);
    }
    expect(botComments(3)).toHaveLength(1);
    expect(github.labels(3)).toContain(AWAITING_RELEASE_LABEL);
    // No agent work: a release run sends the service nothing.
    expect(serviceCalls()).toBe(before);
  });

  test('a sweep after a release no run listened to does what the release run would have', async () => {
    await openAndMerge(cheapest, RELEASED, (index) => {
      if (index === 1) github.tag('v2.0.0');
    });
    github.release({ tag: 'v2.0.0' });
    const before = createRequests(emulator).length;
    const swept = await shipped({ event: scheduleEvent(), inputs: { mode: 'sweep', 'ready-when': 'released' } });
    expect(swept.code).toBe(0);
    expectClean(swept);
    expect(drafts()).toEqual([false, false, true]);
    expect(botComments(1).at(-1)!.body).toMatch(
      /^Released in \[v2\\\.0\\\.0\]\(http:\/\/127\.0\.0\.1:\d+\/Codertocat\/Hello-World\/releases\/tag\/v2\.0\.0\)/,
    );
    expect(createRequests(emulator)).toHaveLength(before);
    // A second sweep finds nothing more to do (in this process: what dist/ does is shown above).
    expect((await cheapest({ event: scheduleEvent(), inputs: { mode: 'sweep', 'ready-when': 'released' } })).code).toBe(
      0,
    );
    expect(botComments(1).filter((comment) => comment.body.startsWith('Released in'))).toHaveLength(1);
  });

  test('ready-when: merged (the default) marks the docs PR ready at the merge, as always', async () => {
    await openAndMerge(cheapest, { 'pull-requests': 'follow' });
    expect(drafts()).toEqual([false, false, false]);
    for (const docs of [1, 2, 3]) expect(github.labels(docs)).not.toContain(AWAITING_RELEASE_LABEL);
    const released = await cheapest({
      event: releaseEvent(github.release({ tag: 'v3.0.0' })),
      inputs: { 'pull-requests': 'follow' },
    });
    expect(released.outputs.status).toBe('skipped');
  });

  test('edges: a backport release holds no newer merge; a merge on another branch waits; closed by hand leaves the index', async () => {
    // A maintenance line cut before any of the merges, with a fix of its own.
    github.commit('release/0.9', 'Fix a crash');
    for (const code of CODES) {
      const opened = pullEvent(code, 'opened');
      github.seedEvent(opened.payload);
      expect((await cheapest({ event: opened, inputs: RELEASED })).code).toBe(0);
    }
    // #12 merges into a branch that is not the release's target.
    for (const code of CODES) {
      github.merge(code, code === 12 ? { into: 'next' } : {});
      expect((await cheapest({ event: pullEvent(code, 'closed'), inputs: RELEASED })).code).toBe(0);
    }
    github.updatePullRequest(1, { state: 'closed' });

    const backport = github.release({ tag: 'v0.9.1', target: 'release/0.9' });
    const older = await cheapest({ event: releaseEvent(backport), inputs: RELEASED });
    expect(older.outputs.message).toBe('Release v0.9.1: 0 docs pull request(s) marked ready, 2 still waiting.');
    // Closed by hand while it waited: left closed, out of the index.
    expect(github.pullRequest(1).state).toBe('closed');
    expect(github.labels(1)).not.toContain(AWAITING_RELEASE_LABEL);
    expect(drafts().slice(1)).toEqual([true, true]);

    const main = await cheapest({ event: releaseEvent(github.release({ tag: 'v1.0.0' })), inputs: RELEASED });
    expect(main.outputs.message).toBe('Release v1.0.0: 1 docs pull request(s) marked ready, 1 still waiting.');
    expect(drafts().slice(1)).toEqual([true, false]);
    expect(github.labels(2)).toContain(AWAITING_RELEASE_LABEL);
  });

  test('a release event in a workflow that does not follow pull requests is skipped with a notice', async () => {
    const result = await cheapest({ event: releaseEvent(github.release({ tag: 'v9.0.0' })), inputs: {} });
    expect(result.code).toBe(0);
    expect(result.outputs.status).toBe('skipped');
    expect(result.stdout).toMatch(/::notice::/);
    expect(createRequests(emulator)).toEqual([]);
  });

  test('a wrong ready-when is named with its fix, but only after the releaser passed', async () => {
    const release = github.release({ tag: 'v4.0.0' });
    const inputs = { ...RELEASED, 'ready-when': 'shipped' };
    const failed = await cheapest({ event: releaseEvent(release), inputs });
    expect(failed.code).toBe(1);
    expect(errorLine(failed)).toContain("Invalid 'ready-when' 'shipped': expected merged or released");
    github.setPermission('Codertocat', 'read');
    const outsider = await cheapest({ event: releaseEvent(release), inputs });
    expect(outsider.code).toBe(0);
    expect(outsider.outputs.status).toBe('skipped');
    expect(outsider.everything).not.toContain('ready-when');
  });
});

describe('a release run, its options and edges', () => {
  /** Three merged code pull requests waiting; the tag `tag` cut after the second merge. */
  async function twoOfThree(tag: string, inputs: Record<string, string> = RELEASED) {
    await openAndMerge(cheapest, inputs, (index) => {
      if (index === 1) github.tag(tag);
    });
    return releaseEvent(github.release({ tag }));
  }

  test('auto-merge: enabled where the repository allows it; one warning where it does not', async () => {
    const inputs = { ...RELEASED, 'auto-merge': 'true' };
    const event = await twoOfThree('v1.1.0', inputs);
    const refused = await cheapest({ event, inputs });
    expect(refused.code).toBe(0);
    expect(refused.stdout.match(/::warning::Could not enable auto-merge/g)).toHaveLength(1);
    expect(drafts()).toEqual([false, false, true]);

    resetServices({ emulator, github });
    github.allowAutoMerge(true);
    const allowed = await cheapest({ event: await twoOfThree('v1.2.0', inputs), inputs });
    expect(allowed.stdout).not.toContain('::warning::');
    expect([1, 2, 3].map((docs) => github.pullRequest(docs).autoMerge === true)).toEqual([true, true, false]);
  });

  test('a tag of markdown and HTML (git allows them) is refused at the door: skipped, nothing written', async () => {
    const result = await cheapest({ event: await twoOfThree('v1.4.0`<img src=x>**@octocat**'), inputs: RELEASED });
    expect(result.code).toBe(0);
    expect(result.outputs.status).toBe('skipped');
    expect(result.stdout).toContain('::notice::Nothing to do: the release names no tag this action can show.');
    expect(drafts()).toEqual([true, true, true]);
    for (const docs of [1, 2, 3]) {
      expect(github.comments(docs).some((comment) => comment.body.includes('octocat'))).toBe(false);
    }
  });

  test('release-follow-up: true sends each released job one follow-up naming the tag', async () => {
    const inputs = { ...RELEASED, 'release-follow-up': 'true' };
    const event = await twoOfThree('v1.3.0', inputs);
    const before = emulator.requests.length;
    expect((await cheapest({ event, inputs })).code).toBe(0);
    const sent = emulator.requests.slice(before).filter((request) => request.method === 'POST');
    expect(sent.map((request) => (JSON.parse(request.body) as { prompt: string }).prompt)).toEqual([
      'The code of this job was released in v1.3.0.',
      'The code of this job was released in v1.3.0.',
    ]);
  });

  test('include-prereleases: true lets a prerelease make the docs it contains ready', async () => {
    const inputs = { ...RELEASED, 'include-prereleases': 'true' };
    await openAndMerge(cheapest, inputs, (index) => {
      if (index === 1) github.tag('v2.0.0-beta.1');
    });
    const beta = github.release({ tag: 'v2.0.0-beta.1', prerelease: true });
    const result = await cheapest({ event: releaseEvent(beta), inputs });
    expect(result.outputs.message).toBe('Release v2.0.0-beta.1: 2 docs pull request(s) marked ready, 1 still waiting.');
    expect(drafts()).toEqual([false, false, true]);
  });

  test('the label put on by hand makes nothing ready and is taken off', async () => {
    github.updatePullRequest(5, { draft: true, labels: [AWAITING_RELEASE_LABEL] });
    const result = await cheapest({ event: releaseEvent(github.release({ tag: 'v8.0.0' })), inputs: RELEASED });
    expect(result.outputs.message).toBe('Release v8.0.0: 0 docs pull request(s) marked ready, 0 still waiting.');
    expect(github.pullRequest(5)).toMatchObject({ draft: true, labels: [] });
    expect(github.comments(5)).toEqual([]);
  });

  test('a tag that moved is judged where it points when the release is published', async () => {
    await openAndMerge(cheapest, RELEASED, (index) => {
      if (index === 0) github.tag('v6.0.0');
    });
    // Moved past the third merge before the release was published: it holds all three.
    github.tag('v6.0.0');
    const result = await cheapest({ event: releaseEvent(github.release({ tag: 'v6.0.0' })), inputs: RELEASED });
    expect(result.outputs.message).toBe('Release v6.0.0: 3 docs pull request(s) marked ready, 0 still waiting.');
  });

  test('a docs PR marked ready by hand before the merge is left alone: no comment, no label', async () => {
    const opened = pullEvent(CODES[0]!, 'opened');
    github.seedEvent(opened.payload);
    expect((await cheapest({ event: opened, inputs: RELEASED })).code).toBe(0);
    github.updatePullRequest(1, { draft: false });
    github.merge(CODES[0]!);
    const merged = await cheapest({ event: pullEvent(CODES[0]!, 'closed'), inputs: RELEASED });
    expect(merged.code).toBe(0);
    expect(botComments(1)).toEqual([]);
    expect(github.labels(1)).not.toContain(AWAITING_RELEASE_LABEL);
    expect(github.pullRequest(1).draft).toBe(false);
  });

  test('only a published, non-draft release counts; docs in another repository need docs-token', async () => {
    const event = await twoOfThree('v7.0.0');
    const created = releaseEvent(github.release({ tag: 'v7.0.0' }), 'created');
    const skipped = await cheapest({ event: created, inputs: RELEASED });
    expect(skipped.outputs.status).toBe('skipped');
    expect(skipped.stdout).toContain("only 'published' does");
    const elsewhere = await cheapest({ event, inputs: { ...RELEASED, 'docs-repository': 'acme/docs' } });
    expect(elsewhere.outputs.message).toContain("no token here may write to acme/docs: set 'docs-token'");
    expect(drafts()).toEqual([true, true, true]);
  });

  test('ready-when: released with draft-until-merged: false is an input error that names both', async () => {
    const opened = pullEvent(CODES[0]!, 'opened');
    github.seedEvent(opened.payload);
    const result = await cheapest({ event: opened, inputs: { ...RELEASED, 'draft-until-merged': 'false' } });
    expect(result.code).toBe(1);
    expect(errorLine(result)).toContain("'ready-when: released' needs 'draft-until-merged: true'");
    expect(createRequests(emulator)).toEqual([]);
  });
});
