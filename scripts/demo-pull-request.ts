/**
 * `npm run demo -- pull-request`: the life of one code pull request under `pull-requests: follow`,
 * offline. The committed dist/index.js runs as the runner runs it for four real `pull_request`
 * events (@octokit/webhooks-examples, edited to the fake's commits): opened, two pushes, merged.
 * It prints each run's log, the progress comment, the Docs check of each head, the docs pull
 * request's draft state and comments, and what the service received. The docs live in the same
 * repository as the code (the emulator's jobs open pull request #1 there), so `github-token` does it.
 */
import { startFakeGitHub, type FakeGitHub } from '../emulator/github/index.ts';
import { startEmulator } from '../emulator/index.ts';
import { API_KEY, GITHUB_TOKEN, runAction, webhookPayload } from '../__tests__/support/runner.ts';

const CODE = 2;
const DOCS = 1;

/** A real pull_request payload describing the fake's pull request as it is now. */
function pullEvent(github: FakeGitHub, action: string, before?: string) {
  const payload = webhookPayload('pull_request', action);
  const pull = github.pullRequest(CODE);
  Object.assign(payload.pull_request, {
    number: CODE,
    labels: [],
    draft: pull.draft,
    merged: pull.merged,
    state: pull.state,
    title: 'Add a --verbose flag to the CLI',
    body: 'Prints every request the CLI makes.',
  });
  payload.number = CODE;
  const sides = payload.pull_request as { head: { sha: string }; base: { sha: string } };
  sides.head.sha = pull.headSha;
  sides.base.sha = pull.baseSha;
  if (before) payload.before = before;
  return { name: 'pull_request', payload };
}

function show(github: FakeGitHub): void {
  const comment = github.comments(CODE).find((c) => c.user.type === 'Bot');
  if (comment)
    console.log(
      `\n┌── progress comment on #${CODE} ${'─'.repeat(30)}\n${comment.body.replace(/^/gm, '│ ')}\n└${'─'.repeat(50)}`,
    );
  for (const check of github.checkRuns().reverse()) {
    const state = check.conclusion ?? check.status;
    console.log(`Check '${check.name}' on ${check.head_sha.slice(0, 12)}: ${state} · ${check.title ?? ''}`);
  }
  const docs = github.pullRequest(DOCS);
  console.log(`Docs pull request #${DOCS}: ${docs.state}${docs.draft ? ', draft' : ''}`);
}

export async function playPullRequest(speed = 10): Promise<number> {
  const [emulator, github] = await Promise.all([
    startEmulator({
      repository: 'https://github.com/Codertocat/Hello-World',
      // The agent works 30 s at real speed, as in the comment scenario: 3 s at the default --speed 10.
      job: { durationMs: 30_000 / speed, outcome: 'pr' },
    }),
    startFakeGitHub({ token: GITHUB_TOKEN }),
  ]);
  github.setPermission('Codertocat', 'write');
  github.setPullFiles(CODE, [{ filename: 'src/cli.ts', status: 'modified', additions: 12, deletions: 2 }]);
  const step = async (title: string, event: { name: string; payload: unknown }): Promise<number> => {
    console.log(`\n═══ ${title} ${'═'.repeat(40)}\n`);
    const result = await runAction({
      event,
      inputs: { 'pull-requests': 'follow', 'project-id': 'demo-project', 'api-key': API_KEY, 'base-url': emulator.url },
      env: { GITHUB_API_URL: github.url, DOCS_AGENT_DELAY_SCALE: String(1 / speed), RUNNER_DEBUG: '' },
      echo: (chunk) =>
        process.stdout.write(chunk.replace(/^::(add-mask|debug)::.*\n?/gm, '').replace(/^(?=.)/gm, '  log │ ')),
      killAfterMs: 120_000,
    });
    console.log(`\nExit code: ${result.code}; outputs: ${JSON.stringify(result.outputs)}`);
    show(github);
    return result.code ?? 1;
  };
  try {
    const opened = pullEvent(github, 'opened');
    github.seedEvent(opened.payload);
    let code = await step(`Pull request #${CODE} opened`, opened);
    const h0 = github.pullRequest(CODE).headSha;
    github.push(CODE, {
      message: 'Rename --verbose to --loud',
      files: [{ filename: 'src/cli.ts', status: 'modified', additions: 1, deletions: 1, patch: '-  verbose\n+  loud' }],
    });
    if (code === 0) code = await step('A push: one follow-up to the same job', pullEvent(github, 'synchronize', h0));
    const h1 = github.pullRequest(CODE).headSha;
    github.push(CODE, {
      message: 'Document the flag in --help',
      files: [{ filename: 'src/help.ts', status: 'modified', additions: 3, deletions: 0 }],
    });
    if (code === 0) code = await step('Another push: one more follow-up', pullEvent(github, 'synchronize', h1));
    github.updatePullRequest(CODE, { state: 'closed', merged: true });
    if (code === 0) code = await step('Merged: the docs pull request is marked ready', pullEvent(github, 'closed'));
    const onDocs = github
      .comments(DOCS)
      .filter((c) => c.user.type === 'Bot')
      .map((c) => c.body);
    console.log(`\nComments on the docs pull request #${DOCS}:\n  ${onDocs.join('\n  ') || 'none'}`);
    const calls = emulator.requests.map((r) => `${r.method} ${r.path}`).filter((line) => line.startsWith('POST'));
    console.log(
      `\nWhat the service was asked (${calls.length}): one job, one follow-up per push:\n  ${calls.join('\n  ')}`,
    );
    return code;
  } finally {
    await Promise.all([emulator.close(), github.close()]);
  }
}
