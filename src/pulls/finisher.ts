// Follow mode's finisher (step/finish.ts): what the sweep (`mode: sweep`) asks of a labelled pull
// request. The work loads only for a sweep that meets a pull request, as the mode's run does.
import type { Finisher } from '../step/finish.ts';

/**
 * Finishes a followed pull request's round that no run reported (a `wait: false` run, a run
 * cancelled or out of time), exactly as the waiting run would have; undefined for an item without
 * this action's signed follow line (another mode's request: the next finisher is asked).
 */
export const pullsFinisher: Finisher = {
  name: 'pulls',
  async finish(item, context) {
    if (!item.pullRequest) return undefined;
    const { finishFollowed } = await import('./finish-followed.ts');
    return finishFollowed(item.number, context);
  },
};
