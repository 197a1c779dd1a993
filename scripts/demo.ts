/**
 * `npm run demo`: the action end to end on this machine. It starts the service emulator, runs the
 * committed dist/index.js as the runner would in a `uses:` step (Node 24, INPUT_ variables, the
 * runner's files), with the action's real defaults and poll schedule, and prints what a workflow
 * log would show, then the outputs and the job summary.
 */
import { startEmulator } from '../emulator/index.ts';
import { API_KEY, runAction } from '../emulator/runner.ts';

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
