import { codeHosts } from '../github/octokit.ts';
import type { RunRecordEntry } from '../github/run-record.ts';
import { Output, State, STEP_STATUSES, type PlanStep } from '../base/constants.ts';
import { checkFixedOutput, checkPullRequestLink, JOB_ID } from '../text/grammar.ts';
import { forLog } from '../text/text-gate.ts';
import type { Runner } from './runner.ts';

/**
 * What a version of the progress comment is written from: its state ('working', or how the run
 * ended: an outcome kind of outcome/outcome.ts), the marker's job and request keys, when the work
 * started, and what the agent and the run said. The table of outcomes puts it into words
 * (step/progress-words.ts `progressWords`); the main step saves its final facts here for the post step.
 */
export interface ProgressFacts {
  state: string;
  jobId: string;
  /** What asked for work on this job (the marker's request keys). */
  triggers: string[];
  /** ISO time the job was started or taken up by this run. */
  startedAt: string;
  /**
   * Whom the end is to be told to ('' nobody) while the request is in flight; the words put it in
   * the marker only for a state that leaves the job running (marker.ts `open`).
   */
  open?: string | undefined;
  /** 'working' only: no run waits for the job (`wait: false`). */
  detached?: boolean | undefined;
  /** A sweep of this repository reports the end of a job no run waits for (`sweep-reports`, or a sweep's own word). */
  sweep?: boolean | undefined;
  prLink?: string | undefined;
  /** A line from the service or the action, after the headline; rendered inert. */
  detail?: string | undefined;
  title?: string | undefined;
  steps?: PlanStep[] | undefined;
  message?: string | undefined;
  elapsedMs?: number | undefined;
}

/** A state as the mode names it: a fixed word (the mode still checks it is one of its own). */
const STATE_WORD = /^[a-z]+(?:-[a-z]+)*$/;

/** What the main step left for the post step about its progress comment. */
export interface SavedProgress {
  issueNumber: number;
  /** The request keys of the progress marker, to find the comment when its id was not saved. */
  triggers: string[];
  startedAt: string;
  /** Whom the end is to be told to ('' nobody), for the marker of a comment the job outlives. */
  open: string;
  /** A sweep reports the end of a job the run leaves (`sweep-reports`). */
  sweep: boolean;
  commentId: number | undefined;
  jobId: string;
  /** The final comment the main step meant to write, saved before it tried. */
  finalView: ProgressFacts | undefined;
}

/** The step's outputs; each is set only when given. */
export interface Outputs {
  status: string;
  jobId?: string | undefined;
  prLink?: string | undefined;
  prNumber?: string | undefined;
  message?: string | undefined;
  title?: string | undefined;
  answer?: string | undefined;
  threadId?: string | undefined;
  sources?: string | undefined;
}

const OUTPUT_NAMES: Record<Exclude<keyof Outputs, 'status'>, string> = {
  jobId: Output.JobId,
  prLink: Output.PrLink,
  prNumber: Output.PrNumber,
  message: Output.Message,
  title: Output.Title,
  answer: Output.Answer,
  threadId: Output.ThreadId,
  sources: Output.Sources,
};

/**
 * The one owner of what a step records on the runner: the state the main step passes to the post
 * step (every save here has its read here) and the outputs, written once per run.
 */
export class StepRecord {
  readonly #runner: Pick<Runner, 'saveState' | 'getState' | 'setOutput' | 'log'>;
  /** The hosts a `pr-link` may name (github.com and the run's GitHub server). */
  readonly #codeHosts: readonly string[];
  #outputsWritten = false;

  constructor(runner: Pick<Runner, 'saveState' | 'getState' | 'setOutput' | 'log'>, hosts = codeHosts()) {
    this.#runner = runner;
    this.#codeHosts = hosts;
  }

  /** Saved as soon as the job is known, so the post step can name it even if this run is killed. */
  saveJob(jobId: string): void {
    this.#runner.saveState(State.JobId, jobId);
  }

  /** Saved before the progress comment is written: a run killed in between still lets the post step find it. */
  saveProgress(
    issueNumber: number,
    request: { triggers: string[]; startedAt: string; open?: string; sweep?: boolean },
  ): void {
    this.#runner.saveState(State.IssueNumber, String(issueNumber));
    this.#runner.saveState(State.StartedAt, request.startedAt);
    this.#runner.saveState(State.Triggers, request.triggers.join(','));
    this.#runner.saveState(State.Open, request.open ?? '');
    if (request.sweep) this.#runner.saveState(State.Sweep, 'true');
  }

  saveComment(commentId: number): void {
    this.#runner.saveState(State.CommentId, String(commentId));
  }

  /** Saved before the final update: should it fail or hang, the post step writes this outcome, not "cancelled". */
  saveFinalView(view: ProgressFacts): void {
    this.#runner.saveState(State.FinalView, JSON.stringify(view));
  }

  /** Saved once a run without an issue created its job: the post step records it on the commit. */
  saveRunRecord(entry: RunRecordEntry): void {
    this.#runner.saveState(State.RunRecord, JSON.stringify(entry));
  }

  /** The record the post step writes, or undefined when the main step left none. */
  runRecord(): RunRecordEntry | undefined {
    const raw = this.#runner.getState(State.RunRecord);
    if (!raw) return undefined;
    try {
      const entry = JSON.parse(raw) as Partial<Record<keyof RunRecordEntry, unknown>>;
      const { sha, context, description, jobId } = entry;
      return typeof sha === 'string' &&
        typeof context === 'string' &&
        typeof description === 'string' &&
        typeof jobId === 'string'
        ? { sha, context, description, jobId }
        : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The reaction a run holds as its claim on an issue or pull request (github/claim.ts, `lockPull`), so that the
   * post step lets go of it when the main step was killed holding it; undefined: let go.
   */
  saveLock(lock: { issueNumber: number; reactionId: number } | undefined): void {
    this.#runner.saveState(State.Lock, lock ? `${lock.issueNumber}:${lock.reactionId}` : '');
  }

  /** The claim the main step still held when it ended, or undefined. */
  heldLock(): { issueNumber: number; reactionId: number } | undefined {
    const match = /^(\d{1,15}):(\d{1,15})$/.exec(this.#runner.getState(State.Lock));
    if (!match) return undefined;
    return { issueNumber: Number(match[1]), reactionId: Number(match[2]) };
  }

  /** The progress comment shows a final outcome: the post step has nothing to do. */
  markFinished(): void {
    this.#runner.saveState(State.Finished, 'true');
  }

  /** What the post step must finish, or undefined when the main step reported on no issue or finished. */
  unfinishedProgress(): SavedProgress | undefined {
    const get = (name: string): string => this.#runner.getState(name);
    const issueNumber = Number(get(State.IssueNumber));
    if (!Number.isSafeInteger(issueNumber) || issueNumber <= 0 || get(State.Finished) === 'true') return undefined;
    return {
      issueNumber,
      triggers: get(State.Triggers).split(',').filter(Boolean),
      startedAt: get(State.StartedAt),
      open: get(State.Open),
      sweep: get(State.Sweep) === 'true',
      commentId: Number(get(State.CommentId)) || undefined,
      jobId: get(State.JobId),
      finalView: parseView(get(State.FinalView)),
    };
  }

  /**
   * Sets the step's outputs. The first call wins: a run reports its end once. The fixed-form
   * outputs were checked where their values entered; a value that still does not match its grammar
   * (src/text/grammar.ts) is not written, with a warning, since a later step may use it as it is.
   */
  writeOutputs(outputs: Outputs): void {
    if (this.#outputsWritten) return;
    this.#outputsWritten = true;
    this.#write(Output.Status, outputs.status);
    for (const [key, name] of Object.entries(OUTPUT_NAMES) as [keyof typeof OUTPUT_NAMES, string][]) {
      const value = outputs[key];
      if (value !== undefined) this.#write(name, value);
    }
  }

  #write(name: string, value: string): void {
    const problem = checkFixedOutput(name, value, this.#codeHosts);
    if (problem === undefined) this.#runner.setOutput(name, value);
    else this.#runner.log.warning(`The '${name}' output was not set: its value ${problem} (${forLog(value, 120)}).`);
  }
}

/**
 * The final view the main step saved; read defensively, since the state file is only ours by
 * convention: the job id and the pull request link must match their grammars, as they did when the
 * main step took them from the service.
 */
function parseView(raw: string): ProgressFacts | undefined {
  if (!raw) return undefined;
  try {
    const view = JSON.parse(raw) as Partial<ProgressFacts>;
    if (typeof view.state !== 'string' || !STATE_WORD.test(view.state) || typeof view.jobId !== 'string') {
      return undefined;
    }
    if (view.jobId !== '' && !JOB_ID.test(view.jobId)) return undefined;
    const prLink = typeof view.prLink === 'string' ? checkPullRequestLink(view.prLink, codeHosts()) : undefined;
    return {
      state: view.state,
      jobId: view.jobId,
      triggers: Array.isArray(view.triggers) ? view.triggers.filter((key) => typeof key === 'string') : [],
      startedAt: typeof view.startedAt === 'string' ? view.startedAt : new Date().toISOString(),
      open: typeof view.open === 'string' ? view.open : undefined,
      sweep: view.sweep === true ? true : undefined,
      prLink: prLink?.ok ? prLink.value.link : undefined,
      detail: typeof view.detail === 'string' ? view.detail : undefined,
      title: typeof view.title === 'string' ? view.title : undefined,
      steps: Array.isArray(view.steps)
        ? view.steps.filter(
            (step): step is PlanStep =>
              typeof step?.content === 'string' && (STEP_STATUSES as readonly unknown[]).includes(step.status),
          )
        : undefined,
      message: typeof view.message === 'string' ? view.message : undefined,
      elapsedMs: typeof view.elapsedMs === 'number' ? view.elapsedMs : undefined,
    };
  } catch {
    return undefined;
  }
}
