import { sameSignature, signFields } from './marker.ts';
import type { Octokit } from './octokit.ts';
import type { Repository } from './pull-requests.ts';

export type CheckConclusion = 'success' | 'failure' | 'neutral';

/** What a check run shows: its title (one line), its summary (markdown) and, once done, its conclusion. */
export interface CheckView {
  title: string;
  summary: string;
  /** Undefined: the check stays in progress. */
  conclusion?: CheckConclusion | undefined;
  detailsUrl?: string | undefined;
}

/** GitHub's limits on a check run's output: a title of 255 characters (by the UI), a summary of 65,535. */
const MAX_TITLE = 255;
const MAX_SUMMARY = 65_535;

/**
 * What makes a check run this action's: its `external_id`, which only the app that creates a check
 * run can set, is `docs-agent:<sig>`, an HMAC keyed by the api-key (github/marker.ts) over the
 * repository, the commit and the check's name. The app alone is not enough: a workflow job's check
 * run belongs to the same app as GITHUB_TOKEN, so a CI job named "Docs" looks like the action's
 * by app and name; it carries no such id and is never read as, or rewritten into, this action's.
 * A check of another app is never this action's either: GitHub lets only the app that created a
 * check run update it, and one that copied the id would only see the update refused.
 */
const EXTERNAL_PREFIX = 'docs-agent:';

function externalId(key: string, repository: Repository, sha: string, name: string): string {
  const repo = `${repository.owner}/${repository.repo}`.toLowerCase();
  return `${EXTERNAL_PREFIX}${signFields(key, ['check', repo, sha.toLowerCase(), name])}`;
}

/** Whether `external` is this action's id for check `name` on `sha`. */
export function isOurCheck(
  external: string | null | undefined,
  key: string,
  repository: Repository,
  sha: string,
  name: string,
): boolean {
  if (!external?.startsWith(EXTERNAL_PREFIX)) return false;
  const expected = externalId(key, repository, sha, name).slice(EXTERNAL_PREFIX.length);
  return sameSignature(external.slice(EXTERNAL_PREFIX.length), expected);
}

/** A check run this action made on a commit, by name. */
export interface FoundCheck {
  id: number;
  status: string;
  /** Its output's summary as last written ('' when none): a writer edits only when it changed. */
  summary: string;
}

/**
 * This action's check runs named `name` on `sha` (of at most 100 listed: one head gets a few, one
 * per run that reported on it), newest first. Only those with this action's signed id count (see
 * `isOurCheck`): a CI job or another app's check of the same name is never taken for one, never
 * rewritten, and never stops this action from writing its own.
 */
export async function findChecks(
  octokit: Octokit,
  repository: Repository,
  sha: string,
  name: string,
  key: string,
): Promise<FoundCheck[]> {
  const { data } = await octokit.rest.checks.listForRef({
    ...repository,
    ref: sha,
    check_name: name,
    filter: 'latest',
    per_page: 100,
  });
  return data.check_runs
    .filter((run) => isOurCheck(run.external_id, key, repository, sha, name))
    .map((run) => ({ id: run.id, status: run.status, summary: run.output.summary ?? '' }));
}

/**
 * The one check of `name` on `sha`: updated when this action made one there already (`existing`,
 * from `findChecks`), created with this action's signed id when not.
 */
export async function writeCheck(
  octokit: Octokit,
  repository: Repository,
  sha: string,
  name: string,
  view: CheckView,
  key: string,
  existing?: number,
): Promise<number> {
  const state = view.conclusion
    ? { status: 'completed' as const, conclusion: view.conclusion, completed_at: new Date().toISOString() }
    : { status: 'in_progress' as const };
  const details = view.detailsUrl ? { details_url: view.detailsUrl } : {};
  const output = { title: view.title.slice(0, MAX_TITLE), summary: view.summary.slice(0, MAX_SUMMARY) };
  const fields = { ...repository, ...state, ...details, output };
  if (existing !== undefined) {
    await octokit.rest.checks.update({ ...fields, check_run_id: existing });
    return existing;
  }
  const external_id = externalId(key, repository, sha, name);
  const { data } = await octokit.rest.checks.create({ ...fields, name, head_sha: sha, external_id });
  return data.id;
}
