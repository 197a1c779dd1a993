import { errorMessage } from '../base/errors.ts';
import { STALE_GRACE_MS } from '../github/claim.ts';
import type { ProgressComments } from '../github/progress-comment.ts';
import type { ReactionSubject } from '../github/thread.ts';
import type { Trigger } from '../github/trigger.ts';
import type { Dependencies } from '../step/deps.ts';
import type { ProgressFacts } from '../step/state.ts';
import type { LivePlan } from './live-progress.ts';
import { whomToNotify } from './notify.ts';
import type { Outcome } from '../outcome/outcome.ts';
import { OUTCOMES } from '../outcome/table.ts';
import { keepsOpen, notificationText } from '../outcome/words.ts';
import { finalFacts, progressWords } from '../step/progress-words.ts';

/** The request a conversation answers: its key, where its reactions go, whom its end is told to. */
export interface ConversationRequest {
  /** The request's key in the progress marker (claim.ts `requestKey`). */
  key: string;
  /** The comment that asked, or the issue itself; undefined: nobody asked on GitHub, no reactions. */
  subject: ReactionSubject | undefined;
  /** The login to mention when the job ends; undefined: nobody. */
  notify: string | undefined;
}

/** How a sweep's `finish` went: written by it, or claimed by another finisher already. */
export type Finished = 'finished' | 'claimed';

/**
 * The one owner of the conversation with the issue or pull request that asked: the progress
 * comment through its life (working, each plan, the final word), the in-flight label, the state
 * the post step needs to finish it, the reaction on the request and the notification. Made once per
 * run (execute.ts, `forRun`) and handed to the job (which adopts the plan's comment and says
 * "working") and to the report (which says the final word); the sweep makes one (agent/finisher.ts)
 * for a request no run saw the end of, and says its final word in the same words. Without an issue
 * to report on every method does nothing. Writing to GitHub never fails the run.
 *
 * Once only: the row's reaction on the request is the claim on its end. GitHub keeps one reaction
 * per user and content and answers 201 to the first call and 200 to every later one, so of two
 * finishers (a waiting run and a sweep, or two sweeps at once) only the one that added it notifies.
 * A sweep claims before it writes, so two sweeps also write the final comment once; a waiting run
 * writes first (its final word must not wait), then claims. The notification's own marker
 * (progress-comment.ts `notify`) is the second guard, for finishers that follow one another.
 */
export class Conversation {
  readonly #progress: ProgressComments | undefined;
  readonly #deps: Pick<Dependencies, 'runUrl' | 'runner'> & { record?: Dependencies['record'] | undefined };
  readonly #startedAt: string;
  readonly #request: ConversationRequest;
  readonly #detached: boolean;
  readonly #sweep: boolean;
  #commentId: number | undefined;
  #triggers: string[];
  #jobId = '';
  /** This run put the in-flight label on; the sweep takes it off per issue instead (agent/finisher.ts). */
  #labelled = false;

  constructor(options: {
    progress: ProgressComments | undefined;
    /** `record` absent (a sweep): nothing is saved for a post step. */
    deps: Pick<Dependencies, 'runUrl' | 'runner'> & { record?: Dependencies['record'] | undefined };
    request: ConversationRequest;
    /** ISO time the work started. */
    startedAt: string;
    /** No run waits for the job (`wait: false`): the working comment says a sweep reports its end. */
    detached?: boolean | undefined;
    /** A sweep reports the end of a job no run waits for (`sweep-reports`, or the sweep itself): the words say so. */
    sweep?: boolean | undefined;
    /** A sweep: the comment and the marker's request keys and job, as found. */
    found?: { commentId: number; triggers: string[]; jobId: string } | undefined;
  }) {
    this.#progress = options.progress;
    this.#deps = options.deps;
    this.#startedAt = options.startedAt;
    this.#request = options.request;
    this.#detached = options.detached === true;
    this.#sweep = options.sweep === true;
    this.#triggers = options.found?.triggers ?? [options.request.key];
    this.#commentId = options.found?.commentId;
    this.#jobId = options.found?.jobId ?? '';
  }

  /** A run's conversation, from its trigger and the `notify` input. */
  static forRun(options: {
    progress: ProgressComments | undefined;
    deps: Pick<Dependencies, 'record' | 'runUrl' | 'runner'>;
    trigger: Extract<Trigger, { kind: 'run' }>;
    key: string;
    notify: boolean;
    /** When the work started (epoch ms). */
    startedAt: number;
    detached: boolean;
    sweep?: boolean | undefined;
  }): Conversation {
    const { trigger, progress } = options;
    // Only where someone asked: a tracking issue named by `issue-number` asked for nothing.
    const asked = (trigger.commentId !== undefined || trigger.requester !== undefined) && !trigger.issue?.tracking;
    const subject: ReactionSubject | undefined = !asked
      ? undefined
      : trigger.commentId !== undefined
        ? { kind: 'comment', id: trigger.commentId }
        : progress && { kind: 'issue', number: progress.issueNumber };
    return new Conversation({
      progress,
      deps: options.deps,
      request: { key: options.key, subject, notify: whomToNotify(options.notify, trigger) },
      startedAt: new Date(options.startedAt).toISOString(),
      detached: options.detached,
      sweep: options.sweep,
    });
  }

  /** The comment a plan continues (undefined writes a new one) and the request keys its marker lists. */
  adopt(plan: { commentId: number | undefined; triggers: string[] }): void {
    this.#commentId = plan.commentId;
    this.#triggers = plan.triggers;
  }

  /** The job is known: puts the in-flight label on and says "working" on the issue. */
  async working(jobId: string): Promise<void> {
    this.#jobId = jobId;
    const progress = this.#progress;
    if (!progress) return;
    // Saved before the comment is written: a run killed in between still lets the post step find it.
    this.#save(progress);
    // Before the comment: a run killed in between leaves a label the sweep takes off, never a
    // "working" comment no sweep finds.
    await progress.inFlight(true);
    this.#labelled = true;
    this.#commentId = await progress.write(this.#view({ state: 'working' }), this.#commentId);
    if (this.#commentId !== undefined) this.#deps.record?.saveComment(this.#commentId);
  }

  /**
   * Shows the agent's plan while it works (LiveProgress `show`, the sweep's refresh); undefined
   * without an issue. Only an edit: a plan never creates a second comment when the first write failed.
   */
  get showPlan(): ((plan: LivePlan) => Promise<void>) | undefined {
    const progress = this.#progress;
    if (!progress) return undefined;
    return async (plan) => {
      if (this.#commentId === undefined) return;
      await progress.write(this.#view({ state: 'working', ...plan }), this.#commentId);
    };
  }

  /** The working comment's body for `plan`, to tell whether an edit would change it. */
  workingBody(plan: LivePlan): ReturnType<typeof progressWords> {
    return this.#view({ state: 'working', ...plan });
  }

  /**
   * The final word: the comment from the outcome's row, then the row's reaction and notification.
   * `wait: false` ('started') says none: the comment stays "working" and the sweep says the end.
   */
  async finish(outcome: Outcome, elapsedMs: number): Promise<void> {
    const progress = this.#progress;
    if (!progress) return;
    const { record, runner } = this.#deps;
    if (outcome.kind === 'started' && this.#commentId !== undefined) {
      record?.markFinished();
      return;
    }
    const facts = this.#final(outcome, elapsedMs);
    // Saved before the update: should it fail or hang, the post step writes this outcome, not "cancelled".
    this.#save(progress);
    record?.saveFinalView(facts);
    try {
      await this.#write(progress, facts);
    } catch (error) {
      runner.log.warning(
        `Could not write the final progress comment on #${progress.issueNumber}: ${errorMessage(error)}. ` +
          'The post step tries again.',
      );
    }
    const claim = await this.#claim(outcome);
    // A failed reaction claims nothing: the notification's own marker still keeps it to one.
    if (claim?.created !== false) await this.#notify(outcome);
  }

  /**
   * The sweep's final word, for a job that ended after its run stopped: the claim first (see the
   * class comment), then the comment, the notification. 'claimed': another finisher holds the
   * claim and may still be writing; a claim older than STALE_GRACE_MS is taken over. Throws when
   * the comment could not be written.
   */
  async finishSwept(outcome: Outcome, elapsedMs: number, now: number): Promise<Finished> {
    const progress = this.#progress;
    if (!progress) return 'claimed';
    const claim = await this.#claim(outcome);
    const stale = claim && !claim.created && now - Date.parse(claim.createdAt) > STALE_GRACE_MS;
    if (claim && !claim.created && !stale) return 'claimed';
    await this.#write(progress, this.#final(outcome, elapsedMs));
    await this.#notify(outcome);
    return 'finished';
  }

  async #write(progress: ProgressComments, facts: ProgressFacts): Promise<void> {
    this.#commentId = await progress.writeOrThrow(this.#words(facts), this.#commentId);
    this.#deps.record?.saveComment(this.#commentId);
    this.#deps.record?.markFinished();
    // The request's end is written: it leaves the index. A word the job outlives keeps it there.
    if (this.#labelled && !keepsOpen(facts.state, facts.jobId)) await progress.inFlight(false);
  }

  /** The row's reaction on the request; undefined when there is none to add, or it failed. */
  async #claim(outcome: Outcome): Promise<{ created: boolean; createdAt: string } | undefined> {
    const { reaction } = OUTCOMES[outcome.kind];
    const { subject } = this.#request;
    if (!reaction || !subject || !this.#progress) return undefined;
    return this.#progress.react(reaction, subject);
  }

  async #notify(outcome: Outcome): Promise<void> {
    const { notify: login, key, subject } = this.#request;
    const notice = notificationText(outcome);
    // A run the workflow started (schedule, dispatch) reports on a tracking issue that asked for nothing.
    if (!subject || !login || !notice || !this.#progress) return;
    await this.#progress.notify(login, key, notice);
  }

  /** What the marker and the post step keep of the request. */
  get #thread() {
    return {
      triggers: this.#triggers,
      startedAt: this.#startedAt,
      open: this.#request.notify ?? '',
      sweep: this.#sweep,
    };
  }

  #final(outcome: Outcome, elapsedMs: number): ProgressFacts {
    return finalFacts(outcome, this.#thread, elapsedMs);
  }

  #save(progress: ProgressComments): void {
    this.#deps.record?.saveProgress(progress.issueNumber, this.#thread);
  }

  #view(shown: Omit<ProgressFacts, 'jobId' | 'triggers' | 'startedAt'>) {
    return this.#words({ ...shown, ...this.#thread, jobId: this.#jobId, detached: this.#detached });
  }

  /** Facts this run made, always of a known state. */
  #words(facts: ProgressFacts) {
    const view = progressWords(facts, this.#deps.runUrl);
    if (!view) throw new Error(`No words for the progress state '${facts.state}'.`);
    return view;
  }
}
