// The table of modes: each entry says which runs its mode takes, decides that mode's trigger and
// the settings it needs, and runs it (step/mode.ts, `Mode`). The first entry that takes a run
// decides it; main.ts runs what it decided and imports no mode: what it says without a mode (a
// failure before any, the post step's comment) is worded from the table of outcomes
// (step/progress-words.ts over outcome/).
//
// Adding a mode is one entry here: its folder beside the others (a LAYERS name and a `layer(...)`
// line in eslint.config.js) exports its `Mode`, placed before the modes whose runs it takes, and a
// `Finisher` below if the sweep is to finish what it leaves in flight. Agent mode stays last: it
// takes every run no other mode takes, and skips with a notice what the workflow is not set up for.
import { agentMode } from './agent/mode.ts';
import { askMode } from './ask/mode.ts';
import { pullsMode } from './pulls/mode.ts';
import { releaseMode } from './release/mode.ts';
import type { Finisher } from './step/finish.ts';
import { mode, type AnyMode } from './step/mode.ts';
import { sweepMode } from './sweep/mode.ts';

// The sweep finishes what other modes left in flight, through the finisher each gives (step/finish.ts),
// loaded only by a sweep. Follow mode's first: a followed pull request's comment carries a progress
// marker too, which the agent's finisher would otherwise take.
const finishers = async (): Promise<readonly Finisher[]> => {
  const [pulls, agent] = await Promise.all([import('./pulls/finisher.ts'), import('./agent/finisher.ts')]);
  return [pulls.pullsFinisher, agent.agentFinisher];
};

// The sweep before them all: `mode: sweep` takes every run (and skips those it is not for).
// The release mode before agent mode: with `pull-requests: follow` it takes the release events.
// Follow mode before ask and agent mode: with `pull-requests: follow` it takes every pull request
// event, which agent mode would otherwise skip or (merged) start a job for.
export const MODES: readonly AnyMode[] = [
  mode(sweepMode(finishers)),
  mode(releaseMode),
  mode(pullsMode),
  mode(askMode),
  mode(agentMode),
];
