// Wire shapes of a stored job: the v2 job, the deprecated v1 session, and the inspection record.
import { REPOSITORY } from './jobs.ts';
import type { JobStore, Phase, StoredJob } from './jobs.ts';
import type { Job, JobRecord, Session, Todo } from './types.ts';

const MODEL = 'emulated-model';
const USER_ID = 'user_emulated';
const TITLE_LENGTH = 60;

const iso = (ms: number): string => new Date(ms).toISOString();

function statusOf(job: StoredJob, phase: Phase): string {
  switch (phase) {
    case 'running':
      return job.behaviour.runningStatus;
    case 'pr':
    case 'no-change':
      return 'completed';
    default:
      return phase;
  }
}

function prLinkOf(job: StoredJob, phase: Phase): string | null {
  return phase === 'pr' && job.prNumber !== null ? `${REPOSITORY}/pull/${job.prNumber}` : null;
}

export function toJob(store: JobStore, job: StoredJob): Job {
  const phase = store.phase(job);
  return {
    id: job.id,
    status: statusOf(job, phase),
    source: { repository: REPOSITORY, ref: `docs-agent/${job.id}` },
    model: MODEL,
    prLink: prLinkOf(job, phase),
    createdAt: iso(job.createdAt),
    archivedAt: phase === 'archived' ? iso(job.runningUntil) : null,
  };
}

export function toRecord(store: JobStore, job: StoredJob): JobRecord {
  return { ...toJob(store, job), projectId: job.projectId, prompts: [...job.prompts] };
}

function messageOf(phase: Phase, prLink: string | null): string {
  switch (phase) {
    case 'running':
      return 'Working on your request.';
    case 'pr':
      return `I opened a pull request with the changes: ${prLink}`;
    case 'no-change':
      return 'The documentation already covers this; no changes were needed.';
    case 'failed':
      return 'The agent could not apply the change.';
    case 'archived':
      return 'This session was archived.';
  }
}

/** One todo per instruction: earlier ones are done, the latest follows the job. */
function todosOf(job: StoredJob, phase: Phase): Todo[] {
  const last = job.prompts.length - 1;
  const latestStatus: Todo['status'] =
    phase === 'running' ? 'in_progress' : phase === 'failed' ? 'cancelled' : 'completed';
  return job.prompts.map((content, index) => ({
    id: `todo_${index + 1}`,
    content,
    status: index === last ? latestStatus : 'completed',
    priority: 'high',
  }));
}

function titleOf(job: StoredJob): string {
  const first = job.prompts[0] ?? '';
  return first.length > TITLE_LENGTH ? `${first.slice(0, TITLE_LENGTH - 1)}…` : first;
}

export function toSession(store: JobStore, job: StoredJob): Session {
  const phase = store.phase(job);
  const pullRequestLink = prLinkOf(job, phase);
  return {
    sessionId: job.id,
    subdomain: job.projectId,
    branch: `docs-agent/${job.id}`,
    haulted: phase !== 'running',
    haultReason: phase === 'running' ? 'processing' : phase === 'failed' ? 'error' : 'completed',
    pullRequestLink,
    messageToUser:
      phase !== 'running' && job.behaviour.finalMessage !== undefined
        ? job.behaviour.finalMessage
        : messageOf(phase, pullRequestLink),
    todos: todosOf(job, phase),
    userId: USER_ID,
    title: titleOf(job),
    createdAt: iso(job.createdAt),
  };
}
