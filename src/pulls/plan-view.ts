import { STEP_SHOWN } from '../base/constants.ts';
import type { Session } from '../service/client.ts';
import { forMarkdown } from '../text/text-gate.ts';

/**
 * The agent's plan as markdown lines, each step inert (the service's words): what the check's
 * summary and the progress comment show while the job works. A list with symbols, not a task list,
 * whose boxes a reader could tick.
 */
export function planLines(session: Session | undefined): string[] {
  const steps = session?.todos ?? [];
  if (steps.length === 0) return [];
  const done = steps.filter((step) => step.status === 'completed').length;
  return [
    ...(session?.title ? [`**${forMarkdown(session.title, 200)}**`, ''] : []),
    ...steps.map((step) => `- ${STEP_SHOWN[step.status].symbol} ${forMarkdown(step.content, 200)}`),
    '',
    `_${done} of ${steps.length} steps done_`,
  ];
}
