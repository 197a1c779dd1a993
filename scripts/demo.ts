/**
 * `npm run demo`: the action end to end on this machine. It starts the service emulator, runs the
 * committed dist/index.js as the runner would in a `uses:` step (Node 24, INPUT_ variables, the
 * runner's files), with the action's real defaults and poll schedule, and prints what a workflow
 * log would show, then the outputs and the job summary.
 *
 * `npm run demo -- comment`: the same for a `/docs …` comment on an issue, against the fake GitHub
 * API too, printing each version of the progress comment as it is written (the living plan), and
 * the notification that mentions the requester.
 *
 * `npm run demo -- ask`: ask mode instead. A question asked in an issue comment is answered by the
 * assistant emulator (a real `ai` answer stream from a small fixture documentation site) and written
 * to the fake GitHub API; a second question continues the conversation.
 */
import { ASSISTANT_KEY, DOMAIN, startAssistantEmulator } from '../emulator/assistant/index.ts';
import { startFakeGitHub } from '../emulator/github/index.ts';
import { startEmulator } from '../emulator/index.ts';
import { API_KEY, GITHUB_TOKEN, runAction, webhookPayload } from '../__tests__/support/runner.ts';

const JOB_SECONDS = 5;
/** The comment demo's job, and its waits shortened tenfold, so the plan changes a few times in 30 s. */
const COMMENT_JOB_SECONDS = 30;
const COMMENT_DELAY_SCALE = '0.1';

const mode = process.argv[2] ?? '';
if (mode !== '' && mode !== 'comment' && mode !== 'ask') {
  console.error(`Unknown demo '${mode}'. Use: npm run demo, npm run demo -- comment, or npm run demo -- ask`);
  process.exit(2);
}

/** Workflow commands as the runner's log shows them: groups folded open, masks and debug hidden. */
function asRunnerShowsIt(text: string): string {
  return text
    .split(/(?<=\n)/)
    .map((line) =>
      line
        .replace(/^::(add-mask|debug)::.*\n?$/, '')
        .replace(/^::endgroup::\n?$/, '')
        .replace(/^::group::/, '▸ ')
        .replace(/^::(error|warning|notice)::/, (_, level: string) => `${level[0]?.toUpperCase()}${level.slice(1)}: `),
    )
    .join('');
}

if (mode === 'comment') await commentDemo();
else if (mode === 'ask') await askDemo();
else await dispatchDemo();

/** A workflow_dispatch run: the log, the outputs, the summary and the requests the service received. */
async function dispatchDemo(): Promise<void> {
  const emulator = await startEmulator({ job: { durationMs: JOB_SECONDS * 1000, outcome: 'pr' } });
  console.log(
    `Documentation Agent emulator on ${emulator.url}; its jobs take ${JOB_SECONDS} s and open a pull request.\n`,
  );
  console.log('Run: Docs Agent (uses: ./) on workflow_dispatch\n');

  try {
    const result = await runAction({
      inputs: {
        prompt: 'Document the new --verbose flag of the CLI.',
        'project-id': 'demo-project',
        'api-key': API_KEY,
        'base-url': emulator.url,
      },
      // The action's own waits, not the shortened ones of the tests; a log without debug lines.
      env: { DOCS_AGENT_DELAY_SCALE: '', RUNNER_DEBUG: '' },
      echo: (text) => process.stdout.write(asRunnerShowsIt(text)),
      killAfterMs: 120_000,
    });
    console.log(`\nExit code: ${result.code}`);
    console.log('Outputs:');
    for (const [name, value] of Object.entries(result.outputs)) console.log(`  ${name}: ${value}`);
    console.log('Job summary (GITHUB_STEP_SUMMARY):');
    console.log(result.summary.replace(/^/gm, '  '));
    const calls = emulator.requests.map((r) => `${r.method} ${r.path}`);
    console.log(`Requests the service received (${calls.length}):\n  ${calls.join('\n  ')}`);
    process.exitCode = result.code ?? 1;
  } finally {
    await emulator.close();
  }
}

/** A `/docs` comment on issue #1 of a fake GitHub; every write of the bot's comments is printed as it lands. */
async function commentDemo(): Promise<void> {
  const emulator = await startEmulator({
    job: {
      durationMs: COMMENT_JOB_SECONDS * 1000,
      outcome: 'pr',
      finalMessage: 'I documented the --verbose flag in docs/cli.md and added an example.',
    },
  });
  const github = await startFakeGitHub({ token: GITHUB_TOKEN });
  github.setPermission('Codertocat', 'write');
  const payload = webhookPayload('issue_comment', 'created') as {
    issue: { number: number };
    comment: { id: number; body: string; user: Record<string, unknown> };
  };
  const body = '/docs document the new --verbose flag of the CLI';
  const seeded = github.addComment(payload.issue.number, body, 'Codertocat');
  payload.comment.id = seeded.id;
  payload.comment.body = body;
  payload.comment.user = { ...payload.comment.user, login: seeded.user.login, type: seeded.user.type };
  console.log(
    `Emulator on ${emulator.url} (jobs take ${COMMENT_JOB_SECONDS} s), fake GitHub on ${github.url}.\n` +
      `Codertocat comments on issue #1: "${body}". The action's waits are shortened tenfold ` +
      `(DOCS_AGENT_DELAY_SCALE=${COMMENT_DELAY_SCALE}).\n`,
  );
  const started = Date.now();
  const shown = new Map<number, string>();
  const watch = setInterval(() => {
    for (const comment of github.comments(1).filter((c) => c.user.type === 'Bot')) {
      if (shown.get(comment.id) === comment.body) continue;
      const what = shown.has(comment.id) ? 'edited' : 'new comment';
      shown.set(comment.id, comment.body);
      const at = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n┌── ${at} s: ${what} ${comment.id} on #1 ${'─'.repeat(30)}`);
      console.log(comment.body.replace(/^/gm, '│ '));
      console.log(`└${'─'.repeat(60)}`);
    }
  }, 50);
  try {
    const result = await runAction({
      event: { name: 'issue_comment', payload },
      inputs: { 'project-id': 'demo-project', 'api-key': API_KEY, 'base-url': emulator.url },
      env: { GITHUB_API_URL: github.url, DOCS_AGENT_DELAY_SCALE: COMMENT_DELAY_SCALE, RUNNER_DEBUG: '' },
      echo: (text) => process.stdout.write(asRunnerShowsIt(text).replace(/^(?=.)/gm, '  log │ ')),
      killAfterMs: 120_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    console.log(`\nExit code: ${result.code}`);
    console.log('Outputs:');
    for (const [name, value] of Object.entries(result.outputs)) console.log(`  ${name}: ${value}`);
    process.exitCode = result.code ?? 1;
  } finally {
    clearInterval(watch);
    await Promise.all([emulator.close(), github.close()]);
  }
}

/** Two questions asked on an issue, answered from the fixture documentation site. */
async function askDemo(): Promise<void> {
  const [assistant, github] = await Promise.all([startAssistantEmulator(), startFakeGitHub({ token: GITHUB_TOKEN })]);
  console.log(`Assistant emulator on ${assistant.url} (site '${DOMAIN}'); fake GitHub API on ${github.url}.\n`);
  try {
    github.setPermission('Codertocat', 'read');
    for (const question of ['How do I deploy the site with an access token?', 'And how do I add a custom domain?']) {
      const payload = webhookPayload('issue_comment', 'created') as {
        issue: { number: number };
        comment: { id: number; body: string };
      };
      const body = `/docs ask ${question}`;
      const seeded = github.addComment(payload.issue.number, body, 'Codertocat');
      payload.comment.id = seeded.id;
      payload.comment.body = body;
      console.log(`Run: Docs Agent (uses: ./) on issue_comment: "${body}"\n`);
      const result = await runAction({
        event: { name: 'issue_comment', payload },
        inputs: { domain: DOMAIN, 'assistant-key': ASSISTANT_KEY, 'base-url': assistant.url },
        env: { GITHUB_API_URL: github.url, DOCS_AGENT_DELAY_SCALE: '', RUNNER_DEBUG: '' },
        echo: (text) => process.stdout.write(asRunnerShowsIt(text)),
        killAfterMs: 120_000,
      });
      console.log(`\nExit code: ${result.code}\nOutputs:`);
      for (const [name, value] of Object.entries(result.outputs))
        console.log(`  ${name}: ${value.replace(/\n/g, '\n    ')}`);
      const answer = github
        .comments(payload.issue.number)
        .filter((c) => c.user.type === 'Bot')
        .at(-1);
      console.log(`The answer comment on #${payload.issue.number}:\n${(answer?.body ?? '').replace(/^/gm, '  | ')}\n`);
      process.exitCode = result.code ?? 1;
      if (result.code !== 0) break;
    }
    const asked = assistant.requests.map(
      (r) => `POST ${r.path} threadId=${typeof r.body.threadId === 'string' ? r.body.threadId : '(new)'}`,
    );
    console.log(`Requests the assistant received (${asked.length}):\n  ${asked.join('\n  ')}`);
  } finally {
    await Promise.all([assistant.close(), github.close()]);
  }
}
