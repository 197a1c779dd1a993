// Command-line entry: `npm run assistant-emulator -- [--port 8789] [--fault cut]`.
// The Documentation Assistant for trying ask mode locally: point the action's base-url at the
// address it prints, with its domain and key. Serves until SIGINT or SIGTERM.
import { parseArgs } from 'node:util';
import { PORT_MAX, UsageError, integerOption, runCommandLine } from '../command-line.ts';
import { ASSISTANT_KEY, DOMAIN, NAMED_FAULTS, startAssistantEmulator, type AssistantFault } from './index.ts';

const USAGE = `Usage: npm run assistant-emulator -- [options]

  --port <n>          port on 127.0.0.1 (default 0: any free port)
  --fault <kind>      the next answer fails this way (repeatable; in order, one answer each):
                        error-chunk   an error chunk half-way through the answer
                        cut           the connection cut half-way through the answer
                        rate-limit    429 with Retry-After: 1
                        html-502      a proxy's HTML error page
                        trickle       the answer one word every 200 ms
                        length        the answer stops at the model's output limit
                        document-sources  sources as source-document parts (no address)
                        search-tool   sources only as the search tool's results
                        forget-threads  every thread forgotten: a follow-up is 404
  --help              show this text

It answers POST /discovery/v2/assistant/${DOMAIN}/message (Authorization: Bearer ${ASSISTANT_KEY}) from
the documentation pages in emulator/assistant/fixtures/, streamed as the ai package's UI message
stream, with the pages found as sources. Give the action mode: ask, base-url: the printed address,
domain: ${DOMAIN} and assistant-key: ${ASSISTANT_KEY}.`;

interface CliOptions {
  port?: number;
  faults: AssistantFault[];
}

function parseOptions(argv: string[]): CliOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      fault: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const faults = (values.fault ?? []).map((kind) => {
    const fault = NAMED_FAULTS[kind];
    if (!fault) throw new UsageError(`--fault must be one of ${Object.keys(NAMED_FAULTS).join(', ')}`);
    return structuredClone(fault);
  });
  const port = integerOption('port', values.port, PORT_MAX);
  return port === undefined ? { faults } : { port, faults };
}

await runCommandLine({
  usage: USAGE,
  parse: parseOptions,
  name: 'the assistant emulator',
  async start(options: CliOptions) {
    const assistant = await startAssistantEmulator(options.port === undefined ? {} : { port: options.port });
    for (const fault of options.faults) assistant.fault(fault);
    return {
      listening: `docs assistant emulator (domain ${DOMAIN}, key ${ASSISTANT_KEY}) listening on ${assistant.url}`,
      close: () => assistant.close(),
    };
  },
});
