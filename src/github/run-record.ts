import type { Logger } from '../base/log.ts';
import { describeGitHubError, type Octokit } from './octokit.ts';
import { isRateLimited } from './rate-limit.ts';
import { sameSignature, signFields } from './marker.ts';

/**
 * Where a run that reports on no issue (push, dispatch, schedule without `issue-number`) records
 * its job, so that a later attempt of the same workflow run (a re-run keeps GITHUB_RUN_ID and
 * counts up GITHUB_RUN_ATTEMPT) resumes it instead of creating a second one: a commit status on the
 * commit it ran for (GITHUB_SHA), which a re-run shares. docs/usage.md ("Re-runs") gives its
 * context, its description, why its state is `success`, and what `statuses: write` does for it.
 *
 * The post step writes it (the main step saves it in the step's state as soon as the job is
 * created): a later attempt can only start once this one has finished, post steps included, and the
 * main step neither loads Octokit nor waits for GitHub for it (step/post.ts). The context's tag is
 * an HMAC keyed by the api-key over the step (GITHUB_JOB, GITHUB_ACTION: one job may use the action
 * in several steps) and the request (project and prompt: nothing in the runner's environment tells
 * matrix legs apart), so it names no prompt. The description's signature binds the job id to the
 * repository, the commit and the context by the markers' one scheme (marker.ts `signFields`); a
 * status is believed only when a bot wrote it and the signature holds. Commit statuses are chosen
 * over a check run (`checks: write`): GitHub files a check run made with the workflow's token under
 * whichever check suite of the App it picks, and a status's context is a key of the action's own choosing.
 */
export interface WorkflowRun {
  /** GITHUB_RUN_ID: the same for every attempt of the run. */
  id: string;
  /** GITHUB_RUN_ATTEMPT: 1, then one more for each re-run. */
  attempt: number;
  /** GITHUB_SHA: the commit the run is for, the same for every attempt. */
  sha: string;
  /** GITHUB_JOB: the job's id in the workflow. */
  job: string;
  /** GITHUB_ACTION: the step's id, or `__owner_repo` with a count for an action used twice in one job. */
  step: string;
}

/** The workflow run as the runner describes it. */
export function workflowRun(env: NodeJS.ProcessEnv = process.env): WorkflowRun {
  const attempt = Number(env.GITHUB_RUN_ATTEMPT);
  return {
    id: env.GITHUB_RUN_ID ?? '',
    attempt: Number.isSafeInteger(attempt) && attempt > 0 ? attempt : 1,
    sha: env.GITHUB_SHA ?? '',
    job: env.GITHUB_JOB ?? '',
    step: env.GITHUB_ACTION ?? '',
  };
}

export type Recorded =
  /** An earlier attempt recorded this job. */
  | { kind: 'found'; jobId: string }
  /** No earlier attempt, none recorded a job, or the statuses cannot be read (the run was told why). */
  | { kind: 'none' }
  /** GitHub failed in a way that leaves it unknown whether a job was recorded: nothing may be created. */
  | { kind: 'failed'; message: string };

/** The request a record is for: what makes one step's job another step's. */
export interface RecordedRequest {
  projectId: string;
  prompt: string;
  /** The api-key: it signs the record. */
  key: string;
}

/** Hex digits kept of the context's tag: 64 bits (the signature keeps marker.ts's 128). */
const TAG_LENGTH = 16;
/** GitHub refuses a longer description (HTTP 422). */
const MAX_DESCRIPTION = 140;
/** Statuses read at most: newest first, so an earlier attempt's record is usually on the first page. */
const MAX_PAGES = 10;
const PER_PAGE = 100;
const UNRECORDED = 'A re-run of this workflow run will create a new job instead of resuming this one.';
const SAYS = 'Not a check:';
const DESCRIPTION = /^Not a check: job=([A-Za-z0-9][A-Za-z0-9_.-]{0,127}) sig=([0-9a-f]+)$/;

/** The one record of a job for this step of this workflow run, on its commit. */
export class RunRecord {
  readonly #octokit: () => Promise<Octokit>;
  readonly #repository: { owner: string; repo: string };
  readonly #run: WorkflowRun;
  readonly #request: RecordedRequest;
  readonly #log: Logger;
  readonly context: string;

  constructor(
    octokit: () => Promise<Octokit>,
    repository: { owner: string; repo: string },
    run: WorkflowRun,
    request: RecordedRequest,
    log: Logger,
  ) {
    this.#octokit = octokit;
    this.#repository = repository;
    this.#run = run;
    this.#request = request;
    this.#log = log;
    const tag = signFields(
      request.key,
      ['run-record-tag', run.job, run.step, request.projectId, request.prompt],
      TAG_LENGTH,
    );
    this.context = `docs-agent/record (run ${run.id}, ${tag})`;
  }

  /** Whether this run has a place for the record: a commit and a run id (the runner always gives both). */
  get possible(): boolean {
    return this.#run.sha !== '' && this.#run.id !== '';
  }

  #signature(jobId: string): string {
    const { owner, repo } = this.#repository;
    const fields = ['run-record', `${owner}/${repo}`.toLowerCase(), this.#run.sha, this.context.toLowerCase(), jobId];
    return signFields(this.#request.key, fields);
  }

  /** The description that records `jobId`, or undefined when it would not fit. */
  describe(jobId: string): string | undefined {
    const description = `${SAYS} job=${jobId} sig=${this.#signature(jobId)}`;
    return description.length <= MAX_DESCRIPTION ? description : undefined;
  }

  /** The job id a status records, when a bot wrote it and its signature holds for this run. */
  #trusted(status: { context?: string; description?: string | null; creator?: { type?: string } | null }) {
    if (status.context?.toLowerCase() !== this.context.toLowerCase() || status.creator?.type !== 'Bot') return;
    const match = DESCRIPTION.exec(status.description ?? '');
    if (!match) return;
    const [, jobId = '', signature = ''] = match;
    return sameSignature(signature, this.#signature(jobId)) ? jobId : undefined;
  }

  /**
   * The job an earlier attempt of this run recorded. The first attempt has none to find and reads
   * nothing. A refusal (403, 404) means the token cannot read statuses, so it could not have written
   * one either: the run goes on and creates a job. Anything else is `failed`.
   */
  async find(): Promise<Recorded> {
    if (this.#run.attempt <= 1 || !this.possible) return { kind: 'none' };
    const call = `Reading the statuses of commit ${this.#run.sha.slice(0, 7)} (to find the job of an earlier attempt)`;
    try {
      const octokit = await this.#octokit();
      let found: string | undefined;
      let pages = 0;
      await octokit.paginate(
        octokit.rest.repos.listCommitStatusesForRef,
        { ...this.#repository, ref: this.#run.sha, per_page: PER_PAGE },
        (response, done) => {
          pages++;
          for (const status of response.data) {
            found ??= this.#trusted(status);
          }
          if (found !== undefined || pages >= MAX_PAGES) done();
          return [];
        },
      );
      if (found === undefined) {
        this.#log.info(`No earlier attempt of run ${this.#run.id} recorded a job for this step: creating one.`);
        return { kind: 'none' };
      }
      return { kind: 'found', jobId: found };
    } catch (error) {
      const status = (error as { status?: number }).status;
      if ((status === 403 || status === 404) && !isRateLimited(error)) {
        this.#log.warning(
          `${describeGitHubError(call, error, 'statuses: read')} A job an earlier attempt started cannot be ` +
            'found, so this re-run creates a new one.',
        );
        return { kind: 'none' };
      }
      return {
        kind: 'failed',
        message:
          `${describeGitHubError(call, error, 'statuses: read')} Nothing was sent to the service: the statuses ` +
          'tell whether an earlier attempt of this run started a job.',
      };
    }
  }

  /**
   * What records `jobId` for later attempts, for the post step to write (writeRunRecord); undefined
   * when this run has no place for it, which is said, with what a re-run will do.
   */
  entry(jobId: string): RunRecordEntry | undefined {
    if (!this.possible) {
      this.#log.info(`This run has no commit to record job ${jobId} on (GITHUB_SHA). ${UNRECORDED}`);
      return undefined;
    }
    const description = this.describe(jobId);
    if (!description) {
      this.#log.warning(`Job id ${jobId} is too long to record on the commit. ${UNRECORDED}`);
      return undefined;
    }
    return { sha: this.#run.sha, context: this.context, description, jobId };
  }
}

/** A record as the main step leaves it for the post step: everything it writes, signed already. */
export interface RunRecordEntry {
  sha: string;
  context: string;
  description: string;
  jobId: string;
}

/** Writes the record. A failure is a warning that names the permission and says what a re-run will do. */
export async function writeRunRecord(
  octokit: Octokit,
  repository: { owner: string; repo: string },
  entry: RunRecordEntry,
  url: string | undefined,
  log: Logger,
): Promise<void> {
  const { sha, context, description, jobId } = entry;
  try {
    await octokit.rest.repos.createCommitStatus({
      ...repository,
      sha,
      state: 'success',
      context,
      description,
      ...(url ? { target_url: url } : {}),
    });
    log.info(`Recorded job ${jobId} on commit ${sha.slice(0, 7)} ('${context}'), for a re-run.`);
  } catch (error) {
    const said = describeGitHubError(`Recording job ${jobId} on commit ${sha.slice(0, 7)}`, error, 'statuses: write');
    log.warning(`${said} ${UNRECORDED}`);
  }
}
