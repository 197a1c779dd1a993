// Wire shapes of a stored job: the v2 job and the deprecated v1 session.
import type { JobStore, Phase, StoredJob } from './jobs.ts';
import type { Job, Session, Todo } from './types.ts';

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
  return phase === 'pr' && job.prNumber !== null ? `${job.repository}/pull/${job.prNumber}` : null;
}

export function toJob(store: JobStore, job: StoredJob): Job {
  const phase = store.phase(job);
  return {
    id: job.id,
    status: statusOf(job, phase),
    // The branch of the pull request it opened, as the fake GitHub names it (github/pull-routes.ts):
    // the action ties a reported pull request to its job by this branch.
    source: {
      repository: job.repository,
      ref: job.prNumber === null ? `docs-agent/${job.id}` : `branch-${job.prNumber}`,
    },
    model: MODEL,
    prLink: prLinkOf(job, phase),
    createdAt: iso(job.createdAt),
    archivedAt: phase === 'archived' ? iso(job.runningUntil) : null,
  };
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

/** The steps the emulated agent plans for an instruction; a follow-up's plan says so. */
function planOf(followUp: boolean, count = 4): string[] {
  const read = followUp ? 'Read the follow-up request' : 'Read the request';
  const writing = Array.from({ length: Math.max(1, count - 3) }, (_, index) =>
    index === 0 ? 'Write the changes' : `Write the changes, part ${index + 1}`,
  );
  return [read, 'Find the pages to change', ...writing, 'Open a pull request'];
}

/**
 * Earlier instructions are one done todo each ("Request 1"); the latest gets a plan whose steps advance with the
 * job's life (pending, in progress, completed). A job that ended without a pull request cancels
 * the steps it did not reach: the last for no change, from the writing on for a failure.
 */
function todosOf(store: JobStore, job: StoredJob, phase: Phase): Todo[] {
  const last = job.prompts.length - 1;
  // Named, not quoted: a plan that repeated the prompt would echo users' text into the comment.
  const todos: Todo[] = job.prompts.slice(0, last).map((_prompt, index) => ({
    id: `todo_${index + 1}`,
    content: `Request ${index + 1}`,
    status: 'completed',
    priority: 'high',
  }));
  const steps = planOf(last > 0, job.behaviour.planSteps);
  const reached = Math.floor(store.progress(job) * steps.length);
  const stopAt =
    phase === 'no-change' ? steps.length - 1 : phase === 'failed' || phase === 'archived' ? 2 : steps.length;
  steps.forEach((content, index) => {
    const status: Todo['status'] =
      phase !== 'running'
        ? index < stopAt
          ? 'completed'
          : 'cancelled'
        : index < reached
          ? 'completed'
          : index === reached
            ? 'in_progress'
            : 'pending';
    todos.push({ id: `todo_${last + 1}_${index + 1}`, content, status, priority: index === 0 ? 'high' : 'medium' });
  });
  return todos;
}

/** The agent names the job after a moment (a fifth of its run), as the service does after reading it. */
function titleOf(store: JobStore, job: StoredJob, phase: Phase): string {
  if (phase === 'running' && store.progress(job) < 0.2 && job.prompts.length === 1) return '';
  return summaryOf(job.prompts[0] ?? '');
}

/**
 * A short summary, as the service's agent writes one: the request a prompt quotes between fences
 * (the action's comment and issue prompts quote the user's words after their own preamble), else
 * the prompt's first sentence, cut at a word to TITLE_LENGTH. Never the preamble itself, which
 * would title every job of the action alike.
 */
export function summaryOf(prompt: string): string {
  const quoted = /^(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n\1/m.exec(prompt)?.[2];
  const source = quoted?.trim() ? quoted : prompt;
  const line = (source.split('\n').find((l) => l.trim()) ?? '').replace(/\s+/g, ' ').trim();
  const sentence = (/^.*?[.!?](?=\s|$)/.exec(line)?.[0] ?? line).replace(/^\/\w+\s+/, '');
  const words = sentence.replace(/[.!?]$/, '');
  const title = words.charAt(0).toUpperCase() + words.slice(1);
  if (title.length <= TITLE_LENGTH) return title;
  const cut = title.slice(0, TITLE_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 20 ? cut.lastIndexOf(' ') : cut.length)}…`;
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
    todos: todosOf(store, job, phase),
    userId: USER_ID,
    title: titleOf(store, job, phase),
    createdAt: iso(job.createdAt),
  };
}
