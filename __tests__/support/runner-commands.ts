/**
 * A port of how the GitHub runner finds workflow commands in a step's stdout (actions/runner,
 * ActionCommand.cs and ActionCommandManager.cs), so tests check what the runner would act on
 * instead of searching for strings:
 * - lines are split on CRLF, LF and a lone CR (the runner reads with StreamReader.ReadLine);
 * - `::name props::data` counts when the line starts with `::` after leading white space;
 * - the legacy `##[name props]data` counts anywhere in a line;
 * - only registered command names count;
 * - `::stop-commands::TOKEN` turns processing off until a line `::TOKEN::`.
 */
export const REGISTERED_COMMANDS = [
  'add-mask',
  'add-matcher',
  'add-path',
  'debug',
  'echo',
  'endgroup',
  'error',
  'group',
  'notice',
  'remove-matcher',
  'save-state',
  'set-env',
  'set-output',
  'stop-commands',
  'warning',
] as const;

export interface RunnerCommand {
  form: 'v2' | 'legacy';
  command: string;
  properties: Record<string, string>;
  data: string;
  line: string;
}

const REGISTERED = new Set<string>(REGISTERED_COMMANDS);

export function parseRunnerCommands(stdout: string): RunnerCommand[] {
  const found: RunnerCommand[] = [];
  let stopToken: string | undefined;
  for (const line of stdout.split(/\r\n|\r|\n/)) {
    if (stopToken !== undefined) {
      if (line.trimStart() === `::${stopToken}::`) stopToken = undefined;
      continue;
    }
    const command = parseV2(line) ?? parseLegacy(line);
    if (!command) continue;
    found.push(command);
    if (command.command === 'stop-commands' && command.data) stopToken = command.data;
  }
  return found;
}

function parseV2(line: string): RunnerCommand | undefined {
  const message = line.trimStart();
  if (!message.startsWith('::')) return undefined;
  const end = message.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  if (!REGISTERED.has(command)) return undefined;
  const properties = space < 0 ? {} : parseProperties(info.slice(space + 1), ',');
  return { form: 'v2', command, properties, data: unescapeData(message.slice(end + 2)), line };
}

function parseLegacy(line: string): RunnerCommand | undefined {
  const prefix = line.indexOf('##[');
  if (prefix < 0) return undefined;
  const close = line.indexOf(']', prefix);
  if (close < 0) return undefined;
  const start = prefix + 3;
  const space = line.indexOf(' ', start);
  const command = space < 0 || space > close ? line.slice(start, close) : line.slice(start, space);
  if (!REGISTERED.has(command)) return undefined;
  const properties = space < 0 || space > close ? {} : parseProperties(line.slice(space + 1, close), ';');
  return { form: 'legacy', command, properties, data: line.slice(close + 1), line };
}

function parseProperties(text: string, separator: string): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const pair of text.split(separator)) {
    const at = pair.indexOf('=');
    if (at > 0) properties[pair.slice(0, at).trim()] = unescapeData(pair.slice(at + 1));
  }
  return properties;
}

function unescapeData(text: string): string {
  return text
    .replace(/%0D/gi, '\r')
    .replace(/%0A/gi, '\n')
    .replace(/%3A/gi, ':')
    .replace(/%2C/gi, ',')
    .replace(/%25/g, '%');
}

/**
 * The commands in `stdout` that the action did not mean to send: everything but the kinds
 * @actions/core writes for it (masks, groups, debug and annotation lines it formats itself).
 * Outside text that became a command shows up here, or as an annotation whose data is not ours.
 */
export function commandsOutsideOf(stdout: string, allowed: readonly string[] = OWN_COMMANDS): RunnerCommand[] {
  return parseRunnerCommands(stdout).filter((c) => c.form === 'legacy' || !allowed.includes(c.command));
}

/** What the action itself emits through @actions/core. */
export const OWN_COMMANDS = ['add-mask', 'debug', 'error', 'warning', 'notice', 'group', 'endgroup'] as const;
