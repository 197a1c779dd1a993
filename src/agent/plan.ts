import type { FoundProgress } from '../github/progress-comment.ts';
import type { Trigger } from '../github/trigger.ts';

/**
 * What a run does for a request, and where it reports: the progress comment to edit (undefined
 * writes a new one) and the request keys its marker lists, this request's included.
 */
export type Plan = (
  | { kind: 'create' }
  | { kind: 'follow-up'; jobId: string }
  /** The job exists already: named by `job-id`, or by this request's own comment on a re-run. */
  | { kind: 'attach'; jobId: string; reason: string }
) & { commentId: number | undefined; triggers: string[] };

export interface PlanInput {
  /** The `job-id` input; '' when the run does not attach to a named job. */
  jobId: string;
  /** This request's key (claim.ts `requestKey`). */
  key: string;
  trigger: Extract<Trigger, { kind: 'run' }>;
  /** The job an earlier attempt of this workflow run recorded on its commit (github/run-record.ts). */
  recorded?: string | undefined;
}

/**
 * Decides from the progress comments (those this action signed), or for a run without an
 * issue from the job its earlier attempt recorded, what the request needs.
 * A re-run of a request that already has a job resumes it, never creating a second one; a new
 * comment on an issue with a job continues that job; `/docs new` and everything else create one.
 */
export function planJob({ jobId, key, trigger, recorded }: PlanInput, existing: readonly FoundProgress[]): Plan {
  if (jobId) {
    // Picking up a request (after a timeout, say): finish its progress comment, not a second one.
    const original = existing.findLast((found) => found.jobId === jobId);
    const triggers = original ? original.triggers : [];
    return {
      kind: 'attach',
      jobId,
      reason: `Attaching to job ${jobId} (job-id).`,
      commentId: original?.commentId,
      triggers: triggers.includes(key) ? triggers : [...triggers, key],
    };
  }
  // A run without an issue: its earlier attempt's job, recorded on the commit.
  if (recorded) {
    return {
      kind: 'attach',
      jobId: recorded,
      reason: `An earlier attempt of this run recorded job ${recorded} (a re-run): resuming it instead of creating one.`,
      commentId: undefined,
      triggers: [key],
    };
  }
  const own = existing.find((found) => found.triggers.includes(key));
  if (own?.jobId) {
    return {
      kind: 'attach',
      jobId: own.jobId,
      reason: `This request already has job ${own.jobId} (a re-run): resuming it instead of creating one.`,
      commentId: own.commentId,
      triggers: own.triggers,
    };
  }
  // A comment written before its job was created (the run died in between): reuse it.
  if (own) return { kind: 'create', commentId: own.commentId, triggers: own.triggers };
  const latest = existing.findLast((found) => found.jobId);
  if (trigger.commentId !== undefined && !trigger.forceNew && latest) {
    return { kind: 'follow-up', jobId: latest.jobId, commentId: latest.commentId, triggers: [...latest.triggers, key] };
  }
  return { kind: 'create', commentId: undefined, triggers: [key] };
}
