import { JOB_STATUSES } from '../base/constants.ts';
import { forLog } from '../text/text-gate.ts';
import { holdsSecret } from '../text/secrets.ts';
import { checkPullRequestLink, JOB_ID } from '../text/grammar.ts';

/**
 * A job as the service reports it, checked at the door: every field here is safe to print, to put
 * in an output or in a comment. Only `id` is required; everything else may be missing.
 */
export interface Job {
  /** Exactly as the service gave it, and only if it is a well-formed id (JOB_ID) that holds no secret. */
  id: string;
  /** One of JOB_STATUSES, or '' when the service sent none or one this action does not know. */
  status: string;
  /**
   * A status the service sent that is not one of JOB_STATUSES, escaped onto one inert line
   * (`completed\n` stays visibly different from `completed`): the wait loop warns about it and
   * treats the job as running. It is never an output.
   */
  unknownStatus?: string;
  /**
   * A pull request link on a code host the run trusts (github.com or the GitHub Enterprise server),
   * rebuilt from its parts as `https://<host>/<owner>/<repo>/pull/<number>` (src/text/grammar.ts).
   */
  prLink: string | null;
  /** The number of `prLink`, when there is one. */
  prNumber?: string;
  /**
   * A link the service sent that failed the checks, made inert ('' when it is not shown, as when it
   * holds a secret): reported as a warning, never used.
   */
  rejectedPrLink?: string;
  /** Why `rejectedPrLink` was refused, completing "the pull request link it reported …". */
  prLinkProblem?: string;
  createdAt?: string;
  /** The branch the agent works on (`source.ref`), when the service names one: ties a pull request to the job. */
  sourceRef?: string;
}

export /** The job in a body, or what is wrong with the body. */
function toJob(body: unknown, codeHosts: readonly string[]): Job | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'with a body that is not a job';
  const raw = body as Record<string, unknown>;
  const id = typeof raw.id === 'number' && Number.isSafeInteger(raw.id) ? String(raw.id) : raw.id;
  if (typeof id !== 'string' || !id) return 'without a job id';
  if (!JOB_ID.test(id)) return 'with a malformed job id';
  // An id is used exactly as given (in paths, outputs and comments), so one that holds the key is refused.
  if (holdsSecret(id)) return 'with a malformed job id (it holds a secret of this run; not shown)';
  const job: Job = { id, prLink: null, ...checkStatus(raw.status) };
  Object.assign(job, checkPrLink(raw.prLink, codeHosts));
  if (typeof raw.createdAt === 'string' && !Number.isNaN(Date.parse(raw.createdAt))) job.createdAt = raw.createdAt;
  const source = raw.source as { ref?: unknown } | null | undefined;
  if (typeof source?.ref === 'string' && /^[\w./-]{1,255}$/.test(source.ref)) job.sourceRef = source.ref;
  return job;
}

/** A known status, or '' and the unknown one escaped onto one inert line. */
function checkStatus(status: unknown): Pick<Job, 'status' | 'unknownStatus'> {
  if (status === undefined || status === null || status === '') return { status: '' };
  if (typeof status === 'string' && (JOB_STATUSES as readonly string[]).includes(status)) return { status };
  // Escaped as in JSON, so that `completed\n` is not shown as `completed`; quoted when white space
  // at either end would otherwise be lost on the log line.
  const escaped = typeof status === 'string' ? JSON.stringify(status).slice(1, -1) : String(JSON.stringify(status));
  const shown = escaped.trim() === escaped ? escaped : JSON.stringify(status);
  return { status: '', unknownStatus: forLog(shown, 40) };
}

/**
 * The link rebuilt from its parts when it passes its grammar (src/text/grammar.ts); otherwise what
 * to warn about. No link at all is null.
 */
function checkPrLink(
  link: unknown,
  codeHosts: readonly string[],
): Pick<Job, 'prLink' | 'prNumber' | 'rejectedPrLink' | 'prLinkProblem'> {
  if (link === undefined || link === null || link === '') return { prLink: null };
  if (typeof link !== 'string') {
    return {
      prLink: null,
      rejectedPrLink: '',
      prLinkProblem: `is not text but ${Array.isArray(link) ? 'a list' : typeof link}`,
    };
  }
  if (holdsSecret(link)) {
    return { prLink: null, rejectedPrLink: '', prLinkProblem: 'holds a secret of this run (not shown)' };
  }
  const checked = checkPullRequestLink(link, codeHosts);
  if (checked.ok) return { prLink: checked.value.link, prNumber: checked.value.number };
  return { prLink: null, rejectedPrLink: forLog(link, 120), prLinkProblem: checked.problem };
}
