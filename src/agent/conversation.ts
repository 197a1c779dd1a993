import { errorMessage } from '../base/errors.ts';
import type { ProgressComments } from '../github/progress-comment.ts';
import type { Trigger } from '../github/trigger.ts';
import type { Dependencies } from '../step/deps.ts';
import type { ProgressFacts } from '../step/state.ts';
import type { LivePlan } from './live-progress.ts';
import { whomToNotify } from './notify.ts';
import type { Outcome } from './outcome.ts';
import { finalFacts, notificationText, OUTCOMES, progressWords } from './outcomes.ts';

/**
 * The one owner of the conversation with the issue or pull request that asked: the progress
 * comment through its life (working, each plan, the final word), the state the post step needs to
 * finish it, the reaction on the request and the notification. Made once per run (execute.ts) and
 * handed to the job (which adopts the plan's comment and says "working") and to the report (which
 * says the final word); nobody hands it back. Without an issue to report on every method does
 * nothing. Writing to GitHub never fails the run.
 */
export class Conversation {
  readonly #progress: ProgressComments | undefined;
  readonly #deps: Pick<Dependencies, 'record' | 'runUrl' | 'runner'>;
  readonly #startedAt: string;
  /** The comment that asked, for the final reaction. */
  readonly #requestCommentId: number | undefined;
  /** Whether someone asked on GitHub (a comment, an issue, a pull request): only then are there reactions. */
  readonly #react: boolean;
  /** Whom to mention when the job ends, and the request's key. */
  readonly #notify: { login: string; key: string } | undefined;
  #commentId: number | undefined;
  #triggers: string[];
  #jobId = '';

  constructor(options: {
    progress: ProgressComments | undefined;
    deps: Pick<Dependencies, 'record' | 'runUrl' | 'runner'>;
    trigger: Extract<Trigger, { kind: 'run' }>;
    /** The request's key in the progress marker (claim.ts `requestKey`). */
    key: string;
    /** The `notify` input. */
    notify: boolean;
    /** When the work started (epoch ms). */
    startedAt: number;
  }) {
    const { trigger, key } = options;
    this.#progress = options.progress;
    this.#deps = options.deps;
    this.#startedAt = new Date(options.startedAt).toISOString();
    this.#triggers = [key];
    this.#requestCommentId = trigger.commentId;
    // Only where someone asked: a tracking issue named by `issue-number` asked for nothing.
    this.#react = (trigger.commentId !== undefined || trigger.requester !== undefined) && !trigger.issue?.tracking;
    const login = whomToNotify(options.notify, trigger);
    this.#notify = login ? { login, key } : undefined;
  }

  /** The comment a plan continues (undefined writes a new one) and the request keys its marker lists. */
  adopt(plan: { commentId: number | undefined; triggers: string[] }): void {
    this.#commentId = plan.commentId;
    this.#triggers = plan.triggers;
  }

  /** The job is known: says "working" on the issue. */
  async working(jobId: string): Promise<void> {
    this.#jobId = jobId;
    const progress = this.#progress;
    if (!progress) return;
    // Saved before the comment is written: a run killed in between still lets the post step find it.
    this.#save(progress);
    this.#commentId = await progress.write(this.#view({ state: 'working' }), this.#commentId);
    if (this.#commentId !== undefined) this.#deps.record.saveComment(this.#commentId);
  }

  /**
   * Shows the agent's plan while it works (LiveProgress `show`); undefined without an issue. Only
   * an edit: a plan never creates a second comment when the first write failed.
   */
  get showPlan(): ((plan: LivePlan) => Promise<void>) | undefined {
    const progress = this.#progress;
    if (!progress) return undefined;
    return async (plan) => {
      if (this.#commentId === undefined) return;
      await progress.write(this.#view({ state: 'working', ...plan }), this.#commentId);
    };
  }

  /** The final word: the comment from the outcome's row, then the row's reaction and notification. */
  async finish(outcome: Outcome, elapsedMs: number): Promise<void> {
    const progress = this.#progress;
    if (!progress) return;
    const { record, runner } = this.#deps;
    const facts = finalFacts(outcome, { triggers: this.#triggers, startedAt: this.#startedAt }, elapsedMs);
    // Saved before the update: should it fail or hang, the post step writes this outcome, not "cancelled".
    this.#save(progress);
    record.saveFinalView(facts);
    try {
      this.#commentId = await progress.writeOrThrow(this.#words(facts), this.#commentId);
      record.saveComment(this.#commentId);
      record.markFinished();
    } catch (error) {
      runner.log.warning(
        `Could not write the final progress comment on #${progress.issueNumber}: ${errorMessage(error)}. ` +
          'The post step tries again.',
      );
    }
    // A run the workflow started (schedule, dispatch) reports on a tracking issue that asked for nothing.
    if (!this.#react) return;
    const { reaction } = OUTCOMES[outcome.kind];
    if (reaction) await progress.react(reaction, this.#requestCommentId);
    const notice = this.#notify && notificationText(outcome);
    if (this.#notify && notice) await progress.notify(this.#notify.login, this.#notify.key, notice);
  }

  #save(progress: ProgressComments): void {
    this.#deps.record.saveProgress(progress.issueNumber, { triggers: this.#triggers, startedAt: this.#startedAt });
  }

  #view(shown: Omit<ProgressFacts, 'jobId' | 'triggers' | 'startedAt'>) {
    return this.#words({ ...shown, jobId: this.#jobId, triggers: this.#triggers, startedAt: this.#startedAt });
  }

  /** Facts this run made, always of a known state. */
  #words(facts: ProgressFacts) {
    const view = progressWords(facts, this.#deps.runUrl);
    if (!view) throw new Error(`No words for the progress state '${facts.state}'.`);
    return view;
  }
}
