// The command line's entry (package.json `bin`, built into dist/cli/index.js by scripts/bundle.ts).
// Ctrl-C (SIGINT) and SIGTERM stop the command through its cancel: it prints the job's id and how
// to pick it up, and exits 130. A second Ctrl-C exits at once.
import { runCli } from './cli.ts';
import { EXIT } from '../outcome/exit.ts';
import { invocation } from './invocation.ts';

const controller = new AbortController();
const stop = (): void => {
  if (controller.signal.aborted) process.exit(EXIT.interrupted);
  controller.abort();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// A reader that went away (`docs-agent run … | head -n1`): the command never reports a success it
// does not have. Once it has ended, its own exit code stands. Before, it stops through its cancel,
// as on Ctrl-C: the job's id and how to pick it up go to stderr, and it exits 130 (the job goes on).
// Writes after the break fail again; they are dropped.
let finished = false;
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
    if (finished) process.exit(typeof process.exitCode === 'number' ? process.exitCode : EXIT.done);
    if (stream === process.stderr) process.exit(EXIT.interrupted);
    if (controller.signal.aborted) return;
    process.stderr.write('docs-agent: the output was closed before the command ended; stopping as on Ctrl-C.\n');
    controller.abort();
  });
}

const io = {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  command: invocation(process.env, process.argv[1]),
};
runCli(process.argv.slice(2), io, controller.signal).then(
  (code) => {
    finished = true;
    process.exitCode = code;
  },
  (error: unknown) => {
    // A bug, not a user's mistake: the stack helps whoever reports it.
    process.stderr.write(
      `docs-agent: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    finished = true;
    process.exitCode = EXIT.failed;
  },
);
