// Ask mode's entry of the table (src/modes.ts): which runs it takes, what it decides for them
// (ask/decide.ts, once), and how it runs that. The answer itself (ask/run.ts, with the `ai`
// package it reads the stream with) loads only for runs that ask.
import type { Mode } from '../step/mode.ts';
import { decideAskRun, type AskDecision } from './decide.ts';
import { maskAskSecrets, readAskSettings, readAskTriggerSettings } from './inputs.ts';
import { isAskRun } from './route.ts';

/** Ask mode: `mode: ask`, and where ask mode is set up, a question ("/docs ask …", the ask-label). */
export const askMode: Mode<AskDecision> = {
  name: 'ask',
  takes: isAskRun,
  decide(event, routing, problems) {
    maskAskSecrets();
    const triggerSettings = readAskTriggerSettings(problems);
    return decideAskRun(
      event,
      routing,
      triggerSettings,
      () => readAskSettings(routing, triggerSettings, problems),
      problems,
    );
  },
  async run(decision, event, step) {
    const { runAsk } = await import('./run.ts');
    await runAsk(decision, event, step);
  },
};
