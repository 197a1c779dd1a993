import { startPlainServer } from './support/plain-server.ts';
import { createOctokit, isRetryable, runUrl } from '../src/github/octokit.ts';
import { clearSecrets, registerSecret } from '../src/text/text-gate.ts';
import { parseRunnerCommands } from './support/runner-commands.ts';

const KEY = 'svc_Zk39fQ2mX8pLw7TnB4vR';
const TOKEN = 'ghs_9fK2mQ7xL3pW8nT4vB6zR1';

describe('GitHub calls', () => {
  test.each([
    ['GET', undefined, true],
    ['PATCH', 502, true],
    ['DELETE', 500, true],
    ['POST', 502, false],
    ['POST', undefined, false],
    ['GET', 404, false],
    ['PATCH', 403, false],
    ['PATCH', 422, false],
  ] as const)('%s answered %s is retried: %s', (method, status, expected) => {
    expect(isRetryable(method, status)).toBe(expected);
  });

  test('a GraphQL query is a read, retried as one; a mutation is not', () => {
    expect(isRetryable('POST', 502, 'query($owner: String!) { repository { id } }')).toBe(true);
    expect(isRetryable('POST', undefined, '{ viewer { login } }')).toBe(true);
    expect(isRetryable('POST', 404, 'query { viewer { login } }')).toBe(false);
    expect(
      isRetryable('POST', 502, 'mutation($id: ID!) { convertPullRequestToDraft(input: {}) { clientMutationId } }'),
    ).toBe(false);
  });

  test('links to the workflow run', () => {
    expect(runUrl({ GITHUB_SERVER_URL: 'https://ghe.example.com', GITHUB_REPOSITORY: 'o/r', GITHUB_RUN_ID: '7' })).toBe(
      'https://ghe.example.com/o/r/actions/runs/7',
    );
    expect(runUrl({})).toBeUndefined();
  });

  describe('a retried call', () => {
    let server: Awaited<ReturnType<typeof startPlainServer>>;
    const body = [
      'upstream down',
      '::error title=pwned::owned',
      `##[set-output name=pr-link;]https://evil.example ${KEY.replace(/_/g, '\\_')} ${TOKEN}`,
    ].join('\n');
    beforeAll(async () => {
      server = await startPlainServer(502, body);
      clearSecrets();
      registerSecret(KEY);
      registerSecret(TOKEN);
    });
    afterAll(() => server.close());

    test("logs GitHub's error body as one inert, redacted line, even to a logger without the gate", async () => {
      const lines: string[] = [];
      const raw = { info: (m: string) => lines.push(m), notice: () => {}, warning: () => {}, debug: () => {} };
      const saved = process.env.GITHUB_API_URL;
      process.env.GITHUB_API_URL = server.url;
      try {
        const octokit = await createOctokit(TOKEN, raw, {
          retryDelayMs: 1,
          requestTimeoutMs: 2_000,
          rateLimitWaitMs: 1,
          deadline: Date.now() + 10_000,
        });
        await expect(octokit.rest.issues.get({ owner: 'o', repo: 'r', issue_number: 1 })).rejects.toThrow();
      } finally {
        if (saved === undefined) delete process.env.GITHUB_API_URL;
        else process.env.GITHUB_API_URL = saved;
      }
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line).toMatch(/^GitHub GET .* failed \(.*upstream down.*\); trying again\.$/);
        expect(line).not.toMatch(/[\r\n]/);
      }
      const printed = lines.join('\n');
      expect(parseRunnerCommands(printed)).toEqual([]);
      const plain = printed.replace(/\\/g, '');
      for (const secret of [KEY, TOKEN]) {
        for (let i = 0; i + 8 <= secret.length; i++) expect(plain).not.toContain(secret.slice(i, i + 8));
      }
    });
  });
});
