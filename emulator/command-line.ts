// What the two command lines (emulator/cli.ts, emulator/github/cli.ts) share: parse the options or
// explain them, start the server, print one line saying where it listens, and serve until SIGINT or
// SIGTERM.

export class UsageError extends Error {}

/** A whole number given as --name, from 0 up to max if one is given; undefined when the option is absent. */
export function integerOption(name: string, value: string | undefined, max?: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || (max !== undefined && parsed > max)) {
    throw new UsageError(`--${name} must be a whole number ${max === undefined ? '>= 0' : `from 0 to ${max}`}`);
  }
  return parsed;
}

export const PORT_MAX = 65_535;

interface CommandLine<Options> {
  usage: string;
  /** The options, or 'help' for --help; throws on anything it cannot use. */
  parse(argv: string[]): Options | 'help';
  /** Starts the server; `listening` is the line that says where. */
  start(options: Options): Promise<{ listening: string; close(): Promise<void> }>;
  /** What failed to start, for the error line: 'the emulator'. */
  name: string;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function runCommandLine<Options>(cli: CommandLine<Options>): Promise<void> {
  let options: Options | 'help';
  try {
    options = cli.parse(process.argv.slice(2));
  } catch (error) {
    // parseArgs throws TypeErrors with a code for unknown or malformed flags; both are usage errors.
    console.error(`${messageOf(error)}\n\n${cli.usage}`);
    process.exitCode = 2;
    return;
  }
  if (options === 'help') {
    console.log(cli.usage);
    return;
  }

  let server;
  try {
    server = await cli.start(options);
  } catch (error) {
    // Typically EADDRINUSE; the message says enough, a stack trace would not help.
    console.error(`cannot start ${cli.name}: ${messageOf(error)}`);
    process.exitCode = 1;
    return;
  }
  console.log(server.listening);

  // Once the server and its sockets are closed nothing keeps the event loop alive, so Node exits 0.
  const stop = (): void => void server.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
