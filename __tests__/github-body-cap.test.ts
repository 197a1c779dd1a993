// In a file of its own: @actions/github reads GITHUB_API_URL once, when it is first imported.
import { createServer } from 'node:http';
import { cappedFetch, GITHUB_BODY_LIMIT } from '../src/github/capped-fetch.ts';
import { createOctokit } from '../src/github/octokit.ts';

describe("GitHub's bodies are read with a cap", () => {
  /** A GitHub that answers 200 with a JSON array that never ends, counting what it could write before the client hung up. */
  async function endlessGitHub(): Promise<{ url: string; written: () => number; close: () => Promise<void> }> {
    let written = 0;
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = `${'{"id":1,"body":"x"},'.repeat(3_000)}`;
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      res.write('[');
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    return {
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      written: () => written,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }

  test('an endless page is refused past the cap, and not read to its end', async () => {
    const github = await endlessGitHub();
    const saved = process.env.GITHUB_API_URL;
    process.env.GITHUB_API_URL = github.url;
    try {
      const octokit = await createOctokit(
        'ghs_token',
        { info: () => {}, notice: () => {}, warning: () => {}, debug: () => {} },
        {
          retryDelayMs: 1,
          rateLimitWaitMs: 1,
          requestTimeoutMs: 30_000,
          // Far off: past the deadline a call gets only a 2 s floor, which a loaded machine can
          // spend reading the 32 MiB up to the cap, and the call would end as a timeout instead.
          deadline: Date.now() + 60_000,
        },
      );
      await expect(octokit.rest.issues.listComments({ owner: 'o', repo: 'r', issue_number: 1 })).rejects.toThrow(
        `GitHub answered with a body over ${GITHUB_BODY_LIMIT / 1024 / 1024} MiB`,
      );
      // A bound on the work done: the socket buffers' worth past the cap at most, not the endless rest.
      expect(github.written()).toBeLessThan(GITHUB_BODY_LIMIT + 16 * 1024 * 1024);
    } finally {
      if (saved === undefined) delete process.env.GITHUB_API_URL;
      else process.env.GITHUB_API_URL = saved;
      await github.close();
    }
  }, 30_000);

  test('a declared length over the cap is refused before the body is read', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2_048) });
      res.end('x'.repeat(2_048));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      await expect(cappedFetch(fetch, 1_024)(url)).rejects.toThrow('a body over 0 MiB');
      const small = await cappedFetch(fetch, 4_096)(url);
      expect([small.status, small.url, (await small.text()).length]).toEqual([200, `${url}/`, 2_048]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
