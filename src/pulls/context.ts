import type { Octokit } from '../github/octokit.ts';
import type { MarkerScope } from '../github/marker.ts';
import type { Repository } from '../github/pull-requests.ts';
import type { IssueThread } from '../github/thread.ts';
import type { Dependencies } from '../step/deps.ts';
import type { ServiceSettings } from '../step/inputs.ts';
import type { FollowSettings } from '../step/follow-inputs.ts';

/** Everything one run of follow mode works with. */
export interface FollowContext {
  settings: ServiceSettings;
  follow: FollowSettings;
  deps: Dependencies;
  octokit: Octokit;
  repository: Repository;
  number: number;
  scope: MarkerScope;
  /** The pull request's conversation, read and written through the one issue-thread writer. */
  issue: IssueThread;
}
