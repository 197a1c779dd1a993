import { AgentClient } from '../service/client.ts';
import { createTransport } from '../service/transport.ts';
import { codeHosts, createOctokit, runUrl, type Octokit } from '../github/octokit.ts';
import { workflowRun, type WorkflowRun } from '../github/run-record.ts';
import { withSweepSwitch } from '../github/workflows.ts';
import { systemClock, type Clock } from '../base/clock.ts';
import { USER_AGENT } from '../base/constants.ts';
import type { ServiceSettings } from './inputs.ts';
import type { Runner } from './runner.ts';
import type { StepRecord } from './state.ts';
import type { Timings } from './timings.ts';

/** What the orchestration talks to; the entry passes productionDependencies, tests their own. */
export interface Dependencies {
  client: AgentClient;
  clock: Clock;
  runner: Runner;
  record: StepRecord;
  timings: Timings;
  /** Octokit for the run, created on first use. */
  octokit: () => Promise<Octokit>;
  /** Aborted when the runner cancels the run. */
  signal: AbortSignal;
  runUrl: string | undefined;
  runId: string;
  /** The run's id, attempt, commit, job and step: where a run without an issue records its job. */
  workflowRun: WorkflowRun;
}

/** What the agent's client and Octokit are made from (agent mode's Settings has them all). */
export type ClientSettings = Pick<
  ServiceSettings,
  'baseUrl' | 'projectId' | 'apiKey' | 'githubToken' | 'timeoutMs' | 'sweepWorkflow'
>;

export function productionDependencies(
  settings: ClientSettings,
  step: { runner: Runner; record: StepRecord; timings: Timings; signal: AbortSignal },
): Dependencies {
  const { runner, timings } = step;
  return {
    ...step,
    client: new AgentClient({
      baseUrl: settings.baseUrl,
      projectId: settings.projectId,
      apiKey: settings.apiKey,
      transport: createTransport(USER_AGENT),
      requestTimeoutMs: timings.serviceRequestMs,
      codeHosts: codeHosts(),
      debug: (line) => runner.log.debug(line),
      now: () => Date.now(),
    }),
    clock: systemClock,
    octokit: withSweepSwitch(
      lazyOctokit(settings.githubToken, settings.timeoutMs, step),
      settings.sweepWorkflow,
      runner.log,
    ),
    runUrl: runUrl(),
    runId: process.env.GITHUB_RUN_ID ?? '',
    workflowRun: workflowRun(),
  };
}

/**
 * Octokit for a run, created on first use. Its calls stop at the cancel and at `timeout-minutes`
 * plus a grace for the final comment.
 */
export function lazyOctokit(
  token: string,
  timeoutMs: number,
  step: { runner: Runner; timings: Timings; signal: AbortSignal },
): () => Promise<Octokit> {
  const { github } = step.timings;
  const limits = {
    retryDelayMs: github.retryDelayMs,
    requestTimeoutMs: github.requestTimeoutMs,
    rateLimitWaitMs: github.rateLimitWaitMs,
    deadline: Date.now() + timeoutMs + github.reportGraceMs,
    signal: step.signal,
  };
  let octokit: Promise<Octokit> | undefined;
  return () => (octokit ??= createOctokit(token, step.runner.log, limits));
}
