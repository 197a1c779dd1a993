import * as core from '@actions/core';
import { AgentClient, type Job } from './agent-client.ts';
import { systemClock, type Clock } from './clock.ts';
import { commentOutcome } from './comment.ts';
import { Output, USER_AGENT } from './constants.ts';
import { sendOnce } from './create-job.ts';
import { ConfigError, errorMessage } from './errors.ts';
import { connectToIssue, runUrl, type GitHubAccess } from './github.ts';
import { createTransport } from './http.ts';
import { readSettings, type Settings } from './inputs.ts';
import type { Logger } from './logger.ts';
import { decideOutcome, errorOutcome, type Outcome } from './outcome.ts';
import { writeSummary } from './summary.ts';
import { waitForJob } from './wait.ts';

/** Longest wait for one answer from the service, before the delay scale. */
const REQUEST_TIMEOUT_MS = 30_000;
/** How long a just-created job may answer 404 before that is believed. */
const NOT_FOUND_GRACE_MS = 30_000;

/** What the logic talks to; tests pass their own. */
export interface Dependencies {
  client: AgentClient;
  clock: Clock;
  log: Logger;
  /** Where to report on GitHub, if anywhere; resolved once, lazily. */
  github: () => Promise<GitHubAccess | undefined>;
}

/** The action's entry point: every failure ends here as one clean line. */
export async function run(): Promise<void> {
  process.on('unhandledRejection', (reason) => {
    core.setFailed(`Unexpected error: ${errorMessage(reason)}`);
  });
  try {
    const settings = readSettings();
    const outcome = await execute(settings, productionDependencies(settings));
    if (!outcome.ok) core.setFailed(outcome.message);
  } catch (error) {
    // ConfigError and ServiceError messages are written for users; anything else is our bug,
    // and its message is still more use than a stack trace.
    core.setFailed(error instanceof ConfigError ? error.message : errorMessage(error));
  }
}

function productionDependencies(settings: Settings): Dependencies {
  const log: Logger = core;
  return {
    client: new AgentClient({
      baseUrl: settings.baseUrl,
      projectId: settings.projectId,
      apiKey: settings.apiKey,
      transport: createTransport(USER_AGENT),
      requestTimeoutMs: Math.max(1, REQUEST_TIMEOUT_MS * settings.delayScale),
      debug: (line) => core.debug(line),
      now: () => Date.now(),
    }),
    clock: systemClock,
    log,
    github: () => connectToIssue(settings.githubToken, log),
  };
}

/** Creates the job, waits for it and reports the outcome everywhere it belongs. */
export async function execute(settings: Settings, deps: Dependencies): Promise<Outcome> {
  const { client, clock, log } = deps;
  const started = clock.now();
  const deadline = started + settings.timeoutMs;
  let job: Job | undefined;
  let outcome: Outcome;
  try {
    job = await phase('Create the documentation agent job', async () => {
      const created = await sendOnce('Creating the job', () => client.createJob(settings.prompt), {
        deadline,
        delayScale: settings.delayScale,
        clock,
        log,
      });
      log.info(`Created job ${created.id} (${created.status || 'no status yet'}).`);
      core.setOutput(Output.JobId, created.id);
      return created;
    });
    const created = job;
    const result = await phase('Wait for the job to finish', () =>
      waitForJob({
        client,
        job: created,
        deadline,
        notFoundGraceMs: NOT_FOUND_GRACE_MS * settings.delayScale,
        delayScale: settings.delayScale,
        clock,
        log,
        onChange: async (next) => {
          job = next;
        },
      }),
    );
    job = result.job;
    const agentMessage =
      result.end === 'terminal' && job.status !== 'completed' ? await client.getMessageToUser(job.id) : undefined;
    outcome = decideOutcome(result, { elapsedMs: clock.now() - started, agentMessage });
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    outcome = errorOutcome(errorMessage(error), job);
  }
  await phase('Report the outcome', () => report(outcome, clock.now() - started, deps));
  return outcome;
}

async function report(outcome: Outcome, elapsedMs: number, deps: Dependencies): Promise<void> {
  if (outcome.job) {
    core.setOutput(Output.JobId, outcome.job.id);
    core.setOutput(Output.Status, outcome.status);
    core.setOutput(Output.PrLink, outcome.prLink);
  }
  if (outcome.ok) {
    if (outcome.kind === 'no-change') deps.log.notice(outcome.message);
    else deps.log.info(outcome.message);
  }
  await writeSummary(outcome, elapsedMs).catch((error: unknown) => {
    deps.log.warning(`Could not write the job summary: ${errorMessage(error)}`);
  });
  const github = await deps.github().catch((error: unknown) => {
    deps.log.warning(`Could not connect to GitHub to report the outcome: ${errorMessage(error)}`);
    return undefined;
  });
  if (github) await commentOutcome(github, outcome, runUrl(), deps.log);
}

async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  core.startGroup(name);
  try {
    return await work();
  } finally {
    core.endGroup();
  }
}
