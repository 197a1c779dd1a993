/**
 * Behind a proxy, as on a self-hosted runner in a company network: the shipped dist/ must send
 * both the service's requests and Octokit's through `https_proxy`. This is also the run that
 * loads undici (dist/undici.cjs) through the bundle's stand-in, so a stand-in that lost a name
 * fails here. The services are https with a test-only certificate (trusted through
 * NODE_EXTRA_CA_CERTS) and are reached under made-up host names that only the proxy resolves,
 * so http-client's bypass for loopback addresses does not apply and a direct connection fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator, startFakeGitHub, type Emulator, type FakeGitHub } from './support/emulators.ts';
import { GITHUB_TOKEN, ROOT, webhookPayload } from './support/runner.ts';
import { startConnectProxy, type ConnectProxy } from './support/connect-proxy.ts';
import { expectClean, resetServices, runAgainst } from './support/services.ts';

const TLS_DIR = join(ROOT, '__tests__/fixtures/tls');
const tls = { key: readFileSync(join(TLS_DIR, 'key.pem')), cert: readFileSync(join(TLS_DIR, 'cert.pem')) };

let emulator: Emulator;
let github: FakeGitHub;
let proxy: ConnectProxy;

beforeAll(async () => {
  [emulator, github, proxy] = await Promise.all([
    startEmulator({ tls }),
    startFakeGitHub({ token: GITHUB_TOKEN, tls }),
    startConnectProxy({ 'service.test': '127.0.0.1', 'github.test': '127.0.0.1' }),
  ]);
});
afterAll(() => Promise.all([emulator.close(), github.close(), proxy.close()]));
beforeEach(() => {
  resetServices({ emulator, github });
  proxy.connects.length = 0;
  proxy.refused.length = 0;
});

/** The same service under the name only the proxy knows. */
const viaName = (url: string, name: string): string => url.replace('127.0.0.1', name);

function commentEvent(body: string): { name: string; payload: Record<string, any> } {
  const payload = webhookPayload('issue_comment', 'created');
  const seeded = github.addComment(payload.issue.number, body, 'Codertocat');
  payload.comment.id = seeded.id;
  payload.comment.body = body;
  payload.comment.user = { ...payload.comment.user, login: seeded.user.login, type: seeded.user.type };
  return { name: 'issue_comment', payload };
}

function runBehindProxy(event?: { name: string; payload: unknown }, proxyVariable = 'https_proxy') {
  return runAgainst(
    { emulator, github },
    {
      ...(event ? { event } : {}),
      inputs: {
        'base-url': viaName(emulator.url, 'service.test'),
        ...(event ? {} : { prompt: 'Document the new --verbose flag' }),
      },
      env: {
        GITHUB_API_URL: viaName(github.url, 'github.test'),
        [proxyVariable]: proxy.url,
        NODE_EXTRA_CA_CERTS: join(TLS_DIR, 'cert.pem'),
      },
    },
  );
}

describe('behind an https proxy', () => {
  test('the service client and Octokit both go through the proxy', async () => {
    const result = await runBehindProxy(commentEvent('/docs document the new --verbose flag'));
    expectClean(result);
    expect(result.code).toBe(0);
    expect(result.outputs.status).toBe('completed');

    const servicePort = new URL(emulator.url).port;
    const githubPort = new URL(github.url).port;
    expect(proxy.refused).toEqual([]);
    expect(proxy.connects).toContain(`service.test:${servicePort}`);
    expect(proxy.connects).toContain(`github.test:${githubPort}`);
    expect(new Set(proxy.connects)).toEqual(new Set([`service.test:${servicePort}`, `github.test:${githubPort}`]));

    // What went through the tunnels reached the services and did the work.
    expect(emulator.jobsCreated()).toBe(1);
    const [job] = emulator.jobs();
    const progress = github.comments(1).find((comment) => comment.user.type === 'Bot');
    expect(progress?.body).toContain(`<${job?.prLink}>`);
    expect(github.violations).toEqual([]);
  });

  test('HTTPS_PROXY in capitals works too, for a run that reports nowhere', async () => {
    const result = await runBehindProxy(undefined, 'HTTPS_PROXY');
    expectClean(result);
    expect(result.code).toBe(0);
    expect(result.outputs.status).toBe('completed');
    expect(proxy.connects.length).toBeGreaterThan(0);
    expect(new Set(proxy.connects)).toEqual(new Set([`service.test:${new URL(emulator.url).port}`]));
  });
});
