// The sweep's entry of the table (src/modes.ts): with `mode: sweep`, every run. What it finishes it
// learns from the finishers modes.ts hands it (step/finish.ts): the sweep imports no mode.
import { AgentClient } from '../service/client.ts';
import { createTransport } from '../service/transport.ts';
import { codeHosts, runUrl } from '../github/octokit.ts';
import { systemClock } from '../base/clock.ts';
import { SKIPPED_STATUS, USER_AGENT } from '../base/constants.ts';
import { readBacklogSettings, type BacklogSettings } from '../step/backlog-inputs.ts';
import type { Finisher } from '../step/finish.ts';
import { readFollowSettings, type FollowSettings } from '../step/follow-inputs.ts';
import { lazyOctokit } from '../step/deps.ts';
import {
  maskServiceSecrets,
  missingApiKey,
  missingGitHubToken,
  readServiceSettings,
  type InputProblems,
  type ServiceSettings,
} from '../step/inputs.ts';
import type { Mode } from '../step/mode.ts';

/** The events a sweep is meant for: a schedule, and a run started by hand. */
export const SWEEP_EVENTS = ['schedule', 'workflow_dispatch'] as const;

export type SweepDecision =
  | { kind: 'skip'; notice: string }
  | {
      kind: 'run';
      settings: ServiceSettings;
      follow: FollowSettings;
      backlog: BacklogSettings;
      askAgain: string;
      problems: InputProblems;
    };

/** The sweep: `mode: sweep` on a schedule or by hand; any other event is skipped with a notice. */
/** `finishers`: loads the modes' finishers (src/modes.ts), only when a sweep runs. */
export function sweepMode(finishers: () => Promise<readonly Finisher[]>): Mode<SweepDecision> {
  return {
    name: 'sweep',
    takes: (_event, routing) => routing.mode === 'sweep',
    decide(event, routing, problems) {
      if (!(SWEEP_EVENTS as readonly string[]).includes(event.name)) {
        return {
          kind: 'skip',
          notice:
            `mode: sweep runs on ${SWEEP_EVENTS.join(' and ')}; this '${event.name.slice(0, 40)}' run has nothing ` +
            'to do. Run the sweep from its own workflow (docs/sweep.md).',
        };
      }
      maskServiceSecrets();
      const settings = readServiceSettings(problems);
      // The docs pull request backlog (step/backlog.ts) is kept by the sweep too.
      return {
        kind: 'run',
        settings,
        // Its pull requests' checks and docs pull requests, named as the follow workflow names them;
        // with `ready-when: released` it catches up on releases no run listened to (releases.ts).
        follow: readFollowSettings(problems),
        backlog: readBacklogSettings(problems),
        askAgain: routing.triggerPhrase,
        problems,
      };
    },
    async run(decision, event, step) {
      if (decision.kind === 'skip') {
        step.record.writeOutputs({ status: SKIPPED_STATUS });
        step.runner.log.notice(decision.notice);
        return;
      }
      const { settings, follow, backlog, askAgain, problems } = decision;
      problems.throwIfAny();
      if (!settings.apiKey) throw missingApiKey();
      if (!settings.githubToken)
        throw missingGitHubToken('the sweep needs it to list and finish the requests in flight');
      const client = new AgentClient({
        baseUrl: settings.baseUrl,
        projectId: settings.projectId,
        apiKey: settings.apiKey,
        transport: createTransport(USER_AGENT),
        requestTimeoutMs: step.timings.serviceRequestMs,
        codeHosts: codeHosts(),
        debug: (line) => step.runner.log.debug(line),
        now: () => Date.now(),
      });
      const octokit = await lazyOctokit(settings.githubToken, settings.timeoutMs, step)();
      const { runSweep } = await import('./run.ts');
      const context = {
        ...{ step, octokit, repository: event.repository, settings, follow, client },
        ...{ clock: systemClock, runUrl: runUrl(), docsToken: backlog.docsToken },
      };
      await runSweep(context, await finishers(), { backlog, askAgain });
    },
  };
}
