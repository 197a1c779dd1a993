import { describeGitHubError, type IssueTarget, type Octokit } from './octokit.ts';
import type { Logger } from '../base/log.ts';
import { renderMarker, type ProgressMarker } from './marker.ts';
import { renderProgress, type ProgressView } from './progress-view.ts';
import { clearInFlight, markInFlight } from './in-flight.ts';
import { IssueThread, type Reaction, type ReactionSubject } from './thread.ts';

export interface FoundProgress extends ProgressMarker {
  commentId: number;
}

/**
 * The one living comment per request on the issue that asked, and the reactions on the request,
 * written through the issue thread (thread.ts). Writing to GitHub never fails the run: a failed
 * write is a warning.
 */
export class ProgressComments {
  readonly thread: IssueThread;
  readonly #log: Logger;
  readonly #octokit: Octokit;
  readonly #target: IssueTarget;

  /**
   * `signingKey` (the api-key) signs the markers, so only this action's own markers are believed.
   * `thread`: the issue's thread, when the caller has it already (read or preloaded: the sweep's).
   */
  constructor(octokit: Octokit, target: IssueTarget, log: Logger, signingKey: string, thread?: IssueThread) {
    this.thread = thread ?? new IssueThread(octokit, target, log, signingKey);
    this.#log = log;
    this.#octokit = octokit;
    this.#target = target;
  }

  /** Over a thread the caller has (the sweep's, step/finish.ts `threadOf`), its signing key and log. */
  static over(octokit: Octokit, thread: IssueThread): ProgressComments {
    return new ProgressComments(octokit, thread.target, thread.log, thread.scope.key, thread);
  }

  /**
   * Puts the in-flight label on the issue (in-flight.ts) or takes it off. A failure is a warning:
   * without the label a detached request waits for no sweep, which the warning says.
   */
  async inFlight(on: boolean): Promise<void> {
    const { owner, repo, issueNumber } = this.#target;
    try {
      if (on) await markInFlight(this.#octokit, { owner, repo }, issueNumber);
      else await clearInFlight(this.#octokit, { owner, repo }, issueNumber);
    } catch (error) {
      const what = on ? 'Putting the in-flight label on' : 'Taking the in-flight label off';
      const consequence = on ? ' A sweep will not find this request.' : '';
      this.#log.warning(`${describeGitHubError(`${what} #${issueNumber}`, error, 'issues: write')}${consequence}`);
    }
  }

  get issueNumber(): number {
    return this.thread.issueNumber;
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
    return (await this.thread.signed('progress')).map(({ id, marker }) => ({
      jobId: marker.jobId,
      triggers: marker.triggers,
      commentId: id,
    }));
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
    const body = renderProgress(view, this.thread.scope);
    if (commentId !== undefined) {
      await this.thread.edit(commentId, body);
      return commentId;
    }
    const created = await this.thread.create(body);
    this.#log.info(`Progress is reported on ${created.url}`);
    return created.id;
  }

  /**
   * A reaction on the comment that asked, or on the issue itself. Returns whether this call added
   * it (GitHub's 201; false: it was there, 200) with the reaction's first time, or undefined when
   * it failed (a warning).
   */
  async react(
    content: Reaction,
    subject: ReactionSubject,
  ): Promise<{ created: boolean; createdAt: string } | undefined> {
    try {
      const { created, createdAt } = await this.thread.react(content, subject);
      return { created, createdAt };
    } catch (error) {
      this.#log.warning(describeGitHubError(`Adding the ${content} reaction`, error, 'issues: write'));
      return undefined;
    }
  }

  /**
   * Tells `login` why nothing started, once per user and issue: a user who asks again, or a
   * comment edited many times, gets no second reply. `reason` is the action's own words.
   */
  async refuse(login: string, reason: string): Promise<void> {
    const issueNumber = this.issueNumber;
    try {
      const who = login.toLowerCase();
      const earlier = (await this.thread.signed('refusal', { fresh: true })).some(({ marker }) => marker.login === who);
      if (earlier) {
        this.#log.info(`${login} was told on #${issueNumber} already; no second reply.`);
        return;
      }
      const marker = renderMarker({ kind: 'refusal', login }, this.thread.scope);
      await this.thread.create(`${marker}\nThe documentation agent was not started: ${reason}.`);
    } catch (error) {
      this.#log.warning(describeGitHubError(`Replying on #${issueNumber}`, error, 'issues: write'));
    }
  }

  /**
   * A new comment that mentions `login`, once per request (`key`): a re-run of the same request
   * finds the earlier one and stays quiet. `text` is the action's own words; `login` was checked
   * as a GitHub login. The one comment that tells the requester a job ended: an edit notifies
   * nobody. A failure is a warning.
   */
  async notify(login: string, key: string, text: string): Promise<void> {
    const issueNumber = this.issueNumber;
    try {
      const earlier = (await this.thread.signed('notify', { fresh: true })).some(
        ({ marker }) => marker.request === key,
      );
      if (earlier) {
        this.#log.info(`${login} was notified about this request on #${issueNumber} already.`);
        return;
      }
      const marker = renderMarker({ kind: 'notify', request: key }, this.thread.scope);
      await this.thread.create(`${marker}\n@${login} ${text}`);
      this.#log.info(`Notified ${login} on #${issueNumber}.`);
    } catch (error) {
      this.#log.warning(describeGitHubError(`Notifying ${login} on #${issueNumber}`, error, 'issues: write'));
    }
  }
}
