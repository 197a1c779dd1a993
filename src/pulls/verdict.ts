import type { CheckConclusion } from '../github/checks.ts';
import type { OutcomeKind } from '../outcome/outcome.ts';
import { OUTCOMES } from '../outcome/table.ts';
import type { Job, Session } from '../service/client.ts';
import { forText } from '../text/text-gate.ts';

/**
 * The one line that says how the docs of a pull request stand, the same in the comment, the check's
 * title, the job summary and the `message` output: its kind's row's check title (outcome/table.ts),
 * "docs PR #N", "no documentation change needed: <reason>" (or, for a link the run cannot vouch
 * for, that link as text with why) or "failed: <reason>"; "working" while the job goes on.
 */
export interface Verdict {
  line: string;
  /** Undefined while the job works: the check stays in progress. */
  conclusion: CheckConclusion | undefined;
  /** The row's symbol, before the line in the thread's comment (follow mode's own notices have none). */
  symbol?: string;
}

const MAX_REASON = 200;

function reason(text: string | undefined): string | undefined {
  return forText((text ?? '').replace(/\s+/g, ' ').trim(), MAX_REASON) || undefined;
}

/** A link the job reported that was not used (service/job.ts, step/docs-access.ts `vetJobLink`), as text with its reason. */
function refused(job: Pick<Job, 'rejectedPrLink' | 'prLinkProblem'> | undefined): string | undefined {
  if (job?.rejectedPrLink === undefined) return undefined;
  const link = job.rejectedPrLink ? `: ${job.rejectedPrLink}` : '';
  return reason(`the link it reported ${job.prLinkProblem ?? 'was refused'}, so it was not used${link}`);
}

function said(
  kind: OutcomeKind,
  job: Pick<Job, 'prNumber' | 'rejectedPrLink' | 'prLinkProblem'> | undefined,
  why: string | undefined,
): Verdict {
  const row = OUTCOMES[kind];
  const line = row.check.title({ prNumber: job?.prNumber ?? '', reason: reason(why), refusedLink: refused(job) });
  return { line, conclusion: row.check.conclusion, symbol: row.symbol };
}

export function verdictOf(job: Job, session: Session | undefined): Verdict {
  switch (job.status) {
    case 'completed':
      return said(job.prLink ? 'pull-request' : 'no-change', job, session?.messageToUser);
    case 'failed':
      return said('failed', job, session?.messageToUser);
    case 'archived':
      return said('archived', job, undefined);
    default:
      return said('started', job, undefined);
  }
}

export function failedVerdict(why: string): Verdict {
  return said('error', undefined, why);
}

/**
 * A round cancelled before its create (or, `followUp`, its follow-up to the job) was sent: the
 * `cancelled` row's check without a job to wait for.
 */
export function unsentVerdict(followUp = false): Verdict {
  const row = OUTCOMES.cancelled;
  const form = row.check.unsent ?? row.check;
  return {
    line: form.title({ prNumber: '', reason: undefined, followUp }),
    conclusion: form.conclusion,
    symbol: row.symbol,
  };
}

/** A round whose job goes on without this run: it stopped waiting (`waited`: out of time or cancelled), or did not wait. */
export function goesOnVerdict(waited: boolean): Verdict {
  return said(waited ? 'timed-out' : 'started', undefined, undefined);
}
