import { claimRequest, requestKey } from '../src/github/claim.ts';
import type { Octokit } from '../src/github/octokit.ts';
import type { Logger } from '../src/base/log.ts';
import { ProgressComments, type FoundProgress } from '../src/github/progress-comment.ts';

const run = (extra: object = {}) => ({ kind: 'run' as const, request: '', forceNew: false, ...extra });
const issue = { number: 4, isPullRequest: false };

describe('request key', () => {
  test('a comment is its own request, claimed on the comment', () => {
    expect(requestKey('issue_comment', run({ commentId: 9, issue }), '77')).toEqual({
      key: 'c9',
      subject: { kind: 'comment', id: 9 },
    });
  });

  test('opened and labeled of one issue are one request, claimed on the issue', () => {
    expect(requestKey('issues', run({ issue }), '77')).toEqual({ key: 'i4', subject: { kind: 'issue', number: 4 } });
    expect(requestKey('issues', run({ issue }), '78')).toEqual(requestKey('issues', run({ issue }), '77'));
  });

  test('a merged pull request is claimed on the pull request', () => {
    expect(requestKey('pull_request', run({ issue, mergedPullRequest: 4 }), '77').key).toBe('i4');
  });

  test('a run of the workflow’s own is keyed by its run id and claims nothing', () => {
    expect(requestKey('workflow_dispatch', run({ issue }), '77')).toEqual({ key: 'r77', subject: undefined });
  });
});

describe('claim', () => {
  const target = { owner: 'o', repo: 'r', issueNumber: 4 };
  const log: Logger = { debug: () => {}, info: () => {}, notice: () => {}, warning: () => {} };
  const deleted: number[] = [];

  function octokit(answer: () => Promise<{ status: number; data: { id: number } }>): Octokit {
    const reactions = {
      createForIssueComment: answer,
      createForIssue: answer,
      deleteForIssueComment: async ({ reaction_id }: { reaction_id: number }) => void deleted.push(reaction_id),
      deleteForIssue: async ({ reaction_id }: { reaction_id: number }) => void deleted.push(reaction_id),
    };
    return { rest: { reactions } } as unknown as Octokit;
  }
  /** The request's progress comments as GitHub answers them: reactions from `octokit`, the comments `found`. */
  const progress = (github: Octokit, found: FoundProgress[] = []): ProgressComments => {
    const comments = new ProgressComments(github, target, log, 'svc_key');
    comments.find = async () => found;
    return comments;
  };
  const key = { key: 'c9', subject: { kind: 'comment' as const, id: 9 } };

  beforeEach(() => (deleted.length = 0));

  test('201: this run goes on, and may give the claim back', async () => {
    const claim = await claimRequest(
      progress(
        octokit(async () => ({ status: 201, data: { id: 5 } })),
        [],
      ),
      key,
      log,
    );
    expect(claim.kind).toBe('go');
    if (claim.kind === 'go') await claim.release();
    expect(deleted).toEqual([5]);
  });

  test('200 with the job recorded: a re-run goes on to resume it, and never gives back another run’s claim', async () => {
    const found = [{ commentId: 1, jobId: 'job_1', triggers: ['c9'] }];
    const claim = await claimRequest(
      progress(
        octokit(async () => ({ status: 200, data: { id: 5 } })),
        found,
      ),
      key,
      log,
    );
    expect(claim).toMatchObject({ kind: 'go', existing: found });
    if (claim.kind === 'go') await claim.release();
    expect(deleted).toEqual([]);
  });

  test.each([
    ['no progress comment', []],
    ['a progress comment without a job', [{ commentId: 1, jobId: '', triggers: ['c9'] }]],
    ['only another request’s job', [{ commentId: 1, jobId: 'job_1', triggers: ['c8'] }]],
  ])('200 with %s: held, a job may exist', async (_name, found) => {
    const claim = await claimRequest(
      progress(
        octokit(async () => ({ status: 200, data: { id: 5 } })),
        found,
      ),
      key,
      log,
    );
    expect(claim).toMatchObject({ kind: 'held', message: expect.stringContaining('a job may exist already') });
  });

  test('a failed claim sends nothing', async () => {
    const failing = octokit(async () => Promise.reject(Object.assign(new Error('Server Error'), { status: 502 })));
    expect(await claimRequest(progress(failing), key, log)).toMatchObject({
      kind: 'failed',
      message: expect.stringContaining('Nothing was sent to the service'),
    });
  });

  test('a token that may not react goes on unclaimed, with a warning that says GitHub refused', async () => {
    const warnings: string[] = [];
    const refusing = octokit(async () =>
      Promise.reject(
        Object.assign(new Error('Resource not accessible by integration'), {
          status: 403,
          response: { headers: { 'x-ratelimit-remaining': '4999' } },
        }),
      ),
    );
    const claim = await claimRequest(progress(refusing), key, { ...log, warning: (m) => warnings.push(m) });
    expect(claim.kind).toBe('go');
    expect(warnings.join()).toMatch(/GitHub refused the reaction .*HTTP 403.*going on unclaimed.*'issues: write'/);
  });

  test.each([
    ['a secondary limit', 'You have exceeded a secondary rate limit', { 'retry-after': '60' }],
    ['a spent quota', 'API rate limit exceeded for installation ID 1', { 'x-ratelimit-remaining': '0' }],
    ['a limit named only by its message', 'You have exceeded a secondary rate limit', {}],
  ])(
    'a 403 that is %s is no refusal: nothing is sent, and the run does not go on unclaimed',
    async (_name, said, headers) => {
      const warnings: string[] = [];
      const limited = octokit(async () =>
        Promise.reject(Object.assign(new Error(said), { status: 403, response: { headers } })),
      );
      const claim = await claimRequest(progress(limited), key, {
        ...log,
        warning: (m) => warnings.push(m),
      });
      expect(claim).toEqual({ kind: 'failed', message: expect.stringMatching(/rate limit .*Nothing was sent/) });
      expect(warnings).toEqual([]);
    },
  );
});
