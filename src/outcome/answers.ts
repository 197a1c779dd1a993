import { ANSWERED_STATUS, FAILED_STATUS } from '../base/constants.ts';
import { EXIT } from './exit.ts';

/**
 * The rows of a question's outcome, as table.ts holds a job's: ask mode and `docs-agent ask` word
 * how an answer ended from here. A new kind is one row.
 */
export interface AnswerFacts {
  /** ' on #N' when the answer is on an issue, else ''. */
  where: string;
  sources: number;
  /** Why the answer stopped or did not come; inert for the log already. */
  reason: string;
}

export interface AnswerRow {
  /** The `status` output (and `docs-agent ask --json`'s). */
  status: string;
  /** Whether the step succeeds; when not, the message is its error. */
  ok: boolean;
  /** The step's notice or error. */
  message: (facts: AnswerFacts) => string;
  /** The command line's exit code. */
  exit: number;
}

export const ANSWERS = {
  answered: {
    status: ANSWERED_STATUS,
    ok: true,
    message: ({ where, sources }) => `Answered${where} from ${sources} source${sources === 1 ? '' : 's'}.`,
    exit: EXIT.done,
  },
  incomplete: {
    status: FAILED_STATUS,
    ok: false,
    message: ({ where, reason }) => `The answer${where} is incomplete: ${reason}.`,
    exit: EXIT.failed,
  },
  unanswered: {
    status: FAILED_STATUS,
    ok: false,
    message: ({ reason }) => `No answer: ${reason}`,
    exit: EXIT.failed,
  },
} as const satisfies Record<string, AnswerRow>;
