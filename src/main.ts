import { readEvent } from './github/event.ts';
import { createOctokit, runUrl } from './github/octokit.ts';
import { watchForCancel } from './step/cancel.ts';
import { readPostInputs } from './step/inputs.ts';
import { decideRun } from './step/mode.ts';
import { MODES, postWords, reportFailure } from './modes.ts';
import { runPost } from './step/post.ts';
import type { Runner } from './step/runner.ts';
import { StepRecord } from './step/state.ts';
import { readTimings, type Timings } from './step/timings.ts';
import { errorMessage } from './base/errors.ts';

/**
 * The action's main step: every failure ends here as one clean line. The runner is a parameter
 * (index.ts passes @actions/core's), so that a whole step can run in-process with a fake.
 */
export async function run(runner: Runner): Promise<void> {
  const record = new StepRecord(runner);
  const cancel = watchForCancel(runner.log);
  try {
    const timings = readTimings();
    const step = { runner, record, timings, signal: cancel.signal };
    // Decided once, before any request: the mode, then its trigger, then the settings it needs.
    const decided = decideRun(readEvent(), MODES);
    await decided.run(step);
  } catch (error) {
    reportFailure(errorMessage(error), cancel.signal.aborted, { runner, record });
  } finally {
    cancel.dispose();
  }
}

/**
 * The post step (its own entry, dist/post.js): finishes a progress comment the main step left
 * unfinished. With nothing recorded (a main step cancelled before it saved anything, a run that
 * reported on no issue, ask mode) it does nothing: it never acts as a main step. It never fails the job.
 */
export async function runPostStep(runner: Runner): Promise<void> {
  const record = new StepRecord(runner);
  let timings: Timings;
  try {
    timings = readTimings();
  } catch (error) {
    runner.log.warning(errorMessage(error));
    return;
  }
  const { github } = timings;
  await runPost({
    record,
    log: runner.log,
    runUrl: runUrl(),
    words: postWords,
    connect: async () => {
      const inputs = readPostInputs();
      if (!inputs) return undefined;
      const octokit = await createOctokit(inputs.token, runner.log, {
        retryDelayMs: github.retryDelayMs,
        requestTimeoutMs: github.postBudgetMs,
        rateLimitWaitMs: github.rateLimitWaitMs,
        deadline: Date.now() + github.postBudgetMs,
      });
      return { octokit, apiKey: inputs.apiKey, repository: inputs.repository };
    },
  });
}
