// `run`, `follow-up` and `status`: the agent's jobs, through the action's own client, send-once
// rules and wait loop (src/service/), so that a CI job or a terminal gets the same backoff,
// deadline, cancel and secret hygiene as the action.
import { ServiceError, errorMessage } from '../base/errors.ts';
import type { Clock } from '../base/clock.ts';
import type { Logger } from '../base/log.ts';
import type { PlanStep } from '../base/constants.ts';
import type { AgentClient, Job, Session } from '../service/client.ts';
import type { PollSchedule } from '../service/poll-schedule.ts';
import { JobMayExist, sendOnce, type Backoff } from '../service/send-once.ts';
import { isTerminal, readJob, waitForJob, type WaitEnd } from '../service/wait.ts';
import { decideOutcome, startedOutcome } from '../outcome/decide.ts';
import type { OutcomeKind } from '../outcome/outcome.ts';
import { OUTCOMES, type CliFacts } from '../outcome/table.ts';
import { statusOf } from '../outcome/words.ts';
import type { Display } from './display.ts';
import { EXIT } from '../outcome/exit.ts';

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
export type JobOutputs = Record<'status' | 'job-id' | 'pr-link' | 'pr-number' | 'title' | 'message', string>;

export type JobRequest =
  { kind: 'run'; prompt: string } | { kind: 'follow-up'; id: string; prompt: string } | { kind: 'status'; id: string };

/** Runs one agent command to its end; resolves with the exit code. */
export async function runJobCommand(request: JobRequest, context: JobContext): Promise<number> {
  const { client, display, clock, signal } = context;
  const deadline = clock.now() + context.timeoutMs;
  const log = displayLogger(display);
  let job: Job | undefined;
  try {
    const send = { deadline, backoff: context.backoff, clock, log, signal };
    if (request.kind === 'run') {
      display.status('creating the job');
      job = await sendOnce('Creating the job', (cut) => client.createJob(request.prompt, cut), send);
      display.line(`Job ${job.id} created.`);
    } else if (request.kind === 'follow-up') {
      display.status(`sending the follow-up to job ${request.id}`);
      const send1 = (cut: AbortSignal) => client.sendMessage(request.id, request.prompt, cut);
      job = await sendOnce('Sending the follow-up', send1, { ...send, followUpTo: request.id });
      display.line(`Follow-up sent to job ${job.id}.`);
    } else {
      job = await readJob({ client, id: request.id, tries: 3, delayMs: 1_000, deadline, clock, log, signal });
    }
  } catch (error) {
    display.stop();
    // --json always prints its object: `unknown` when a job may have been started, as the action's status output says.
    const mayExist = error instanceof JobMayExist;
    const code = signal.aborted ? interrupted(display, request, mayExist) : failed(display, error, request);
    const status = mayExist ? 'unknown' : signal.aborted ? 'interrupted' : 'error';
    emitJson(display, request.kind === 'status' ? request.id : '', status);
    return code;
  }
  if (job.rejectedPrLink !== undefined) {
    display.error(
      `The service reported a pull request link that was refused: it ${job.prLinkProblem ?? 'is malformed'}.`,
    );
  }
  let end: WaitEnd = 'terminal';
  const plan = new PlanLines(display);
  display.status(`${job.status || 'waiting'} · job ${job.id}`);
  if (context.wait && !isTerminal(job.status)) {
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
      const code = failed(display, error, request, job);
      emitJson(display, job.id, 'error');
      return code;
    }
  }
  display.stop();
  const session = signal.aborted ? {} : await readSession(client, job.id, signal);
  return report(display, job, outputsOf(job, session), signal.aborted ? 'cancelled' : end, context.wait);
}

/**
 * The --json object of a command that ended without a job to report: the action's `error` or
 * `unknown` status, its message the first error line the command printed.
 */
function emitJson(display: Display, id: string, status: 'error' | 'unknown' | 'interrupted'): void {
  if (display.mode !== 'json') return;
  const message = display.firstError || 'The command ended without a job to report.';
  display.json({ status, 'job-id': id, 'pr-link': '', 'pr-number': '', title: '', message });
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

/** The command's end in its row's words (outcome/table.ts): its lines, --json's message, its exit code. */
function report(display: Display, job: Job, outputs: JobOutputs, end: WaitEnd, waited: boolean): number {
  const done = isTerminal(job.status);
  const outcome =
    done || waited || end === 'cancelled' ? decideOutcome({ job, end }, { elapsedMs: 0 }) : startedOutcome(job);
  const facts = {
    id: job.id,
    waited: waited ? display.elapsed : '',
    status: statusOf(outcome),
    prLink: outcome.prLink,
  };
  if (display.mode === 'json') {
    // The agent's own message first; a completed job's lines say nothing it does not.
    const lines =
      job.status === 'completed' ? [] : OUTCOMES[outcome.kind].cli.lines({ ...facts, command: display.command });
    display.json({ ...outputs, message: outputs.message || lines.join(' ') });
  }
  if (outputs.title) display.line(`Title: ${outputs.title}`);
  const exit = say(display, outcome.kind, facts);
  if (done && outputs.message) display.line(`Message: ${outputs.message}`);
  return exit;
}

/** Prints the lines of `kind`'s row and returns its exit code. */
function say(display: Display, kind: OutcomeKind, facts: Omit<CliFacts, 'command'>): number {
  const { cli } = OUTCOMES[kind];
  for (const line of cli.lines({ ...facts, command: display.command })) {
    if (cli.stderr) display.error(line);
    else display.line(line);
  }
  return cli.exit;
}

/** What the service may have acted on when a request's send ended without an answer (`mayExist`, sendOnce). */
function mayHaveSent(request: JobRequest, mayExist: boolean): CliFacts['sent'] {
  return !mayExist ? undefined : request.kind === 'run' ? 'a job' : 'the follow-up';
}

/** Interrupted before a job was known; `mayExist`: a create (or follow-up) was cut on the wire (sendOnce). */
function interrupted(display: Display, request: JobRequest, mayExist: boolean): number {
  const sent = mayHaveSent(request, mayExist);
  const id = request.kind === 'status' ? request.id : '';
  return say(display, 'cancelled', { id, waited: '', status: '', prLink: '', sent });
}

function failed(display: Display, error: unknown, request: JobRequest, job?: Job): number {
  display.error(`docs-agent: ${errorMessage(error)}`);
  const sent = mayHaveSent(request, error instanceof JobMayExist);
  say(display, 'error', { id: job?.id ?? '', waited: '', status: '', prLink: '', sent });
  // Only a failure of the service is the row's; anything else is the command's own failure.
  return error instanceof ServiceError ? OUTCOMES.error.cli.exit : EXIT.failed;
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
