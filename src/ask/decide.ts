// What ask mode decides for a run, once: the question and where it came from, then the settings
// it needs. Pure but for the inputs `settingsFor` reads; ask/mode.ts calls it.
import type { GitHubEvent } from '../github/event.ts';
import type { InputProblems } from '../step/inputs.ts';
import type { Routing } from '../step/mode.ts';
import { cleanText } from '../text/sanitize.ts';
import type { AskSettings } from './inputs.ts';
import { decideAsk, type AskTrigger } from './trigger.ts';

/** A question longer than this is cut: the assistant answers questions, not documents. */
const MAX_QUESTION = 8_000;

/** What ask mode decided for a run: nothing to answer (with its notice), or a question with its settings. */
export type AskDecision =
  | {
      kind: 'skip';
      notice: string;
      /** The input errors found so far, not judged: the run has nothing to answer. */
      problems: InputProblems;
    }
  | {
      kind: 'ask';
      trigger: Extract<AskTrigger, { kind: 'ask' }>;
      /** The question as it is sent: cleaned, and cut at MAX_QUESTION. */
      question: string;
      settings: AskSettings;
      /** Every input error, thrown once the asker passed the permission check. */
      problems: InputProblems;
    };

/**
 * The question and where it came from, then the settings it needs. `settingsFor` reads them
 * (production: the inputs, after those in `triggerSettings`); a run with nothing to answer reads none.
 */
export function decideAskRun(
  event: GitHubEvent,
  routing: Routing,
  triggerSettings: Pick<AskSettings, 'prompt' | 'issueNumber'>,
  settingsFor: () => AskSettings,
  problems: InputProblems,
): AskDecision {
  const trigger = decideAsk(event, routing, triggerSettings);
  const question = trigger.kind === 'ask' ? cleanText(trigger.question).slice(0, MAX_QUESTION) : '';
  if (trigger.kind === 'skip' || !question) {
    const reason = trigger.kind === 'skip' ? trigger.reason : 'the question is empty';
    return { kind: 'skip', notice: `Nothing to answer: ${reason}.`, problems };
  }
  return { kind: 'ask', trigger, question, settings: settingsFor(), problems };
}
