// Follow mode's entry of the table (src/modes.ts): with `pull-requests: follow`, the pull request
// events. Its decision (what the event asks, and every input it needs, their errors kept) is made
// here, once; run.ts and the GitHub calls load only for runs that follow a pull request.
import { readBacklogSettings } from '../step/backlog-inputs.ts';
import { maskServiceSecrets, readServiceSettings } from '../step/inputs.ts';
import type { Mode } from '../step/mode.ts';
import { decidePullEvent, isFollowEvent, type FollowDecision } from './decide.ts';
import { readFollowSettings } from '../step/follow-inputs.ts';

/** Follow mode: pull request events where the workflow set `pull-requests: follow`. */
export const pullsMode: Mode<FollowDecision> = {
  name: 'pulls',
  takes: (event, routing) => routing.pullRequests === 'follow' && isFollowEvent(event),
  decide(event, _routing, problems) {
    maskServiceSecrets();
    const follow = readFollowSettings(problems);
    const backlog = readBacklogSettings(problems);
    // The trigger rules of agent mode (a prompt, a phrase) are not this mode's: the service's own.
    const settings = readServiceSettings(problems);
    return { pull: decidePullEvent(event, follow), settings, follow, backlog, problems };
  },
  async run(decision, event, step) {
    const { runFollow } = await import('./run.ts');
    await runFollow(step, event, decision);
  },
};
