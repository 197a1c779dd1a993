// `run`, `follow-up` and `status`: the agent's jobs, through the action's own client, send-once
// rules and wait loop (src/service/), so that a CI job or a terminal gets the same backoff,
// deadline, cancel and secret hygiene as the action.
import { ServiceError, errorMessage } from '../base/errors.ts';
import type { Clock } from '../base/clock.ts';
import type { Logger } from '../base/log.ts';
import type { PlanStep } from '../base/constants.ts';
import type { AgentClient, Job, Session } from '../service/client.ts';
import type { PollSchedule } from '../service/poll-schedule.ts';
import { isAmbiguous, sendOnce, type Backoff } from '../service/send-once.ts';
import { readJob, waitForJob, type WaitEnd } from '../service/wait.ts';
import type { Display } from './display.ts';
import { EXIT } from './exit.ts';

export interface JobContext {
  client: AgentClient;
  display: Display;
  clock: Clock;
  signal: AbortSignal;
  timeoutMs: number;
  wait: boolean;
  schedule: PollSchedule;
  backoff: Backoff;
  notFoundGraceMs: number;
}

/** The action's outputs of agent mode, by the same names (action.yml): the --json object. */
export interface JobOutputs {
  status: string;
  'job-id': string;
  'pr-link': string;
  'pr-number': string;
  title: string;
  message: string;
}

export type JobRequest =
  { kind: 'run'; prompt: string } | { kind: 'follow-up'; id: string; prompt: string } | { kind: 'status'; id: string };

/** Runs one agent command to its end; resolves with the exit code. */
export async function runJobCommand(request: JobRequest, context: JobContext): Promise<number> {
  const { client, display, clock, signal } = context;
  const deadline = clock.now() + context.timeoutMs;
  const log = displayLogger(display);
  let job: Job | undefined;
  try {
    const send = { deadline, backoff: context.backoff, clock, log };
    if (request.kind === 'run') {
      display.status('creating the job');
      job = await sendOnce('Creating the job', () => client.createJob(request.prompt, undefined, signal), send);
      display.line(`Job ${job.id} created.`);
    } else if (request.kind === 'follow-up') {
      display.status(`sending the follow-up to job ${request.id}`);
      const send1 = () => client.sendMessage(request.id, request.prompt, undefined, signal);
      job = await sendOnce('Sending the follow-up', send1, send);
      display.line(`Follow-up sent to job ${job.id}.`);
    } else {
      job = await readJob({ client, id: request.id, tries: 3, delayMs: 1_000, deadline, clock, log, signal });
    }
  } catch (error) {
    display.stop();
    // --json always prints its object: `unknown` when a job may have been started, as the action's status output says.
    const mayExist = request.kind !== 'status' && (signal.aborted || isAmbiguous(error));
    emitJson(display, request.kind === 'status' ? request.id : '', mayExist ? 'unknown' : 'error');
    if (signal.aborted) return interrupted(display, job, request);
    return failed(display, error, request);
  }
  if (job.rejectedPrLink !== undefined) {
    display.error(
      `The service reported a pull request link that was refused: it ${job.prLinkProblem ?? 'is malformed'}.`,
    );
  }
  let end: WaitEnd = 'terminal';
  const plan = new PlanLines(display);
  display.status(`${job.status || 'waiting'} · job ${job.id}`);
  if (context.wait && !isDone(job)) {
    try {
      const waited = await waitForJob({
        client,
        job,
        deadline,
        notFoundGraceMs: request.kind === 'run' ? context.notFoundGraceMs : 0,
        schedule: context.schedule,
        clock,
        log,
        signal,
        onPoll: async (next) => {
          display.status(`${next.status || 'waiting'} · job ${next.id}${plan.current}`);
          plan.show(await readSession(client, next.id, signal));
          display.status(`${next.status || 'waiting'} · job ${next.id}${plan.current}`);
        },
      });
      job = waited.job;
      end = waited.end;
    } catch (error) {
      display.stop();
      emitJson(display, job.id, 'error');
      return failed(display, error, request, job);
    }
  }
  display.stop();
  const session = signal.aborted ? {} : await readSession(client, job.id, signal);
  const outputs = outputsOf(job, session);
  if (display.mode === 'json') display.json({ ...outputs });
  if (end === 'cancelled' || signal.aborted) return interrupted(display, job, request);
  return report(display, job, outputs, end, context.wait);
}

/** The --json object of a command that ended without a job to report: the action's `error` or `unknown` status. */
function emitJson(display: Display, id: string, status: 'error' | 'unknown'): void {
  if (display.mode !== 'json') return;
  display.json({ status, 'job-id': id, 'pr-link': '', 'pr-number': '', title: '', message: '' });
}

function isDone(job: Job): boolean {
  return job.status === 'completed' || job.status === 'failed' || job.status === 'archived';
}

/** The v1 session, an extra the command does without when it cannot be read. */
async function readSession(client: AgentClient, id: string, signal: AbortSignal): Promise<Session> {
  try {
    return await client.getSession(id, undefined, signal);
  } catch {
    return {};
  }
}

export function outputsOf(job: Job, session: Session): JobOutputs {
  return {
    status: job.status || 'active',
    'job-id': job.id,
    'pr-link': job.prLink ?? '',
    'pr-number': job.prNumber ?? '',
    title: session.title ?? '',
    message: session.messageToUser ?? '',
  };
}

function report(display: Display, job: Job, outputs: JobOutputs, end: WaitEnd, waited: boolean): number {
  if (outputs.title) display.line(`Title: ${outputs.title}`);
  if (job.status === 'completed') {
    display.line(`Job ${job.id} completed${waited ? ` after ${display.elapsed}` : ''}.`);
    display.line(job.prLink ? `Pull request: ${job.prLink}` : 'No pull request was opened: nothing needed to change.');
    if (outputs.message) display.line(`Message: ${outputs.message}`);
    return EXIT.done;
  }
  if (job.status === 'failed' || job.status === 'archived') {
    display.line(`Job ${job.id} ${job.status}.`);
    if (outputs.message) display.line(`Message: ${outputs.message}`);
    return EXIT.failed;
  }
  if (!waited) {
    display.line(`Job ${job.id} is ${outputs.status}. Follow it with: docs-agent status ${job.id} --wait`);
    return EXIT.done;
  }
  if (end === 'deadline') {
    display.line(
      `Stopped waiting after ${display.elapsed}: job ${job.id} is still running on the service. ` +
        `Pick it up with: docs-agent status ${job.id} --wait`,
    );
    return EXIT.timedOut;
  }
  display.line(`Job ${job.id} is ${outputs.status}.`);
  return EXIT.done;
}

function interrupted(display: Display, job: Job | undefined, request: JobRequest): number {
  if (job) {
    display.error(
      `Interrupted: job ${job.id} goes on on the service. Pick it up with: docs-agent status ${job.id} --wait`,
    );
  } else if (request.kind === 'status') {
    display.error(`Interrupted. Job ${request.id} is unchanged: docs-agent status ${request.id} --wait`);
  } else {
    // The create (or follow-up) was under way: the service may have acted on it.
    display.error(
      `Interrupted while the request was being sent: the service may have ${request.kind === 'run' ? 'started a job' : 'taken the follow-up'}. ` +
        `Look for it on the service before you try again.`,
    );
  }
  return EXIT.interrupted;
}

function failed(display: Display, error: unknown, request: JobRequest, job?: Job): number {
  display.error(`docs-agent: ${errorMessage(error)}`);
  if (job) display.error(`Job ${job.id} may still be running: docs-agent status ${job.id} --wait`);
  else if (request.kind !== 'status' && isAmbiguous(error))
    display.error('A job may exist: look for it before you try again.');
  return error instanceof ServiceError ? EXIT.unreachable : EXIT.failed;
}

/** The wait loop's log, as permanent lines. */
export function displayLogger(display: Display): Logger {
  return {
    info: (message) => display.line(message),
    notice: (message) => display.line(message),
    warning: (message) => display.error(`warning: ${message}`),
    debug: () => undefined,
  };
}

const MARK: Record<PlanStep['status'], string> = {
  pending: '·',
  in_progress: '→',
  completed: '✓',
  cancelled: '✗',
  skipped: '–',
};

/** The agent's plan as it progresses: a permanent line when a step starts or ends, the step under way on the live line. */
class PlanLines {
  readonly #display: Display;
  readonly #seen = new Map<string, PlanStep['status']>();
  current = '';

  constructor(display: Display) {
    this.#display = display;
  }

  show(session: Session): void {
    const steps = session.todos ?? [];
    for (const [index, step] of steps.entries()) {
      const key = `${index}:${step.content}`;
      if (this.#seen.get(key) === step.status || step.status === 'pending') continue;
      this.#seen.set(key, step.status);
      this.#display.line(`  ${MARK[step.status]} ${step.content}`);
    }
    const done = steps.filter((step) => step.status === 'completed').length;
    const doing = steps.find((step) => step.status === 'in_progress');
    this.current = steps.length ? ` · plan ${done}/${steps.length}${doing ? `: ${doing.content}` : ''}` : '';
  }
}
