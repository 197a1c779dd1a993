// The command line's entry (package.json `bin`, built into dist/cli/index.js by scripts/bundle.ts).
// Ctrl-C (SIGINT) and SIGTERM stop the command through its cancel: it prints the job's id and how
// to pick it up, and exits 130. A second Ctrl-C exits at once.
import { runCli } from './cli.ts';
import { EXIT } from './exit.ts';
import { invocation } from './invocation.ts';

const controller = new AbortController();
const stop = (): void => {
  if (controller.signal.aborted) process.exit(EXIT.interrupted);
  controller.abort();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// A reader that went away (`docs-agent ask … | head`) ends the command quietly, as other commands do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : EXIT.done);
    throw error;
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
    process.exitCode = code;
  },
  (error: unknown) => {
    // A bug, not a user's mistake: the stack helps whoever reports it.
    process.stderr.write(
      `docs-agent: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = EXIT.failed;
  },
);
