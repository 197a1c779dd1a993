import { forLog } from '../text/text-gate.ts';
import { holdsSecret } from '../text/secrets.ts';
import { checkPullRequestLink, JOB_ID } from '../text/grammar.ts';

/**
 * One entry of the deprecated v1 list of a project's sessions (`GET /v1/agent/{projectId}/jobs`),
 * checked at the door as a job is: an entry without a usable id is dropped, every text is one inert
 * capped line, and a pull request link is kept only when it passes the same grammar as a job's.
 */
export interface ListedJob {
  id: string;
  /** The agent's title, '' before it named the job. */
  title: string;
  /** `running` while the session is not halted, else its halt reason (`completed`, `error`, …). */
  state: string;
  prLink: string | null;
  /** Milliseconds since the epoch, when the service gave a readable time. */
  createdAt?: number;
}

/** The most entries the service gives in one page (its `take`). */
export const MAX_PAGE = 100;

/** The entries of a list body, or what is wrong with the body. */
export function toSessionList(body: unknown, codeHosts: readonly string[]): ListedJob[] | string {
  const all = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).allSessions : undefined;
  if (!Array.isArray(all)) return 'without an allSessions list';
  // A page is at most MAX_PAGE entries; a longer one is cut rather than trusted.
  return all.slice(0, MAX_PAGE).flatMap((entry) => {
    const listed = toListed(entry, codeHosts);
    return listed ? [listed] : [];
  });
}

function toListed(entry: unknown, codeHosts: readonly string[]): ListedJob | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const raw = entry as Record<string, unknown>;
  const id = raw.sessionId;
  if (typeof id !== 'string' || !JOB_ID.test(id) || holdsSecret(id)) return undefined;
  const reason = typeof raw.haultReason === 'string' ? forLog(raw.haultReason, 40) : '';
  const listed: ListedJob = {
    id,
    title: typeof raw.title === 'string' ? forLog(raw.title, 200) : '',
    state: raw.haulted === true ? reason || 'ended' : 'running',
    prLink: null,
  };
  const link = raw.pullRequestLink;
  if (typeof link === 'string' && !holdsSecret(link)) {
    const checked = checkPullRequestLink(link, codeHosts);
    if (checked.ok) listed.prLink = checked.value.link;
  }
  const created = typeof raw.createdAt === 'string' ? Date.parse(raw.createdAt) : Number.NaN;
  if (!Number.isNaN(created)) listed.createdAt = created;
  return listed;
}
