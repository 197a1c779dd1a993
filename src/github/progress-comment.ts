import { describeGitHubError, type IssueTarget, type Octokit } from './octokit.ts';
import type { Logger } from '../base/log.ts';
import {
  isNotificationOf,
  isRefusalOf,
  parseMarker,
  renderNotification,
  renderProgress,
  renderRefusal,
  type Marker,
  type MarkerScope,
  type ProgressView,
} from './progress-view.ts';

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
  readonly #scope: MarkerScope;

  /** `signingKey` (the api-key) signs the markers, so only this action's own markers are believed. */
  constructor(octokit: Octokit, target: IssueTarget, log: Logger, signingKey: string) {
    this.#octokit = octokit;
    this.#target = target;
    this.#log = log;
    this.#scope = { key: signingKey, repository: `${target.owner}/${target.repo}`, issueNumber: target.issueNumber };
  }

  get issueNumber(): number {
    return this.#target.issueNumber;
  }

  /**
   * The action's progress comments on the issue, oldest first. A comment counts only when a bot
   * wrote it (the token's GitHub App, usually github-actions[bot]) and its marker is signed for
   * this repository, this issue and this api-key: a marker typed by a person, written by another
   * App or another workflow, or copied from another issue is ignored, so nobody can point the
   * action at someone else's job. A failure here is thrown: without it the action cannot tell a
   * re-run from a new request.
   */
  async find(): Promise<FoundProgress[]> {
    const found: FoundProgress[] = [];
    for (const comment of await this.#comments()) {
      const marker = comment.user?.type === 'Bot' ? parseMarker(comment.body ?? '', this.#scope) : undefined;
      if (marker) found.push({ ...marker, commentId: comment.id });
    }
    return found;
  }

  /** Creates the comment, or updates it when `commentId` is given; returns its id. A failure is a warning. */
  async write(view: ProgressView, commentId?: number): Promise<number | undefined> {
    try {
      return await this.writeOrThrow(view, commentId);
    } catch (error) {
      this.#log.warning(
        describeGitHubError(`Writing the progress comment on #${this.issueNumber}`, error, 'issues: write'),
      );
      return commentId;
    }
  }

  /** As `write`, but a failure is thrown, for callers that must know the comment says what they wrote. */
  async writeOrThrow(view: ProgressView, commentId?: number): Promise<number> {
    const { owner, repo, issueNumber } = this.#target;
    const body = renderProgress(view, this.#scope);
    if (commentId !== undefined) {
      await this.#octokit.rest.issues.updateComment({ owner, repo, comment_id: commentId, body });
      return commentId;
    }
    const { data } = await this.#octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body });
    this.#log.info(`Progress is reported on ${data.html_url}`);
    return data.id;
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
      this.#log.warning(describeGitHubError(`Adding the ${content} reaction`, error, 'issues: write'));
    }
  }

  /**
   * Tells `login` why nothing started, once per user and issue: a user who asks again, or a
   * comment edited many times, gets no second reply. `reason` is the action's own words.
   */
  async refuse(login: string, reason: string): Promise<void> {
    const { owner, repo, issueNumber } = this.#target;
    try {
      const earlier = (await this.#comments()).some(
        (comment) => comment.user?.type === 'Bot' && isRefusalOf(comment.body ?? '', login, this.#scope),
      );
      if (earlier) {
        this.#log.info(`${login} was told on #${issueNumber} already; no second reply.`);
        return;
      }
      const body = renderRefusal(login, reason, this.#scope);
      await this.#octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body });
    } catch (error) {
      this.#log.warning(describeGitHubError(`Replying on #${issueNumber}`, error, 'issues: write'));
    }
  }

  /**
   * A new comment that mentions `login`, once per request (`key`): a re-run of the same request
   * finds the earlier one and stays quiet. `text` is the action's own words. A failure is a warning.
   */
  async notify(login: string, key: string, text: string): Promise<void> {
    const { owner, repo, issueNumber } = this.#target;
    try {
      const earlier = (await this.#comments()).some(
        (comment) => comment.user?.type === 'Bot' && isNotificationOf(comment.body ?? '', key, this.#scope),
      );
      if (earlier) {
        this.#log.info(`${login} was notified about this request on #${issueNumber} already.`);
        return;
      }
      const body = renderNotification(key, login, text, this.#scope);
      await this.#octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body });
      this.#log.info(`Notified ${login} on #${issueNumber}.`);
    } catch (error) {
      this.#log.warning(describeGitHubError(`Notifying ${login} on #${issueNumber}`, error, 'issues: write'));
    }
  }

  #comments() {
    const { owner, repo, issueNumber } = this.#target;
    return this.#octokit.paginate(this.#octokit.rest.issues.listComments, {
      owner,
      repo,
      issue_number: issueNumber,
      per_page: 100,
    });
  }
}
