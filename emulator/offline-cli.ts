// `docs-agent-emulator` (package.json `bin`, built into dist/cli/emulator/ by scripts/bundle.ts):
// the offline service (offline.ts: the agent's jobs and the assistant behind one address) for
// trying every command of `docs-agent` without an account. It is a command of its own, not a
// command of `docs-agent`: src/ ships only what the action and the command line run, and imports
// nothing from emulator/. It prints the settings to use and serves until Ctrl-C.
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { PORT_MAX, integerOption, runCommandLine } from './command-line.ts';
import {
  OFFLINE_API_KEY,
  OFFLINE_ASSISTANT_KEY,
  OFFLINE_DOMAIN,
  OFFLINE_PROJECT_ID,
  startOfflineService,
} from './offline.ts';

const USAGE = `Usage: docs-agent-emulator [--port 0] [--duration-ms 1500]

Serves the Documentation Agent's offline service on 127.0.0.1 (the agent's jobs and the assistant
behind one address, with made-up keys that it alone accepts) and prints the settings that point
docs-agent at it. Ctrl-C stops it.
  --port <n>          port on 127.0.0.1 (default 0: a free port, printed at start)
  --duration-ms <n>   how long a job runs (default 1500)
  --help              show this text`;

interface Options {
  port: number;
  durationMs: number | undefined;
}

function parse(argv: string[]): Options | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: { port: { type: 'string' }, 'duration-ms': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return 'help';
  return {
    port: integerOption('port', values.port, PORT_MAX) ?? 0,
    durationMs: integerOption('duration-ms', values['duration-ms']),
  };
}

/**
 * The assistant's documentation pages: the bundle ships them in fixtures/ beside its entry
 * (scripts/bundle.ts); run from the sources, the assistant emulator finds its own.
 */
function bundledFixtures(): { fixtures?: string } {
  try {
    const beside = join(dirname(realpathSync(process.argv[1] ?? '')), 'fixtures');
    return existsSync(beside) ? { fixtures: beside } : {};
  } catch {
    return {};
  }
}

void runCommandLine({
  usage: USAGE,
  parse,
  name: 'the emulator',
  async start(options) {
    const service = await startOfflineService({
      port: options.port,
      ...bundledFixtures(),
      ...(options.durationMs === undefined ? {} : { job: { durationMs: options.durationMs } }),
    });
    // The emulator's own keys: made up, accepted only by it, and printed for that reason.
    const listening = [
      `Docs agent emulator (offline) listening on ${service.url}`,
      '',
      'Try every command against it with:',
      `  export DOCS_AGENT_BASE_URL=${service.url}`,
      `  export DOCS_AGENT_API_KEY=${OFFLINE_API_KEY}`,
      `  export DOCS_AGENT_PROJECT_ID=${OFFLINE_PROJECT_ID}`,
      `  export DOCS_ASSISTANT_KEY=${OFFLINE_ASSISTANT_KEY}`,
      `  export DOCS_ASSISTANT_DOMAIN=${OFFLINE_DOMAIN}`,
      '',
      'Press Ctrl-C to stop.',
    ].join('\n');
    return { listening, close: () => service.close() };
  },
});
