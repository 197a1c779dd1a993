import { errorMessage } from './errors.ts';
import type { IssueTarget, Octokit } from './github.ts';
import type { Logger } from './logger.ts';
import { parseMarker, renderProgress, type Marker, type ProgressView } from './progress-view.ts';

export interface FoundProgress extends Marker {
  commentId: number;
}

type Reaction = 'eyes' | 'rocket' | 'confused';

/**
 * The one living comment per request on the issue that asked, and the reactions on the request.
 * Writing to GitHub never fails the run: a failed write is a warning.
 */
export class ProgressComments {
  readonly #octokit: Octokit;
  readonly #target: IssueTarget;
  readonly #log: Logger;

  constructor(octokit: Octokit, target: IssueTarget, log: Logger) {
    this.#octokit = octokit;
    this.#target = target;
    this.#log = log;
  }

  get issueNumber(): number {
    return this.#target.issueNumber;
  }

  /**
   * The action's progress comments on the issue, oldest first. Only comments written by a bot
   * (the token's GitHub App, usually github-actions[bot]) count: a marker typed by a person into
   * their own comment is ignored, so nobody can point the action at someone else's job.
   * A failure here is thrown: without it the action cannot tell a re-run from a new request.
   */
  async find(): Promise<FoundProgress[]> {
    const { owner, repo, issueNumber } = this.#target;
    const comments = await this.#octokit.paginate(this.#octokit.rest.issues.listComments, {
      owner,
      repo,
      issue_number: issueNumber,
      per_page: 100,
    });
    const found: FoundProgress[] = [];
    for (const comment of comments) {
      const marker = comment.user?.type === 'Bot' ? parseMarker(comment.body ?? '') : undefined;
      if (marker) found.push({ ...marker, commentId: comment.id });
    }
    return found;
  }

  /** Creates the comment, or updates it when `commentId` is given; returns its id. */
  async write(view: ProgressView, commentId?: number): Promise<number | undefined> {
    const { owner, repo, issueNumber } = this.#target;
    const body = renderProgress(view);
    try {
      if (commentId !== undefined) {
        await this.#octokit.rest.issues.updateComment({ owner, repo, comment_id: commentId, body });
        return commentId;
      }
      const { data } = await this.#octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body });
      this.#log.info(`Progress is reported on ${data.html_url}`);
      return data.id;
    } catch (error) {
      this.#log.warning(`Could not write the progress comment on #${issueNumber}: ${errorMessage(error)}`);
      return commentId;
    }
  }

  /** A reaction on the comment that asked, or on the issue itself when no comment did. */
  async react(content: Reaction, commentId: number | undefined): Promise<void> {
    const { owner, repo, issueNumber } = this.#target;
    try {
      if (commentId !== undefined) {
        await this.#octokit.rest.reactions.createForIssueComment({ owner, repo, comment_id: commentId, content });
      } else {
        await this.#octokit.rest.reactions.createForIssue({ owner, repo, issue_number: issueNumber, content });
      }
    } catch (error) {
      this.#log.warning(`Could not add the ${content} reaction: ${errorMessage(error)}`);
    }
  }

  /** A short reply that is not a progress comment (a refusal). */
  async reply(text: string): Promise<void> {
    const { owner, repo, issueNumber } = this.#target;
    try {
      await this.#octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body: text });
    } catch (error) {
      this.#log.warning(`Could not reply on #${issueNumber}: ${errorMessage(error)}`);
    }
  }
}
