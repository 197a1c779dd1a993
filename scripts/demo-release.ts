/**
 * `npm run demo -- release`: docs that ship with the release (`ready-when: released`), offline. The
 * committed dist/index.js runs as the runner runs it: three code pull requests (#11–#13) opened and
 * merged, each with a docs pull request (#1–#3, the emulator's jobs, in the same repository) that
 * stays a draft; the tag v1.0.0 cut after the second merge; the `release: published` run marks the
 * two docs pull requests it contains ready, and the third stays a draft. Real payloads from
 * @octokit/webhooks-examples, edited to the fake's commits.
 */
import { startFakeGitHub, type FakeGitHub } from '../emulator/github/index.ts';
import { startEmulator } from '../emulator/index.ts';
import { API_KEY, GITHUB_TOKEN, runAction, webhookPayload } from '../__tests__/support/runner.ts';

const CODES = [11, 12, 13];

function pullEvent(github: FakeGitHub, number: number, action: string) {
  const payload = webhookPayload('pull_request', action);
  const pull = github.pullRequest(number);
  Object.assign(payload.pull_request, {
    number,
    labels: [],
    draft: pull.draft,
    merged: pull.merged,
    state: pull.state,
    title: `Feature ${number}`,
  });
  payload.number = number;
  const sides = payload.pull_request as { head: { sha: string }; base: { sha: string } };
  sides.head.sha = pull.headSha;
  sides.base.sha = pull.baseSha;
  return { name: 'pull_request', payload };
}

function show(github: FakeGitHub): void {
  for (const docs of [1, 2, 3]) {
    const pull = github.pullRequest(docs);
    const labels = github.labels(docs).filter((name) => name.includes('awaiting'));
    console.log(`Docs pull request #${docs}: ${pull.draft ? 'draft' : 'ready for review'} ${labels.join(', ')}`);
  }
}

export async function playRelease(speed = 10): Promise<number> {
  const [emulator, github] = await Promise.all([
    startEmulator({
      repository: 'https://github.com/Codertocat/Hello-World',
      job: { durationMs: 10_000 / speed, outcome: 'pr' },
    }),
    startFakeGitHub({ token: GITHUB_TOKEN }),
  ]);
  github.setPermission('Codertocat', 'write');
  const inputs = {
    'pull-requests': 'follow',
    'ready-when': 'released',
    'project-id': 'demo-project',
    'api-key': API_KEY,
    'base-url': emulator.url,
  };
  const step = async (title: string, event: { name: string; payload: unknown }): Promise<number> => {
    console.log(`\n═══ ${title} ${'═'.repeat(40)}\n`);
    const result = await runAction({
      event,
      inputs,
      env: { GITHUB_API_URL: github.url, DOCS_AGENT_DELAY_SCALE: String(1 / speed), RUNNER_DEBUG: '' },
      echo: (chunk) =>
        process.stdout.write(chunk.replace(/^::(add-mask|debug)::.*\n?/gm, '').replace(/^(?=.)/gm, '  log │ ')),
      killAfterMs: 120_000,
    });
    console.log(`\nExit code: ${result.code}; outputs: ${JSON.stringify(result.outputs)}`);
    return result.code ?? 1;
  };
  try {
    let code = 0;
    for (const number of CODES) {
      const opened = pullEvent(github, number, 'opened');
      github.seedEvent(opened.payload);
      if (code === 0) code = await step(`Pull request #${number} opened`, opened);
    }
    for (const number of CODES) {
      github.merge(number);
      if (code === 0)
        code = await step(`#${number} merged: its docs wait for a release`, pullEvent(github, number, 'closed'));
      // The release's tag is cut after the second merge.
      if (number === 12) github.tag('v1.0.0');
    }
    show(github);
    const release = github.release({ tag: 'v1.0.0' });
    const payload = webhookPayload('release', 'published');
    Object.assign(payload.release, {
      ...release,
      html_url: `https://github.com/Codertocat/Hello-World/releases/tag/${release.tag_name}`,
    });
    const before = emulator.requests.length;
    if (code === 0) code = await step('v1.0.0 published: it contains #11 and #12', { name: 'release', payload });
    show(github);
    const onDocs = github
      .comments(1)
      .filter((c) => c.user.type === 'Bot')
      .map((c) => c.body);
    console.log(`\nComments on the docs pull request #1:\n  ${onDocs.join('\n  ')}`);
    console.log(`\nRequests the service received during the release run: ${emulator.requests.length - before}`);
    return code;
  } finally {
    await Promise.all([emulator.close(), github.close()]);
  }
}
