// The gate's form for a terminal (the command line, src/cli/): outside text made inert for a
// terminal emulator and a CI log viewer. The gate's own pipeline (forText, forLog) removes escape
// sequences whole (sanitize.ts), control characters, C1 controls, invisible and BiDi characters,
// and redacts the run's secrets; stripSequences runs first here too, so a caller that reads the
// code sees the terminal's own concern stated where it matters. Every line is also made inert for
// the GitHub runner, since the command line may itself run in a workflow's step.
import { stripSequences } from './sanitize.ts';
import { forLog, forText, inertForRunner } from './text-gate.ts';

/** Outside text for one terminal line: no escape sequence, control or invisible character, no secret, at most `max` characters. */
export function forTerminalLine(text: string, max = 500): string {
  return forLog(stripSequences(text), max);
}

/** Outside text that keeps its lines (the assistant's answer), as forTerminalLine otherwise. */
export function forTerminalText(text: string, max: number): string {
  return forText(stripSequences(text), max)
    .split('\n')
    .map((line) => inertForRunner(line))
    .join('\n');
}
