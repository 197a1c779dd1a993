// `jobs`: the project's recent jobs, newest first, from the service's only list of them (the
// deprecated v1 `GET /v1/agent/{projectId}/jobs`, agent-api.md), read page by page (`skip`/`take`,
// at most 100 a page) up to --limit. The list is a read: a failure that may pass is retried within
// --timeout, as the wait loop retries a read.
import { ServiceError, errorMessage } from '../base/errors.ts';
import { formatDuration } from '../base/format.ts';
import type { ListedJob } from '../service/client.ts';
import { isTransientRead, withRetry } from '../service/retry.ts';
import { MAX_PAGE } from '../service/session-list.ts';
import { EXIT } from '../outcome/exit.ts';
import { displayLogger, type JobContext } from './jobs.ts';

export type ListContext = Pick<JobContext, 'client' | 'display' | 'clock' | 'signal' | 'timeoutMs' | 'backoff'> & {
  /** Shown in the line that says the list is not served. */
  projectId: string;
};

/** How many jobs `jobs` lists without --limit, and the most it lists with one. */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 1_000;

export async function runListCommand(limit: number, context: ListContext): Promise<number> {
  const { display, clock } = context;
  let jobs: ListedJob[];
  try {
    display.status('reading the list of jobs');
    jobs = await readJobs(limit, context);
  } catch (error) {
    display.stop();
    if (context.signal.aborted) {
      display.error('Interrupted: nothing was changed.');
      display.jsonFallback('interrupted', 'Interrupted before the list came.');
      return EXIT.interrupted;
    }
    const message =
      error instanceof ServiceError && error.status === 404
        ? `The service answered 404 to its list of jobs (GET /v1/agent/${context.projectId}/jobs): the deprecated ` +
          `list endpoint is gone, or the project id is unknown. 'docs-agent status <job-id>' still reads a job.`
        : `docs-agent: ${errorMessage(error)}`;
    display.error(message);
    display.jsonFallback('error', message);
    return error instanceof ServiceError ? EXIT.unreachable : EXIT.failed;
  }
  display.stop();
  const now = clock.now();
  const newest = jobs.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0)).slice(0, limit);
  if (display.mode === 'json') {
    display.json({
      status: 'listed',
      jobs: newest.map((job) => ({
        'job-id': job.id,
        title: job.title,
        state: job.state,
        'pr-link': job.prLink ?? '',
        'created-at': job.createdAt === undefined ? '' : new Date(job.createdAt).toISOString(),
      })),
    });
    return EXIT.done;
  }
  if (!newest.length) display.line(`No jobs in project ${context.projectId}.`);
  for (const job of newest) {
    const age = job.createdAt === undefined ? 'age unknown' : `${formatDuration(now - job.createdAt)} ago`;
    const title = job.title || '(no title yet)';
    display.line([job.id, job.state, age, title, job.prLink ?? 'no pull request'].join(' · '));
  }
  return EXIT.done;
}

/** Pages of at most MAX_PAGE until `limit` jobs or a short page; ids seen twice are counted once. */
async function readJobs(limit: number, context: ListContext): Promise<ListedJob[]> {
  const { client, clock, signal } = context;
  const deadline = clock.now() + context.timeoutMs;
  const found = new Map<string, ListedJob>();
  // Bounded: at most ceil(MAX_LIMIT / MAX_PAGE) pages, whatever the service answers.
  for (let skip = 0; skip < limit; skip += MAX_PAGE) {
    const take = Math.min(MAX_PAGE, limit - skip);
    const page = await withRetry(() => client.listSessions(skip, take, signal), {
      what: 'Reading the list of jobs',
      policy: (error) => isTransientRead(error),
      retries: 3,
      backoff: context.backoff,
      deadline,
      deadlineInput: '--timeout',
      clock,
      log: displayLogger(context.display),
      signal,
    });
    for (const job of page) if (!found.has(job.id)) found.set(job.id, job);
    if (page.length < take) break;
  }
  return [...found.values()];
}
