/**
 * One short round of what the action does with the emulators, run by jest.environment.js in each
 * jest worker of a measured run, before it starts V8's coverage: a job created and read on the
 * service's emulator, and the GitHub calls the modes make most (comments, reactions, permission,
 * labels, pull requests, check runs) on the fake GitHub. The emulators' code that this round
 * reaches is then compiled without coverage counters and runs at full speed for every test file
 * after it (support/markdown-html.ts says why); what it does not reach still works, compiled with
 * counters on its first use. Its servers are closed before any test starts, and nothing of it is
 * asserted: an answer that is not a success only leaves that path unwarmed.
 */
import type * as Agent from '../../emulator/index.ts';
import type * as GitHub from '../../emulator/github/index.ts';

type Hosted = Pick<typeof Agent, 'startEmulator'> & Pick<typeof GitHub, 'startFakeGitHub'>;

// The fake GitHub's default repository (emulator/github/index.ts; `gh` below uses its default
// token); any commit will do.
const R = '/repos/Codertocat/Hello-World';
const SHA = 'ffac537e6cbbf934b08745a378932722df287a53';

export async function warmEmulators({ startEmulator, startFakeGitHub }: Hosted): Promise<void> {
  let now = Date.now();
  const [agent, github] = await Promise.all([startEmulator({ now: () => now }), startFakeGitHub()]);
  const call = async (
    base: string,
    auth: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ id?: number } | undefined> => {
    const headers: Record<string, string> = { authorization: auth, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, { method, headers, body: JSON.stringify(body) });
    const text = await response.text();
    return response.ok && text !== '' ? (JSON.parse(text) as { id?: number }) : undefined;
  };
  const service = (method: string, path: string, body?: unknown) =>
    call(agent.url, 'Bearer svc_warm_up_key', method, path, body);
  const gh = (method: string, path: string, body?: unknown) =>
    call(github.url, 'token ghs_test_token', method, path, body);
  try {
    const job = await service('POST', '/v2/agent/docs/job', { prompt: 'Warm up' });
    await service('GET', `/v2/agent/docs/job/${job?.id}`);
    now += 60 * 60_000;
    await service('GET', `/v2/agent/docs/job/${job?.id}`);
    await service('GET', `/v1/agent/docs/job/${job?.id}`);

    const comment = await gh('POST', `${R}/issues/1/comments`, { body: '<!-- warm up -->\nWarm up' });
    await gh('GET', `${R}/issues/1/comments`);
    await gh('PATCH', `${R}/issues/comments/${comment?.id}`, { body: 'Warmed up' });
    const reaction = await gh('POST', `${R}/issues/comments/${comment?.id}/reactions`, { content: 'eyes' });
    await gh('DELETE', `${R}/issues/comments/${comment?.id}/reactions/${reaction?.id}`);
    await gh('POST', `${R}/issues/1/reactions`, { content: 'rocket' });
    await gh('GET', `${R}/collaborators/Codertocat/permission`);
    await gh('GET', `${R}/pulls/2`);
    await gh('GET', `${R}/pulls/2/files`);
    await gh('POST', `${R}/issues/2/labels`, { labels: ['docs-agent: in flight'] });
    await gh('DELETE', `${R}/issues/2/labels/docs-agent%3A%20in%20flight`);
    const check = await gh('POST', `${R}/check-runs`, { name: 'Docs', head_sha: SHA, status: 'in_progress' });
    await gh('PATCH', `${R}/check-runs/${check?.id}`, { status: 'completed', conclusion: 'success' });
    await gh('GET', `${R}/commits/${SHA}/check-runs`);
    await gh('GET', `${R}/issues`);
  } finally {
    await Promise.all([agent.close(), github.close()]);
  }
}
