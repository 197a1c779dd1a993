// The job store. A job keeps no status of its own: its phase is derived from the clock each time it
// is read, so an injected clock moves jobs along without timers and nothing needs cleaning up.
import { randomBytes } from 'node:crypto';
import type { JobBehaviour } from './types.ts';

export const REPOSITORY = 'https://github.com/acme/docs';

export interface StoredJob {
  readonly id: string;
  readonly projectId: string;
  readonly createdAt: number;
  readonly prompts: string[];
  /** The docs repository the job's pull request is opened on (EmulatorOptions.repository). */
  readonly repository: string;
  /** Behaviour captured when the job last (re)started; later configure() calls do not touch it. */
  behaviour: JobBehaviour;
  /** Clock time at which the current run ends. */
  runningUntil: number;
  /** Kept across follow-up messages: the agent keeps pushing to the branch of its pull request. */
  prNumber: number | null;
}

export type Phase = 'running' | 'pr' | 'no-change' | 'failed' | 'archived';

export class JobStore {
  readonly #now: () => number;
  readonly #repository: string;
  #jobs = new Map<string, StoredJob>();
  #nextPrNumber = 1;

  constructor(now: () => number, repository = REPOSITORY) {
    this.#now = now;
    this.#repository = repository;
  }

  create(projectId: string, prompt: string, behaviour: JobBehaviour): StoredJob {
    const createdAt = this.#now();
    const job: StoredJob = {
      id: `job_${randomBytes(12).toString('hex')}`,
      projectId,
      createdAt,
      prompts: [prompt],
      repository: this.#repository,
      behaviour: { ...behaviour },
      runningUntil: createdAt + behaviour.durationMs,
      prNumber: null,
    };
    this.#assignPullRequest(job);
    this.#jobs.set(job.id, job);
    return job;
  }

  /** Follow-up instruction: the same job runs again from now, ending as the given behaviour says. */
  restart(job: StoredJob, prompt: string, behaviour: JobBehaviour): void {
    job.prompts.push(prompt);
    job.behaviour = { ...behaviour };
    job.runningUntil = this.#now() + behaviour.durationMs;
    this.#assignPullRequest(job);
  }

  /** A job is only visible under the project that created it, as on the real service. */
  find(projectId: string, id: string): StoredJob | undefined {
    const job = this.#jobs.get(id);
    return job?.projectId === projectId ? job : undefined;
  }

  /** The project's jobs, in creation order. */
  inProject(projectId: string): StoredJob[] {
    return this.all().filter((job) => job.projectId === projectId);
  }

  all(): StoredJob[] {
    return [...this.#jobs.values()];
  }

  get size(): number {
    return this.#jobs.size;
  }

  clear(): void {
    this.#jobs.clear();
    this.#nextPrNumber = 1;
  }

  phase(job: StoredJob): Phase {
    const { outcome } = job.behaviour;
    if (outcome === 'never' || this.#now() < job.runningUntil) return 'running';
    return outcome;
  }

  /**
   * How far the current run has got, from 0 to 1: 1 once it ended; a job that never ends stays
   * just short of it.
   */
  progress(job: StoredJob): number {
    const { durationMs, outcome } = job.behaviour;
    const started = job.runningUntil - durationMs;
    const fraction = durationMs <= 0 ? 1 : (this.#now() - started) / durationMs;
    if (outcome === 'never') return Math.min(Math.max(fraction, 0), 0.99);
    return Math.min(Math.max(fraction, 0), 1);
  }

  /** Allocated when the outcome is fixed rather than when first observed, so numbers follow creation order. */
  #assignPullRequest(job: StoredJob): void {
    if (job.behaviour.outcome === 'pr' && job.prNumber === null) job.prNumber = this.#nextPrNumber++;
  }
}
