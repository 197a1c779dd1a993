import { errorMessage } from '../base/errors.ts';
import {
  closeDocsPr,
  countOpenDocsPrs,
  listDocsPrs,
  markDocsPr,
  readRequest,
  type DocsPr,
  type DocsRequest,
} from '../github/docs-prs.ts';
import type { Repository } from '../github/pull-requests.ts';
import { forMarkdown } from '../text/text-gate.ts';
import type { BacklogSettings } from './backlog-inputs.ts';
import { docsClient, ourDocsPull, type DocsAccess, type DocsPull } from './docs-access.ts';
import type { SweepContext } from './finish.ts';
import { sameRepository, type JobFacts } from '../github/docs-pr-trust.ts';

export { docsClient, ourDocsPull, vetJobLink, type DocsAccess, type DocsPull } from './docs-access.ts';

/**
 * The docs pull request backlog: the docs pull requests this action's jobs opened (github/docs-prs.ts
 * says how they are known: a label to list them, a signed line to believe them). Three rules, each
 * touching only pull requests whose signed line names a request of this repository:
 * - a run that learns a job's docs pull request marks it (`markDocsPull`: agent and follow mode,
 *   and the sweep when it finishes a job);
 * - the sweep (`keepBacklog`) closes, with a comment, the docs pull requests whose code pull request
 *   was closed without merging, and with `stale-days` those nobody touched for that long;
 * - with `max-open-docs-prs`, a run about to create a new job first counts the open ones
 *   (`backlogFull`: at most MAX_LIST_PAGES list calls) and, at the limit, refuses (the mode says so on the request).
 * The docs repository is read with `docs-token`, or with `github-token` when it is this repository.
 */

/** What of the sweep's context the backlog uses. */
export type BacklogContext = Pick<SweepContext, 'step' | 'octokit' | 'repository' | 'settings' | 'docsToken'> &
  Partial<Pick<SweepContext, 'deadline' | 'clock'>>;

/** What is left of the sweep's deadline (SweepContext `deadline`), or `timeout-minutes` outside a sweep. */
function budgetOf(context: BacklogContext): number {
  if (context.deadline === undefined) return context.settings.timeoutMs;
  return Math.max(0, context.deadline - (context.clock ?? { now: Date.now }).now());
}

/**
 * Marks the docs pull request `link` as opened for `request` (this repository's issue or pull
 * request) by the job `job` describes, once the one check (docs-access.ts `ourDocsPull`) says the
 * job opened it. Never fails the run: a link that fails the check is refused with a warning and
 * left untouched, no token for the docs repository is said in the log (the pull request is then
 * never touched by the backlog), a failed call is a warning.
 */
export async function markDocsPull(
  access: DocsAccess,
  link: string,
  request: Omit<DocsRequest, 'repository'>,
  job: JobFacts,
  // The docs pull request as the check read it already in this run, if it did.
  read?: Extract<DocsPull, { ok: true }>,
): Promise<void> {
  const { log } = access.step.runner;
  const named = { ...request, repository: `${access.repository.owner}/${access.repository.repo}` };
  try {
    const pull = read ?? (await ourDocsPull(access, link, request, job));
    if (!pull.ok && pull.unnamed) {
      log.info(`The docs pull request ${link} is not touched: it ${pull.problem} names no other repository.`);
      return;
    }
    if (!pull.ok && pull.noToken) {
      log.info(
        `The docs pull request ${link} is not marked as this action's: no token here may write to it ('docs-token').`,
      );
      return;
    }
    if (!pull.ok) {
      log.warning(`The pull request ${link} the service reported is left untouched: it ${pull.problem}.`);
      return;
    }
    const done = await markDocsPr(pull.octokit, pull.docs, pull.number, named, access.key, pull.read);
    if (done === 'marked') log.info(`Marked the docs pull request ${link} as opened for #${request.number}.`);
  } catch (error) {
    log.warning(
      `Could not mark the docs pull request ${link} as this action's (needs 'pull-requests: write' and 'issues: write' ` +
        `on its repository): ${errorMessage(error)}`,
    );
  }
}

/** What the sweep reaches the docs repository with (for `markDocsPull` in a finisher, and `keepBacklog`). */
export function sweepAccess(context: BacklogContext, docsToken = context.docsToken ?? ''): DocsAccess {
  return {
    octokit: context.octokit,
    repository: context.repository,
    key: context.settings.apiKey,
    docsToken,
    // A client made for the docs token now stops where the sweep does, not a whole budget later.
    timeoutMs: budgetOf(context),
    step: context.step,
  };
}

/** The limit reached: how many are open, of how many allowed, in which repository. */
export interface BacklogFull {
  count: number;
  limit: number;
  docs: Repository;
  /** One line for the refusal, completing "The documentation agent was not started: …". */
  reason: string;
}

/**
 * With `max-open-docs-prs`, whether a new job must wait: the open docs pull requests of this
 * action in the docs repository, counted from at most MAX_LIST_PAGES list calls. Undefined when there is no limit, when
 * no token here can read the docs repository (a warning says so: the limit is not judged, nothing
 * is refused), or when the count failed (a warning: a GitHub hiccup refuses nobody).
 */
export async function backlogFull(access: DocsAccess, backlog: BacklogSettings): Promise<BacklogFull | undefined> {
  const limit = backlog.maxOpenDocsPrs;
  if (limit <= 0) return undefined;
  const { log } = access.step.runner;
  const docs = backlog.docsRepository ?? access.repository;
  const name = `${docs.owner}/${docs.repo}`;
  const octokit = await docsClient(access, docs);
  if (!octokit) {
    log.warning(
      `'max-open-docs-prs' is not judged: no token here may read ${name}. Set 'docs-token' to a token ` +
        `that may read its pull requests.`,
    );
    return undefined;
  }
  try {
    const { count, partial } = await countOpenDocsPrs(octokit, docs, access.key, access.step.signal);
    const least = partial ? 'at least ' : '';
    log.info(`${least}${count} docs pull request(s) of this action are open in ${name} (max-open-docs-prs: ${limit}).`);
    if (count < limit) return undefined;
    const reason =
      `the docs pull requests it opened in ${name} are at the limit ('max-open-docs-prs': ${limit} open); ` +
      `ask again once some are merged or closed`;
    return { count, limit, docs, reason };
  } catch (error) {
    log.warning(`Could not count the open docs pull requests in ${name}: ${errorMessage(error)}`);
    return undefined;
  }
}

/** One docs pull request's line in the sweep's summary. */
export interface BacklogRow {
  /** closed: this sweep closed it. kept: left open. error: see detail. */
  kind: 'closed' | 'kept' | 'error';
  /** The docs pull request's address. */
  docs: string;
  /** The request it is for, `owner/repo#n`. */
  request: string;
  /** One line, already inert for markdown. */
  detail: string;
}

export interface BacklogResult {
  rows: BacklogRow[];
  /** Not every docs pull request was looked at: the caps, or the run was cancelled. */
  truncated: boolean;
  /** Why nothing was looked at, when nothing could be (no token for the docs repository, a failed list). */
  skipped?: string;
}

/** Code requests read at most per sweep: each is one call. */
const MAX_CHECKED = 100;
const DAY_MS = 86_400_000;

/**
 * The sweep's rules for the backlog (see the top of this file). `options.now` is the clock (tests),
 * `options.askAgain` the words that ask for docs again (the trigger phrase, `/docs` by default).
 */
export async function keepBacklog(
  context: BacklogContext,
  backlog: BacklogSettings,
  options: { now?: () => number; askAgain?: string } = {},
): Promise<BacklogResult> {
  const { step, repository } = context;
  const access = sweepAccess(context, backlog.docsToken);
  const { log } = step.runner;
  const docs = backlog.docsRepository ?? repository;
  const name = `${docs.owner}/${docs.repo}`;
  const octokit = await docsClient(access, docs);
  if (!octokit) {
    const skipped = `no token here may write to ${name}: set 'docs-token' to keep its docs pull requests`;
    log.warning(`The docs pull request backlog is not kept: ${skipped}.`);
    return { rows: [], truncated: false, skipped };
  }
  let listed: { items: DocsPr[]; truncated: boolean };
  try {
    listed = await listDocsPrs(octokit, docs, access.key, { state: 'open', signal: step.signal });
  } catch (error) {
    const skipped = `listing the docs pull requests of ${name} failed: ${errorMessage(error)}`;
    log.warning(`The docs pull request backlog is not kept: ${skipped}`);
    return { rows: [], truncated: false, skipped: forMarkdown(skipped, 300) };
  }
  const now = (options.now ?? Date.now)();
  const ask = /^[^\s`]{1,40}$/.test(options.askAgain ?? '') ? (options.askAgain as string) : '/docs';
  const rows: BacklogRow[] = [];
  let truncated = listed.truncated;
  let checked = 0;
  for (const item of listed.items) {
    const request = item.request;
    // Never this action's (no valid signed line), or another code repository's: not touched.
    if (!request || request.repository.toLowerCase() !== `${repository.owner}/${repository.repo}`.toLowerCase())
      continue;
    // A line that names the pull request itself as its request is never a docs pull request (docs-pr-trust.ts).
    if (sameRepository(docs, repository) && request.number === item.number) continue;
    const stale = backlog.staleDays > 0 && now - Date.parse(item.updatedAt) >= backlog.staleDays * DAY_MS;
    const row = { docs: item.url, request: `${request.repository}#${request.number}` };
    if (!stale && !request.pull) {
      rows.push({ ...row, kind: 'kept', detail: 'open, touched recently' });
      continue;
    }
    if (step.signal.aborted || budgetOf(context) <= 0 || checked >= MAX_CHECKED) {
      truncated = true;
      break;
    }
    checked++;
    try {
      const code = await readRequest(context.octokit, request);
      // GitHub's address of the request, or the cross-repository reference GitHub links itself.
      const link = /^https:\/\/[^\s<>]+$/.test(code.url) ? `<${code.url}>` : `${request.repository}#${request.number}`;
      if (code.pull && code.state === 'closed' && !code.merged) {
        const words = `The code pull request ${link} was closed without merging, so these docs are closed too.`;
        await closeDocsPr(octokit, docs, item.number, words);
        rows.push({ ...row, kind: 'closed', detail: 'the code pull request was closed without merging' });
      } else if (stale) {
        const words =
          `Nobody touched this docs pull request for ${backlog.staleDays} days ('stale-days'), so it is closed. ` +
          `To ask for these docs again, comment \`${ask}\` on ${link}.`;
        await closeDocsPr(octokit, docs, item.number, words);
        rows.push({ ...row, kind: 'closed', detail: `nobody touched it for ${backlog.staleDays} days (stale-days)` });
      } else {
        rows.push({ ...row, kind: 'kept', detail: code.merged ? 'the code merged' : `the code is ${code.state}` });
      }
    } catch (error) {
      log.warning(`Could not settle the docs pull request ${item.url}: ${errorMessage(error)}`);
      rows.push({ ...row, kind: 'error', detail: forMarkdown(errorMessage(error), 200) });
    }
  }
  const closed = rows.filter((row) => row.kind === 'closed').length;
  log.info(
    `Docs pull request backlog of ${name}: ${closed} closed, ${rows.length - closed} left${truncated ? ' (more next time)' : ''}.`,
  );
  return { rows, truncated };
}

/** The summary's table of a backlog result, markdown: one line per docs pull request. */
export function backlogTable(result: BacklogResult): string {
  if (result.skipped) return `Docs pull requests: not kept (${result.skipped}).`;
  if (!result.rows.length) return 'Docs pull requests: none of this action open.';
  const lines = ['| docs pull request | for | done |', '| --- | --- | --- |'];
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  for (const row of result.rows) {
    const docs = /^https:\/\/[^\s<>|]+$/.test(row.docs) ? `<${row.docs}>` : 'a docs pull request';
    lines.push(`| ${docs} | ${cell(forMarkdown(row.request, 120))} | ${row.kind}: ${cell(row.detail)} |`);
  }
  if (result.truncated) lines.push('', 'More are left for the next sweep.');
  return lines.join('\n');
}
