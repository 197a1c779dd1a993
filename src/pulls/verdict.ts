import type { CheckConclusion } from '../github/checks.ts';
import type { Job, Session } from '../service/client.ts';
import { forText } from '../text/text-gate.ts';

/**
 * The one line that says how the docs of a pull request stand, the same in the comment, the check's
 * title, the job summary and the `message` output: "docs PR #N", "no documentation change needed:
 * <reason>" or "failed: <reason>"; "working" while the job goes on.
 */
export interface Verdict {
  line: string;
  /** Undefined while the job works: the check stays in progress. */
  conclusion: CheckConclusion | undefined;
}

const MAX_REASON = 200;

function reason(text: string | undefined, fallback: string): string {
  const line = forText((text ?? '').replace(/\s+/g, ' ').trim(), MAX_REASON);
  return line || fallback;
}

export function verdictOf(job: Job, session: Session | undefined): Verdict {
  switch (job.status) {
    case 'completed':
      return job.prLink
        ? { line: `docs PR #${job.prNumber ?? ''}`, conclusion: 'success' }
        : {
            line: `no documentation change needed: ${reason(session?.messageToUser, 'the agent changed no files')}`,
            conclusion: 'success',
          };
    case 'failed':
      return {
        line: `failed: ${reason(session?.messageToUser, 'the job failed on the service')}`,
        conclusion: 'failure',
      };
    case 'archived':
      return { line: 'failed: the job was archived before it finished', conclusion: 'failure' };
    default:
      return { line: 'working', conclusion: undefined };
  }
}

export function failedVerdict(why: string): Verdict {
  return { line: `failed: ${reason(why, 'the action could not run the job')}`, conclusion: 'failure' };
}
