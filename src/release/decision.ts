import type { BacklogSettings } from '../step/backlog-inputs.ts';
import type { InputProblems, ServiceSettings } from '../step/inputs.ts';
import type { ReleaseSettings } from '../step/release-inputs.ts';

/** The settings of a release run, every input error kept in `problems` until the releaser passed. */
export interface ReleaseDecision {
  settings: ServiceSettings;
  release: ReleaseSettings;
  backlog: BacklogSettings;
  problems: InputProblems;
}
