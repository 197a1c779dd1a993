// Agent mode's entry of the table (src/modes.ts): which runs it takes, what it decides for them
// (agent/decide.ts, once), and how it runs that. execute.ts receives the decided trigger.
import { lazyOctokit, productionDependencies } from '../step/deps.ts';
import type { Mode } from '../step/mode.ts';
import { decideAgentRun, type AgentDecision } from './decide.ts';
import { execute, skip } from './execute.ts';
import { maskServiceSecrets } from '../step/inputs.ts';
import { readSettings, readTriggerSettings } from './inputs.ts';
import { succeeds } from '../outcome/words.ts';

/** Agent mode: every run the other modes do not take; it skips what the workflow is not set up for. */
export const agentMode: Mode<AgentDecision> = {
  name: 'agent',
  takes: () => true,
  decide(event, routing, problems) {
    maskServiceSecrets();
    const triggerSettings = readTriggerSettings(routing, problems);
    return decideAgentRun(
      event,
      triggerSettings,
      (trigger) => readSettings(triggerSettings, problems, trigger && { trigger }),
      problems,
    );
  },
  async run(decision, event, step) {
    if (decision.kind === 'skip') {
      const { tell } = decision;
      const octokit = tell && lazyOctokit(tell.settings.githubToken, tell.settings.timeoutMs, step);
      await skip(decision, event, { ...step, ...(octokit ? { octokit } : {}) });
      return;
    }
    const result = await execute(decision, event, productionDependencies(decision.settings, step));
    if (!succeeds(result)) step.runner.setFailed(result.message);
  },
};
