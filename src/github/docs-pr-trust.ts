/** A repository as the REST API addresses it (pull-requests.ts's, not imported: octokit.ts imports this file). */
interface Repository {
  owner: string;
  repo: string;
}

/*
 * Which docs pull request a job's link may name. The service is not trusted to report only its own
 * work, so a link is acted on (marked, drafted, labelled, commented on, closed, reopened, marked
 * ready) only when
 * - it is on this run's GitHub server: checked at the service's door, where codeHosts (octokit.ts)
 *   is that server alone (a github.com link on GitHub Enterprise Server names another server's pull
 *   request of the same number), and again here;
 * - it is in the docs repository (`docs-repository`, or this repository when that is unset);
 * - it is not the code pull request the request came from (docs in the same repository);
 * - and, before this action first touches it, the job opened it (`notOpenedByJob`). After that the
 *   signed line the mark wrote (github/docs-prs.ts) is the proof, for that request and job only.
 * step/docs-access.ts `ourDocsPull` is the one check every action goes through (agent mode's mark,
 * follow mode's draft, close, reopen and ready, the sweep's mark); the sweep's closes act only on
 * pull requests that carry the signed line. A link that fails is reported as text, with the reason
 * (step/docs-access.ts `vetJobLink`, in every mode), and nothing is done to it; one in another repository while
 * `docs-repository` is unset, or one no token here may read, is reported as the service's word
 * (the run cannot tell whose it is) and never touched either.
 */

/** Where a docs pull request of this run may be. */
export interface DocsPrScope {
  /** This run's GitHub server, lower case (github.com when the run names none). */
  host: string;
  /** `owner/repo` of the docs repository. */
  docs: string;
  /** The code request's number when the docs live in the same repository: never a docs pull request. */
  codeNumber?: number | undefined;
}

/**
 * The docs pull request a link names when the scope allows it, or why not (completing "the pull
 * request link it reported …"). The link is one service/job.ts rebuilt: `https://<host>/<o>/<r>/pull/<n>`.
 */
export function docsPrTarget(
  link: string,
  scope: DocsPrScope,
): { ok: true; repository: Repository; number: number } | { ok: false; problem: string; elsewhere?: true } {
  const [scheme = '', , host = '', owner = '', repo = '', kind = '', raw = '', ...rest] = link.split('/');
  const number = Number(raw);
  if (scheme !== 'https:' || kind !== 'pull' || rest.length || !/^[1-9]\d{0,9}$/.test(raw)) {
    return { ok: false, problem: 'is not a link to a pull request' };
  }
  if (host.toLowerCase() !== scope.host)
    return { ok: false, problem: `is not on this run's GitHub server (${scope.host})` };
  if (`${owner}/${repo}`.toLowerCase() !== scope.docs.toLowerCase()) {
    return { ok: false, problem: `is not in the docs repository ${scope.docs} ('docs-repository')`, elsewhere: true };
  }
  if (scope.codeNumber === number)
    return { ok: false, problem: 'names the request it was opened for, not a docs pull request' };
  return { ok: true, repository: { owner, repo }, number };
}

/** Clocks of the service and of GitHub may differ this much; a pull request older than the job by more is not its. */
const CLOCK_SKEW_MS = 120_000;

/** This run's GitHub server, from GITHUB_SERVER_URL. */
export function runHost(env: NodeJS.ProcessEnv = process.env): string {
  try {
    if (env.GITHUB_SERVER_URL) return new URL(env.GITHUB_SERVER_URL).hostname.toLowerCase();
  } catch {
    // An unreadable address: github.com, the default server.
  }
  return 'github.com';
}

export function sameRepository(a: Repository, b: Repository): boolean {
  return a.owner.toLowerCase() === b.owner.toLowerCase() && a.repo.toLowerCase() === b.repo.toLowerCase();
}

/** What the service says of a job that ties a pull request to it. */
export interface JobFacts {
  createdAt?: string | undefined;
  sourceRef?: string | undefined;
}

/** The fields of a pull request (GET /repos/{o}/{r}/pulls/{n}) the proof reads. */
export interface PullFacts {
  created_at?: string | null;
  head: { ref: string; repo: { full_name: string } | null };
  base: { repo: { full_name: string } };
}

/**
 * Why pull request `pull` is not one `job` opened, or undefined when it is: its branch is in the
 * docs repository itself (a fork's pull request is anyone's), and it is the job's branch
 * (`source.ref`) when the service names one (only someone who may push to the docs repository can
 * make that branch), else it was created after the job started (give or take CLOCK_SKEW_MS). With
 * neither fact nothing ties it to the job. The pull request's author is not asked: the service
 * opens pull requests as its own app, whose name the action does not know, and the token's own
 * account proves nothing about who opened it.
 */
export function notOpenedByJob(pull: PullFacts, job: JobFacts): string | undefined {
  if (pull.head.repo?.full_name.toLowerCase() !== pull.base.repo.full_name.toLowerCase()) {
    return 'comes from another repository than the docs repository';
  }
  if (job.sourceRef) return pull.head.ref === job.sourceRef ? undefined : "is not on the job's branch";
  const created = Date.parse(pull.created_at ?? '');
  const started = Date.parse(job.createdAt ?? '');
  if (Number.isNaN(created) || Number.isNaN(started)) {
    return 'cannot be tied to the job (the service named neither its branch nor its start)';
  }
  return created < started - CLOCK_SKEW_MS ? 'was opened before the job started' : undefined;
}
