import * as core from '@actions/core';
import { run, runPostStep } from './main.ts';
import { coreRunner } from './step/runner.ts';
import { errorMessage } from './base/errors.ts';

/** Set by the post step's entry (src/post.cjs, shipped as dist/post.js) before it loads this file. */
const POST_STEP = Symbol.for('docs-agent-action.post-step');

const runner = coreRunner(core);
// A promise some library left unawaited fails the step with one clean line, never a stack trace.
process.on('unhandledRejection', (reason) => runner.setFailed(`Unexpected error: ${errorMessage(reason)}`));
const isPost = (globalThis as Record<symbol, unknown>)[POST_STEP] === true;
// Not a top-level await: dist/index.js is CommonJS (scripts/bundle.ts), which starts faster.
void (isPost ? runPostStep(runner) : run(runner)).then(() => {
  // Whatever a library left open (a keep-alive socket, a timer) must not keep a finished step
  // running until the runner's timeout: exit now if nothing is pending, or a moment from now.
  setTimeout(() => process.exit(), 500).unref();
});
