import { isAskRun, readAskRouting } from './ask/route.ts';
import { readEvent } from './github/event.ts';
import { createOctokit, runUrl } from './github/octokit.ts';
import { watchForCancel } from './step/cancel.ts';
import { productionDependencies } from './step/deps.ts';
import { execute } from './agent/execute.ts';
import { collectSettings, readPostInputs } from './step/inputs.ts';
import { runPost } from './step/post.ts';
import { reportFailure } from './agent/report.ts';
import type { Runner } from './step/runner.ts';
import { StepRecord } from './step/state.ts';
import { readTimings, type Timings } from './step/timings.ts';
import { errorMessage } from './base/errors.ts';
import { isFollowEvent } from './pulls/decide.ts';
import { readPullRequestMode } from './pulls/inputs.ts';

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
    const event = readEvent();
    // A wrong routing input (mode, ask-word) is named with every other input error of the path,
    // and like them only once the run has work and the requester passed the permission check.
    const problems: string[] = [];
    const routing = readAskRouting(problems);
    if (isAskRun(event, routing)) {
      // Ask mode and the `ai` package it reads answers with load only for runs that ask.
      const { runAsk } = await import('./ask/run.ts');
      await runAsk(routing, event, step, problems);
      return;
    }
    // Docs that follow pull requests (src/pulls/): `pull-requests: follow` takes pull request events.
    const pullRequests = readPullRequestMode(problems);
    if (pullRequests === 'follow' && isFollowEvent(event)) {
      const { runFollow } = await import('./pulls/run.ts');
      await runFollow(step, event, problems);
      return;
    }
    const read = collectSettings({ event, problems, routing, mergedPullRequests: pullRequests === 'merged' });
    const { settings } = read;
    const result = await execute(settings, event, productionDependencies(settings, step), read.problems);
    if ('ok' in result && !result.ok) runner.setFailed(result.message);
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
