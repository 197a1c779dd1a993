/**
 * `npm run demo`: the action end to end on this machine. It starts the service emulator, runs the
 * committed dist/index.js as the runner would in a `uses:` step (Node 24, INPUT_ variables, the
 * runner's files), with the action's real defaults and poll schedule, and prints what a workflow
 * log would show, then the outputs and the job summary.
 *
 * `npm run demo -- ask`: ask mode instead. A question asked in an issue comment is answered by the
 * assistant emulator (a real `ai` answer stream from a small fixture documentation site) and written
 * to the fake GitHub API; a second question continues the conversation.
 */
import { ASSISTANT_KEY, DOMAIN, startAssistantEmulator } from '../emulator/assistant/index.ts';
import { startFakeGitHub } from '../emulator/github/index.ts';
import { startEmulator } from '../emulator/index.ts';
import { API_KEY, GITHUB_TOKEN, runAction, webhookPayload } from '../emulator/runner.ts';

const mode = process.argv[2] ?? 'agent';
if (mode !== 'agent' && mode !== 'ask') {
  console.error(`Unknown demo '${mode}': use "npm run demo" or "npm run demo -- ask".`);
  process.exit(2);
}

const JOB_SECONDS = 5;

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

if (mode === 'ask') {
  await askDemo();
  process.exit();
}

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
