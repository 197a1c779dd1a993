import { ISSUE_REF, JOB_ID } from '../text/grammar.ts';
import { DOCS_MARKER_PREFIX, readMarker, renderMarker, type MarkerScope } from './marker.ts';
import type { Octokit } from './octokit.ts';
import type { Repository } from './pull-requests.ts';

/**
 * The docs pull requests this action's jobs opened, known without a scan and without trusting
 * anyone's word. The service opens them; whenever a run (or the sweep) learns a job's docs pull
 * request, it marks it twice:
 * - the label DOCS_PR_LABEL, so that the docs repository lists them, open ones first, in one
 *   call per hundred (GET /repos/{o}/{r}/issues?labels=…: pull requests carry a `pull_request` field);
 * - a signed line at the end of the docs pull request's description,
 *   `<!-- docs-agent-docs for=<owner>/<repo>#<n> pull=<0|1> job=<id> sig=<hmac> -->`, naming the
 *   request (the code repository's issue or pull request) and the job. It is in the description,
 *   not a comment, because the list call returns descriptions: verifying a whole page costs no call.
 * The label is only the cheap index: anyone with triage access can put it on anything. What makes a
 * pull request this action's is the signature of the one marker codec (github/marker.ts, kind
 * `docs`), an HMAC keyed by the api-key over the docs repository (lower case), the docs pull
 * request's number and the fields, so a line copied to another pull request or typed by someone without the key is never
 * believed. Nothing is ever closed or counted without it. A description rewritten without the line
 * (by a person, or by the service) only takes the pull request out of the backlog's hands.
 */
export const DOCS_PR_LABEL = 'docs-agent: docs';

/** Docs pull requests read at most per listing: 3 pages of 100, the oldest update first. */
export const MAX_DOCS_PRS = 300;
const PER_PAGE = 100;
/**
 * List calls at most per listing, whatever else carries the label: issues and pull requests
 * without this action's line are skipped, not counted, so without this cap a triager who labels
 * many issues would cost a call per hundred of them.
 */
export const MAX_LIST_PAGES = 3;
/** A description is at most 65,536 characters on GitHub; only this many marker-like lines are tried. */
const MAX_MARKER_LINES = 5;

/** The request a docs pull request is for, as its signed line names it. */
export interface DocsRequest {
  /** The code repository, `owner/repo` as GitHub spells it. */
  repository: string;
  number: number;
  /** Whether `number` is a pull request (its close without merging closes the docs). */
  pull: boolean;
  jobId: string;
}

/** A docs pull request as the label index lists it. */
export interface DocsPr {
  number: number;
  url: string;
  state: 'open' | 'closed';
  /** ISO time of its last change: a comment, a push, a label or this action's own marking. */
  updatedAt: string;
  /** The request of its signed line; undefined when the line is missing or not this action's. */
  request: DocsRequest | undefined;
}

/** What a docs pull request's marker is signed for: the docs repository and the docs pull request. */
function scopeOf(key: string, docs: Repository, docsNumber: number): MarkerScope {
  return { key, repository: `${docs.owner}/${docs.repo}`, issueNumber: docsNumber };
}

/** The signed line for docs pull request `docsNumber` of `docs`; undefined for a request it may not hold. */
export function renderDocsMarker(
  key: string,
  docs: Repository,
  docsNumber: number,
  request: DocsRequest,
): string | undefined {
  const ref = `${request.repository}#${request.number}`;
  if (!ISSUE_REF.test(ref) || !JOB_ID.test(request.jobId)) return undefined;
  const marker = { kind: 'docs', request: ref, pull: request.pull, jobId: request.jobId } as const;
  return renderMarker(marker, scopeOf(key, docs, docsNumber));
}

/**
 * The request of the first line of `body` this action signed for this docs pull request, or
 * undefined. Each line that starts like the marker is read by the one codec (github/marker.ts), at
 * most MAX_MARKER_LINES of them.
 */
export function readDocsMarker(
  body: string,
  key: string,
  docs: Repository,
  docsNumber: number,
): DocsRequest | undefined {
  const scope = scopeOf(key, docs, docsNumber);
  let tried = 0;
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (!line.startsWith(DOCS_MARKER_PREFIX)) continue;
    if (++tried > MAX_MARKER_LINES) return undefined;
    const marker = readMarker(line, scope, 'docs');
    if (!marker) continue;
    const at = marker.request.lastIndexOf('#');
    return {
      repository: marker.request.slice(0, at),
      number: Number(marker.request.slice(at + 1)),
      pull: marker.pull,
      jobId: marker.jobId,
    };
  }
  return undefined;
}

/**
 * Marks docs pull request `number` as this action's, for `request`: the signed line appended to its
 * description (unless a line of this action is there already: the first request it was opened for
 * keeps it) and the label (GitHub creates it on first use). Idempotent; one read when nothing is
 * missing, none when `read` is given. Throws: the caller decides whether a failure is a warning.
 */
export async function markDocsPr(
  octokit: Octokit,
  docs: Repository,
  number: number,
  request: DocsRequest,
  key: string,
  // Its description and labels as this run read them already (step/docs-access.ts), or read here.
  read?: { body: string | null; labels: { name: string }[] },
): Promise<'marked' | 'known'> {
  const data = read ?? (await octokit.rest.pulls.get({ ...docs, pull_number: number })).data;
  const body = data.body ?? '';
  const signed = readDocsMarker(body, key, docs, number) !== undefined;
  const labelled = data.labels.some((label) => label.name.toLowerCase() === DOCS_PR_LABEL.toLowerCase());
  if (signed && labelled) return 'known';
  if (!signed) {
    const line = renderDocsMarker(key, docs, number, request);
    if (!line) throw new Error(`the request ${request.repository}#${request.number} cannot be named in a marker`);
    await octokit.rest.pulls.update({ ...docs, pull_number: number, body: `${body.trimEnd()}\n\n${line}\n` });
  }
  if (!labelled) await octokit.rest.issues.addLabels({ ...docs, issue_number: number, labels: [DOCS_PR_LABEL] });
  return 'marked';
}

/**
 * The pull requests of `docs` with the label, in `state`, least recently updated first, at most
 * `max` and from at most MAX_LIST_PAGES list calls, each with its verified request (undefined when
 * it has none: never this action's to touch). `signedOnly`: only those with a request are kept.
 */
export async function listDocsPrs(
  octokit: Octokit,
  docs: Repository,
  key: string,
  options: { state: 'open' | 'all'; max?: number; signal?: AbortSignal; signedOnly?: boolean },
): Promise<{ items: DocsPr[]; truncated: boolean }> {
  const max = Math.min(options.max ?? MAX_DOCS_PRS, MAX_DOCS_PRS);
  const items: DocsPr[] = [];
  for (let page = 1; items.length < max; page++) {
    if (page > MAX_LIST_PAGES || options.signal?.aborted) return { items, truncated: true };
    const { data } = await octokit.rest.issues.listForRepo({
      ...docs,
      labels: DOCS_PR_LABEL,
      state: options.state,
      sort: 'updated',
      direction: 'asc',
      per_page: PER_PAGE,
      page,
    });
    for (const issue of data) {
      if (items.length >= max) return { items, truncated: true };
      // An issue with the label is someone else's doing: never a docs pull request.
      if (!issue.pull_request) continue;
      const request = readDocsMarker(issue.body ?? '', key, docs, issue.number);
      if (options.signedOnly && !request) continue;
      items.push({
        number: issue.number,
        url: issue.html_url,
        state: issue.state === 'closed' ? 'closed' : 'open',
        updatedAt: issue.updated_at,
        request,
      });
    }
    if (data.length < PER_PAGE) return { items, truncated: false };
  }
  return { items, truncated: true };
}

/**
 * How many open docs pull requests of this action `docs` holds, counting only those with the
 * signed line (unsigned labelled ones neither fill nor empty the count), from at most
 * MAX_LIST_PAGES list calls: at most 100 (a limit is at most 100, so more is "at least 100").
 * `partial`: the pages ran out first, so the count is a lower bound.
 */
export async function countOpenDocsPrs(
  octokit: Octokit,
  docs: Repository,
  key: string,
  signal?: AbortSignal,
): Promise<{ count: number; partial: boolean }> {
  const options = { state: 'open' as const, max: PER_PAGE, signedOnly: true, ...(signal ? { signal } : {}) };
  const { items, truncated } = await listDocsPrs(octokit, docs, key, options);
  return { count: items.length, partial: truncated && items.length < PER_PAGE };
}

/** A comment on the docs pull request, then the close. Throws. */
export async function closeDocsPr(octokit: Octokit, docs: Repository, number: number, comment: string): Promise<void> {
  await octokit.rest.issues.createComment({ ...docs, issue_number: number, body: comment });
  await octokit.rest.pulls.update({ ...docs, pull_number: number, state: 'closed' });
}

/** The request's issue or pull request in the code repository: state, merge, address. */
export async function readRequest(
  octokit: Octokit,
  request: DocsRequest,
): Promise<{ state: 'open' | 'closed'; pull: boolean; merged: boolean; url: string }> {
  const [owner = '', repo = ''] = request.repository.split('/');
  const { data } = await octokit.rest.issues.get({ owner, repo, issue_number: request.number });
  return {
    state: data.state === 'closed' ? 'closed' : 'open',
    pull: !!data.pull_request,
    merged: !!data.pull_request?.merged_at,
    url: data.html_url,
  };
}
