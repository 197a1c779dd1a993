import { errorMessage } from '../base/errors.ts';
import type { Logger } from '../base/log.ts';
import { readDocsMarker } from '../github/docs-prs.ts';
import { docsPrTarget, notOpenedByJob, runHost, sameRepository, type JobFacts } from '../github/docs-pr-trust.ts';
import type { Octokit } from '../github/octokit.ts';
import type { Repository } from '../github/pull-requests.ts';
import type { Job } from '../service/client.ts';
import { forLog } from '../text/text-gate.ts';
import { lazyOctokit } from './deps.ts';
import type { Runner } from './runner.ts';
import type { Timings } from './timings.ts';

/** What reaches the docs repository: the run's GitHub client, its repository, the api-key (it signs), the token. */
export interface DocsAccess {
  /** github-token's client, for this repository. */
  octokit: Octokit;
  repository: Repository;
  key: string;
  docsToken: string;
  timeoutMs: number;
  step: { runner: Runner; timings: Timings; signal: AbortSignal };
  /** `docs-repository`; undefined: the input as the runner passes it, else this repository. */
  docsRepository?: Repository | undefined;
}

/**
 * A client that may write to `docs`: docs-token, or github-token when the docs live in this
 * repository; undefined when neither can (the caller says what to do instead).
 */
export async function docsClient(access: DocsAccess, docs: Repository): Promise<Octokit | undefined> {
  if (access.docsToken) return lazyOctokit(access.docsToken, access.timeoutMs, access.step)();
  return sameRepository(docs, access.repository) ? access.octokit : undefined;
}

/** `docs-repository` as the run's settings or, where a mode does not read it, the runner passes it; undefined: unset. */
export function namedDocsRepository(access: DocsAccess, env: NodeJS.ProcessEnv = process.env): Repository | undefined {
  if (access.docsRepository) return access.docsRepository;
  const match = /^([A-Za-z0-9_.-]{1,100})\/([A-Za-z0-9_.-]{1,100})$/.exec((env['INPUT_DOCS-REPOSITORY'] ?? '').trim());
  return match?.[1] && match[2] ? { owner: match[1], repo: match[2] } : undefined;
}

/** A docs pull request this run may act on, with the client that may write to it; or why not. */
export type DocsPull =
  // `read`: as the check read it, acted on without a second read; `signed`: it carries this action's line.
  | { ok: true; docs: Repository; number: number; octokit: Octokit; read: PullData; signed: boolean }
  | {
      ok: false;
      problem: string;
      /** No token here may write to it: never touched, and the run cannot tell whose it is. */
      noToken?: true;
      /** In another repository while `docs-repository` is unset: never touched, reported as the service's word. */
      unnamed?: true;
    };

type PullData = Awaited<ReturnType<Octokit['rest']['pulls']['get']>>['data'];

/**
 * The one check before anything is done to the docs pull request `link` a job reported for
 * `request` (this repository's issue or pull request): github/docs-pr-trust.ts's rule. A pull
 * request that carries this action's signed line is this action's only for the request and job
 * the line names; one without it only when `job` is given (the mark, the draft before it) and the
 * job opened it. Throws when GitHub fails the read: the caller decides whether it is a warning.
 */
export async function ourDocsPull(
  access: DocsAccess,
  link: string,
  request: { number: number; jobId: string; pull: boolean },
  job?: JobFacts,
): Promise<DocsPull> {
  const named = namedDocsRepository(access);
  const docs = named ?? access.repository;
  const code = access.repository;
  const scope = {
    host: runHost(),
    docs: `${docs.owner}/${docs.repo}`,
    // An issue and a pull request never share a number: only a pull request can be named as its own docs.
    codeNumber: request.pull && sameRepository(docs, code) ? request.number : undefined,
  };
  const target = docsPrTarget(link, scope);
  if (!target.ok)
    return { ok: false, problem: target.problem, ...(target.elsewhere && !named ? { unnamed: true } : {}) };
  const octokit = await docsClient(access, target.repository);
  if (!octokit) return { ok: false, problem: "may be written by no token here ('docs-token')", noToken: true };
  // Fresh: the job may have changed it; callers act on this read (`read`) instead of reading again.
  const { data } = await octokit.rest.pulls.get({ ...target.repository, pull_number: target.number });
  const signed = readDocsMarker(data.body ?? '', access.key, target.repository, target.number);
  const accepted = { ok: true, docs: target.repository, number: target.number, octokit, read: data } as const;
  if (signed) {
    const same =
      signed.repository.toLowerCase() === `${code.owner}/${code.repo}`.toLowerCase() &&
      signed.number === request.number &&
      signed.jobId === request.jobId;
    return same ? { ...accepted, signed: true } : { ok: false, problem: 'is signed for another request or job' };
  }
  if (!job) return { ok: false, problem: "does not carry this action's signed line for this request" };
  const problem = notOpenedByJob(data, job);
  return problem
    ? { ok: false, problem: `${problem}: not a pull request this job opened` }
    : { ...accepted, signed: false };
}

/**
 * `job` as a run may report it, in every mode: a link the one check (`ourDocsPull`) refuses is no
 * docs pull request (no `prLink`, no `prNumber`: never output, notified, marked or drafted) but a
 * refused link, named as text with the reason, as any link the run cannot vouch for (service/job.ts).
 * A link no token here may read, or one in another repository while 'docs-repository' is unset, is
 * kept as the service's word and never touched; a failed read is a warning and changes nothing.
 * `docs`: the docs pull request the check accepted, as it read it (acted on without a second read).
 */
export async function vetJobLink(
  access: DocsAccess | undefined,
  job: Job,
  request: { number: number; pull: boolean },
  log: Pick<Logger, 'warning'>,
): Promise<{ job: Job; docs?: Extract<DocsPull, { ok: true }> }> {
  const { prLink } = job;
  if (!prLink || !access) return { job };
  let pull: DocsPull | undefined;
  try {
    pull = await ourDocsPull(access, prLink, { ...request, jobId: job.id }, job);
  } catch (error) {
    log.warning(`Could not read the docs pull request ${prLink}: ${errorMessage(error)}`);
  }
  if (pull?.ok) return { job, docs: pull };
  if (!pull || pull.noToken || pull.unnamed) return { job };
  const { prNumber: _number, ...rest } = job;
  return { job: { ...rest, prLink: null, rejectedPrLink: forLog(prLink, 120), prLinkProblem: pull.problem } };
}
