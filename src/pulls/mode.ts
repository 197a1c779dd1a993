// Follow mode's entry of the table (src/modes.ts): with `pull-requests: follow`, the pull request
// events. What it decides (the event's kind, its settings) is decided in run.ts, once; the mode and
// its GitHub calls load only for runs that follow a pull request.
import type { InputProblems } from '../step/inputs.ts';
import type { Mode } from '../step/mode.ts';
import { isFollowEvent } from './decide.ts';

/** Follow mode: pull request events where the workflow set `pull-requests: follow`. */
export const pullsMode: Mode<{ problems: InputProblems }> = {
  name: 'pulls',
  takes: (event, routing) => routing.pullRequests === 'follow' && isFollowEvent(event),
  decide: (_event, _routing, problems) => ({ problems }),
  async run({ problems }, event, step) {
    const { runFollow } = await import('./run.ts');
    await runFollow(step, event, problems);
  },
};
