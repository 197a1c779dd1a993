// What agent mode decides for a run, once: the trigger, the empty-key rule, then the settings
// that trigger needs. Pure but for the inputs `settingsFor` reads; agent/mode.ts calls it.
import { getsSecrets, type Actor, type GitHubEvent } from '../github/event.ts';
import { decideTrigger, type Trigger, type TriggerSettings } from '../github/trigger.ts';
import type { InputProblems } from '../step/inputs.ts';
import type { Settings } from './inputs.ts';

/** What agent mode decided for a run: nothing to do (with its notice), or a trigger with its settings. */
export type AgentDecision =
  | {
      kind: 'skip';
      notice: string;
      /**
       * Someone to tell once why nothing starts (a question where ask mode is not set up), with
       * the settings the reply needs.
       */
      tell?: { who: Actor; issueNumber: number; reason: string; settings: Settings };
      /** The input errors found so far, not judged: the run has nothing to do. */
      problems: InputProblems;
    }
  | {
      kind: 'run';
      trigger: Extract<Trigger, { kind: 'run' }>;
      settings: Settings;
      /** Every input error, thrown once the requester passed the permission check. */
      problems: InputProblems;
    };

/**
 * The trigger, then the settings it needs. `settingsFor` reads them (production: the inputs,
 * after the trigger inputs in `triggerSettings`); a skip reads none unless it replies.
 */
export function decideAgentRun(
  event: GitHubEvent,
  triggerSettings: TriggerSettings,
  settingsFor: (trigger?: Extract<Trigger, { kind: 'run' }>) => Settings,
  problems: InputProblems,
): AgentDecision {
  const trigger = decideTrigger(event, triggerSettings);
  if (trigger.kind === 'skip') {
    const { tell } = trigger;
    return {
      kind: 'skip',
      notice: `Nothing to do: ${trigger.reason}.`,
      ...(tell ? { tell: { ...tell, settings: settingsFor() } } : {}),
      problems,
    };
  }
  const settings = settingsFor(trigger);
  // The empty-key rule: a run GitHub gives no secrets to (a fork's pull request, Dependabot) skips.
  if (!settings.apiKey && !getsSecrets(event)) {
    return {
      kind: 'skip',
      notice:
        "Skipped: 'api-key' is empty because GitHub gives no secrets to runs from forks or Dependabot. " +
        'Nothing was sent to the service.',
      problems,
    };
  }
  return { kind: 'run', trigger, settings, problems };
}
