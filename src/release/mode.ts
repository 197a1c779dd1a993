// The release mode's entry of the table (src/modes.ts): with `pull-requests: follow`, a `release`
// event. It marks ready the docs pull requests that waited for a release (`ready-when: released`,
// step/release-docs.ts) and asks the service nothing (unless `release-follow-up: true`).
import { readBacklogSettings } from '../step/backlog-inputs.ts';
import { maskServiceSecrets, readServiceSettings } from '../step/inputs.ts';
import type { Mode } from '../step/mode.ts';
import { readReleaseSettings } from '../step/release-inputs.ts';
import type { ReleaseDecision } from './run.ts';

/** Release runs: `pull-requests: follow` and a `release` event; what of it counts is decided in run.ts. */
export const releaseMode: Mode<ReleaseDecision> = {
  name: 'release',
  takes: (event, routing) => routing.pullRequests === 'follow' && routing.mode === 'agent' && event.name === 'release',
  decide(_event, _routing, problems) {
    maskServiceSecrets();
    return {
      settings: readServiceSettings(problems),
      release: readReleaseSettings(problems),
      backlog: readBacklogSettings(problems),
      problems,
    };
  },
  async run(decision, event, step) {
    const { runRelease } = await import('./run.ts');
    await runRelease(step, event, decision);
  },
};
