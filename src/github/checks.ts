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

/** A check run this token made on a commit, by name. */
export interface FoundCheck {
  id: number;
  status: string;
  /** Its output's summary as last written ('' when none): a writer edits only when it changed. */
  summary: string;
}

/**
 * The check runs named `name` on `sha` (at most 100: one head gets a few, one per run that reported
 * on it), newest first. Only those of the token's own App count: another App's check of the same
 * name is never touched (GitHub would refuse the update anyway).
 */
export async function findChecks(
  octokit: Octokit,
  repository: Repository,
  sha: string,
  name: string,
): Promise<FoundCheck[]> {
  const { data } = await octokit.rest.checks.listForRef({
    ...repository,
    ref: sha,
    check_name: name,
    filter: 'latest',
    per_page: 100,
  });
  return data.check_runs.map((run) => ({ id: run.id, status: run.status, summary: run.output.summary ?? '' }));
}

function output(view: CheckView): { title: string; summary: string } {
  return { title: view.title.slice(0, MAX_TITLE), summary: view.summary.slice(0, MAX_SUMMARY) };
}

/** The one check of `name` on `sha`: updated when this action made one there already, created when not. */
export async function writeCheck(
  octokit: Octokit,
  repository: Repository,
  sha: string,
  name: string,
  view: CheckView,
  existing?: number,
): Promise<number> {
  const state = view.conclusion
    ? { status: 'completed' as const, conclusion: view.conclusion, completed_at: new Date().toISOString() }
    : { status: 'in_progress' as const };
  const details = view.detailsUrl ? { details_url: view.detailsUrl } : {};
  if (existing !== undefined) {
    await octokit.rest.checks.update({
      ...repository,
      check_run_id: existing,
      ...state,
      ...details,
      output: output(view),
    });
    return existing;
  }
  const { data } = await octokit.rest.checks.create({
    ...repository,
    name,
    head_sha: sha,
    ...state,
    ...details,
    output: output(view),
  });
  return data.id;
}
