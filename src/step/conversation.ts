import type { ProgressView } from '../github/progress-view.ts';

/** The progress comment of this request and what its marker records. */
export interface Conversation {
  commentId: number | undefined;
  triggers: string[];
  startedAt: string;
  /** The comment that asked, for the final reaction. */
  requestCommentId: number | undefined;
  /** Whom to mention when the job ends, and the request's key (notify.ts). */
  notify?: { login: string; key: string } | undefined;
  /** Whether someone asked on GitHub (a comment, an issue, a pull request): only then are there reactions. */
  react: boolean;
}

/**
 * The progress comment's content: the marker's job and request keys, when the work started and the
 * run's link, then what `shown` says (the state, the plan, the outcome). Every version of the
 * comment (working, each plan, the final word) is built here.
 */
export function progressView(
  conversation: Pick<Conversation, 'triggers' | 'startedAt'>,
  jobId: string,
  runUrl: string | undefined,
  shown: Omit<ProgressView, 'jobId' | 'triggers' | 'startedAt' | 'runUrl'>,
): ProgressView {
  return { ...shown, jobId, triggers: conversation.triggers, startedAt: conversation.startedAt, runUrl };
}
