// Command-line entry: `npm run emulator -- [--port 0] [--duration-ms 1500] [--outcome pr]`.
// Prints one line with the address, then serves until SIGINT or SIGTERM.
import { parseArgs } from 'node:util';
import { PORT_MAX, UsageError, integerOption, runCommandLine } from './command-line.ts';
import { startEmulator } from './index.ts';
import type { EmulatorOptions, JobBehaviour } from './types.ts';
import { OUTCOMES, isOutcome } from './validate.ts';

const USAGE = `Usage: npm run emulator -- [options]

  --port <n>              port on 127.0.0.1 (default 0: any free port)
  --duration-ms <n>       how long a job runs (default 1500)
  --outcome <outcome>     how jobs end: ${OUTCOMES.join(' | ')} (default pr)
  --running-status <s>    status reported while running (default active)
  --rate-limit <n>        creations and messages per project per hour (default 100)
  --no-v1                 answer the deprecated v1 endpoints 404, as if the service dropped them
  --project <id>          know this project id only: any other answers 404, as on the service
                          (default: every project id)
  --help                  show this text

Faults on demand: POST a rule, or an array of rules, to /_emulator/inject (no key needed) at the
address it prints (with --port 0, a free port chosen at start), e.g.
  curl -d '{"route": "create", "times": 2, "fault": {"kind": "status", "status": 503}}' \\
    http://127.0.0.1:<port>/_emulator/inject
  route             create | get (v1 get and list too) | message | any (default)
  times             how many matching requests it applies to (default 1)
  afterProcessing   true: the request is served first (a job is made), then its answer replaced
  fault             {"kind": "status", "status": 503, "body"?, "contentType"?, "headers"?}
                    {"kind": "html", "status": 502}   a proxy's error page
                    {"kind": "malformed"}             200 with truncated JSON
                    {"kind": "reset"}                 the connection cut without an answer
                    {"kind": "delay", "ms": 5000}     the answer, late`;

function parseOptions(argv: string[]): EmulatorOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      'duration-ms': { type: 'string' },
      outcome: { type: 'string' },
      'running-status': { type: 'string' },
      'rate-limit': { type: 'string' },
      'no-v1': { type: 'boolean' },
      project: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';

  const job: Partial<JobBehaviour> = {};
  const durationMs = integerOption('duration-ms', values['duration-ms']);
  if (durationMs !== undefined) job.durationMs = durationMs;
  if (values.outcome !== undefined) {
    if (!isOutcome(values.outcome)) throw new UsageError(`--outcome must be one of ${OUTCOMES.join(', ')}`);
    job.outcome = values.outcome;
  }
  if (values['running-status'] !== undefined) job.runningStatus = values['running-status'];
  if (values['no-v1']) job.v1 = false;

  const options: EmulatorOptions = { job, ...(values.project ? { projects: [values.project] } : {}) };
  const port = integerOption('port', values.port, PORT_MAX);
  if (port !== undefined) options.port = port;
  const rateLimit = integerOption('rate-limit', values['rate-limit']);
  if (rateLimit !== undefined) options.rateLimitPerHour = rateLimit;
  return options;
}

await runCommandLine({
  usage: USAGE,
  parse: parseOptions,
  name: 'the emulator',
  async start(options) {
    const emulator = await startEmulator(options);
    return { listening: `docs agent emulator listening on ${emulator.url}`, close: () => emulator.close() };
  },
});
