// The gate's form for a terminal (the command line, src/cli/): outside text made inert for a
// terminal emulator and a CI log viewer. Escape sequences go whole (CSI such as colours and cursor
// moves, OSC such as window titles and hyperlinks, DCS, and their 8-bit forms), then the gate's
// own pipeline removes what is left of control characters, C1 controls, invisible and BiDi
// characters, and redacts the run's secrets (forText, forLog). Every line is also made inert for
// the GitHub runner, since the command line may itself run in a workflow's step.
import { forLog, forText, inertForRunner } from './text-gate.ts';

/**
 * ESC or 8-bit CSI (U+009B) sequences: CSI `ESC [ … final`, OSC/DCS/SOS/PM/APC strings up to BEL or
 * ST (or the end of the text), and two-character escapes (`ESC c` resets the terminal). Linear:
 * each alternative consumes what it matches and none nests.
 */
/* eslint-disable no-control-regex -- escape sequences are what it finds */
const SEQUENCE =
  /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|\x1b[ -~]?/g;
/* eslint-enable no-control-regex */

/** Removes every terminal escape sequence, whole. */
export function stripSequences(text: string): string {
  return text.replace(SEQUENCE, '');
}

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
