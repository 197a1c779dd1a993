import { isRetryable, runUrl } from '../src/github/octokit.ts';

describe('GitHub calls', () => {
  test.each([
    ['GET', undefined, true],
    ['PATCH', 502, true],
    ['DELETE', 500, true],
    ['POST', 429, true],
    ['POST', 502, false],
    ['POST', undefined, false],
    ['GET', 404, false],
    ['PATCH', 403, false],
    ['PATCH', 422, false],
  ] as const)('%s answered %s is retried: %s', (method, status, expected) => {
    expect(isRetryable(method, status)).toBe(expected);
  });

  test('links to the workflow run', () => {
    expect(runUrl({ GITHUB_SERVER_URL: 'https://ghe.example.com', GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '7' })).toBe(
      'https://ghe.example.com/o/r/actions/runs/7',
    );
    expect(runUrl({})).toBeUndefined();
  });
});
