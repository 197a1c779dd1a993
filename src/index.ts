import * as core from '@actions/core';
import { run } from './main.ts';
import { coreRunner } from './run/runner.ts';
import { errorMessage } from './util/errors.ts';

const runner = coreRunner(core);
// A promise some library left unawaited fails the step with one clean line, never a stack trace.
process.on('unhandledRejection', (reason) => runner.setFailed(`Unexpected error: ${errorMessage(reason)}`));
// Not a top-level await: dist/index.js is CommonJS (scripts/bundle.ts), which starts faster.
void run(runner).then(() => {
  // Whatever a library left open (a keep-alive socket, a timer) must not keep a finished step
  // running until the runner's timeout: exit now if nothing is pending, or a moment from now.
  setTimeout(() => process.exit(), 500).unref();
});
