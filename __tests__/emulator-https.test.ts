/**
 * The https option of the service emulator and the fake GitHub: with a key and certificate they
 * serve TLS, and their `url` says https. The proxy contract test relies on it.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { startEmulator } from '../emulator/index.ts';
import { startFakeGitHub } from '../emulator/github/index.ts';
import { ROOT } from './support/runner.ts';

const TLS_DIR = join(ROOT, '__tests__/fixtures/tls');
const tls = { key: readFileSync(join(TLS_DIR, 'key.pem')), cert: readFileSync(join(TLS_DIR, 'cert.pem')) };

/** GET over TLS, trusting only the test certificate, under one of the names it is made out to. */
function get(url: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, ca: tls.cert, servername: 'service.test' }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject).end();
  });
}

test('the service emulator serves https when given a key and certificate', async () => {
  const emulator = await startEmulator({ tls });
  try {
    expect(emulator.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const reply = await get(emulator.url, '/v2/agent/docs/job/unknown');
    expect(reply.status).toBe(401);
    expect(emulator.requests.map((r) => r.path)).toEqual(['/v2/agent/docs/job/unknown']);
  } finally {
    await emulator.close();
  }
});

test('the fake GitHub serves https when given a key and certificate', async () => {
  const github = await startFakeGitHub({ tls });
  try {
    expect(github.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const reply = await get(github.url, '/repos/Codertocat/Hello-World/issues/1/comments');
    expect(reply.status).toBe(401);
    expect(github.calls.map((c) => c.path)).toEqual(['/repos/Codertocat/Hello-World/issues/1/comments']);
  } finally {
    await github.close();
  }
});

test('without them both still serve plain http', async () => {
  const [emulator, github] = await Promise.all([startEmulator(), startFakeGitHub()]);
  await Promise.all([emulator.close(), github.close()]);
  expect([emulator.url, github.url]).toEqual([
    expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
  ]);
});
