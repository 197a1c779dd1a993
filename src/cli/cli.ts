// The command line: `docs-agent run|follow-up|status|jobs|ask`. It reads its flags and
// environment, checks them all before any request, and hands over to the commands, which use the
// action's service layer. `runCli` takes its streams, environment and cancel from the caller, so
// tests run it in-process as well as the bundle as a child process (src/cli/main.ts).
import { parseArgs } from 'node:util';
import { USER_AGENT } from '../base/constants.ts';
import { systemClock } from '../base/clock.ts';
import { AgentClient } from '../service/client.ts';
import { AskClient } from '../service/assistant.ts';
import { POLL_SCHEDULE, type PollSchedule } from '../service/poll-schedule.ts';
import { createTransport } from '../service/transport.ts';
import { runAsk } from './ask.ts';
import { stateDirectory, ThreadStore } from './thread-store.ts';
import {
  Problems,
  readAgentSettings,
  readAssistantSettings,
  registerKeys,
  readJobId,
  readText,
  readThread,
  readTimeout,
} from './config.ts';
import { Display, chooseMode, type Io } from './display.ts';
import { EXIT } from '../outcome/exit.ts';
import { runJobCommand, type JobRequest } from './jobs.ts';
import { DEFAULT_LIMIT, MAX_LIMIT, runListCommand } from './list.ts';
import { USAGE } from './usage.ts';
import { VERSION } from './version.ts';

const OPTIONS = {
  'api-key': { type: 'string' },
  'project-id': { type: 'string' },
  'base-url': { type: 'string' },
  'assistant-key': { type: 'string' },
  domain: { type: 'string' },
  wait: { type: 'boolean' },
  'no-wait': { type: 'boolean' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  thread: { type: 'string' },
  limit: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

const COMMANDS = ['run', 'follow-up', 'status', 'jobs', 'ask', 'help'];

type Parsed = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;

/**
 * Runs one command. With --json its object is printed on every exit: a command that ended
 * without one (a usage error, a failure before any answer) gets `status` and the first error.
 */
export async function runCli(argv: readonly string[], io: Io, signal: AbortSignal): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs names the flag it did not know; the flag is the user's own text, gated all the same.
    const display = new Display(io, argv.includes('--json') ? 'json' : 'plain');
    display.error(`docs-agent: ${error instanceof Error ? error.message : String(error)}`);
    io.stderr.write(`Run "${display.command} --help" for the commands and flags.\n`);
    display.jsonFallback('error', '');
    return EXIT.input;
  }
  registerKeys(parsed.values, io.env);
  const display = new Display(io, chooseMode(io, parsed.values.json === true));
  if (parsed.values.version) {
    if (display.mode === 'json') display.json({ status: 'done', version: VERSION });
    else io.stdout.write(`docs-agent ${VERSION}\n`);
    return EXIT.done;
  }
  if (parsed.values.help || (parsed.positionals[0] ?? 'help') === 'help') {
    // With --json, the help too is one object, so that stdout always parses.
    if (display.mode === 'json') display.json({ status: 'done', usage: USAGE });
    else io.stdout.write(USAGE);
    return EXIT.done;
  }
  const code = await runCommand(parsed, display, io, signal);
  display.jsonFallback(code === EXIT.interrupted ? 'interrupted' : code === EXIT.done ? 'done' : 'error', '');
  return code;
}

async function runCommand(parsed: Parsed, display: Display, io: Io, signal: AbortSignal): Promise<number> {
  const { values, positionals } = parsed;
  const [command = 'help', ...rest] = positionals;
  if (!COMMANDS.includes(command)) {
    display.error(`docs-agent: unknown command '${command}'. Commands: ${COMMANDS.join(', ')}.`);
    // The offline service is a command of its own (emulator/offline-cli.ts), shipped beside this one.
    if (command === 'emulator') display.error('The offline service is its own command: docs-agent-emulator.');
    return EXIT.input;
  }
  const problems = new Problems();
  if (values.wait && values['no-wait']) problems.add('Give --wait or --no-wait, not both.');
  const timeoutMs = readTimeout(values.timeout, problems);

  if (command === 'ask') {
    const question = readText(rest, 'The question', 'docs-agent ask "How do I enable verbose logging?"', problems);
    const thread = readThread(values.thread, problems);
    const settings = readAssistantSettings(values, io.env, problems);
    const scale = delayScale(io.env, problems);
    if (problems.list.length) return inputError(display, problems);
    const client = new AskClient({
      ...settings,
      transport: createTransport(`${USER_AGENT}-cli`),
      requestTimeoutMs: 60_000,
      debug: () => undefined,
      now: () => Date.now(),
    });
    const backoff = { minMs: 2_000 * scale, maxMs: 30_000 * scale };
    const store = new ThreadStore(stateDirectory(io.env), settings);
    const env = io.env;
    return runAsk(question, thread, { client, display, signal, timeoutMs, clock: systemClock, backoff, store, env });
  }

  if (command === 'jobs') {
    const limit = readLimit(values.limit, problems);
    if (rest.length) problems.add(`jobs takes no argument; '${rest.join(' ')}' is left over.`);
    const settings = readAgentSettings(values, io.env, problems);
    const scale = delayScale(io.env, problems);
    if (problems.list.length) return inputError(display, problems);
    const client = agentClient(settings, io.env);
    const backoff = { minMs: 2_000 * scale, maxMs: 30_000 * scale };
    const context = { client, display, clock: systemClock, signal, timeoutMs, backoff, projectId: settings.projectId };
    return runListCommand(limit, context);
  }
  if (values.limit !== undefined) problems.add('--limit belongs to the jobs command.');
  let request: JobRequest;
  const example = (start: string): string => `docs-agent ${start}"Document the new --verbose flag"`;
  if (command === 'run') {
    request = { kind: 'run', prompt: readText(rest, 'The prompt', example('run '), problems) };
  } else if (command === 'follow-up') {
    const [id, ...words] = rest;
    request = {
      kind: 'follow-up',
      id: readJobId(id, problems),
      prompt: readText(words, 'The follow-up', example('follow-up <job-id> '), problems),
    };
  } else {
    const [id, ...extra] = rest;
    request = { kind: 'status', id: readJobId(id, problems) };
    if (extra.length) problems.add(`status takes one job id; '${extra.join(' ')}' is left over.`);
  }
  const settings = readAgentSettings(values, io.env, problems);
  const scale = delayScale(io.env, problems);
  if (problems.list.length) return inputError(display, problems);
  const client = agentClient(settings, io.env);
  // `status` only reads unless asked to wait; `run` and `follow-up` wait unless asked not to.
  const wait = command === 'status' ? values.wait === true : values['no-wait'] !== true;
  return runJobCommand(request, {
    client,
    display,
    clock: systemClock,
    signal,
    timeoutMs,
    wait,
    schedule: scaled(POLL_SCHEDULE, scale),
    backoff: { minMs: 2_000 * scale, maxMs: 30_000 * scale },
    notFoundGraceMs: 30_000,
  });
}

function agentClient(settings: ReturnType<typeof readAgentSettings>, env: NodeJS.ProcessEnv): AgentClient {
  return new AgentClient({
    ...settings,
    transport: createTransport(`${USER_AGENT}-cli`),
    requestTimeoutMs: 30_000,
    codeHosts: codeHosts(env),
    // Its messages name the command line's own settings, never the action's inputs.
    keySetting: '--api-key (or DOCS_AGENT_API_KEY)',
    debug: () => undefined,
    now: () => Date.now(),
  });
}

/** --limit: how many jobs `jobs` lists, 1 to MAX_LIMIT (DEFAULT_LIMIT without it). */
function readLimit(raw: string | undefined, problems: Problems): number {
  if (raw === undefined) return DEFAULT_LIMIT;
  const limit = Number(raw);
  if (/^\d+$/.test(raw) && limit >= 1 && limit <= MAX_LIMIT) return limit;
  problems.add(`Invalid --limit '${raw}': expected a whole number from 1 to ${MAX_LIMIT}.`);
  return DEFAULT_LIMIT;
}

function inputError(display: Display, problems: Problems): number {
  const { list } = problems;
  display.errorLines(
    list.length === 1
      ? `docs-agent: ${list[0]}`
      : `docs-agent: ${list.length} settings need fixing:\n${list.map((p) => `- ${p}`).join('\n')}`,
  );
  display.error(`Run "${display.command} --help" for the commands, flags and environment variables.`);
  return EXIT.input;
}

/** Hosts a pull request link may point at: github.com, and the GitHub server of a workflow run. */
function codeHosts(env: NodeJS.ProcessEnv): string[] {
  const hosts = ['github.com'];
  try {
    if (env.GITHUB_SERVER_URL) hosts.push(new URL(env.GITHUB_SERVER_URL).host);
  } catch {
    // Not an address: github.com alone.
  }
  return hosts;
}

/**
 * DOCS_AGENT_DELAY_SCALE (tests and demos only, 0 to 1, as for the action's bundle): the real
 * schedule, every wait multiplied, so a test against the emulator polls in milliseconds.
 */
function delayScale(env: NodeJS.ProcessEnv, problems: Problems): number {
  const raw = env.DOCS_AGENT_DELAY_SCALE;
  if (raw === undefined || raw === '') return 1;
  const scale = Number(raw);
  if (!(scale >= 0 && scale <= 1))
    problems.add(`Invalid DOCS_AGENT_DELAY_SCALE '${raw}': expected a number from 0 to 1.`);
  return scale >= 0 && scale <= 1 ? scale : 1;
}

function scaled(schedule: PollSchedule, scale: number): PollSchedule {
  const { firstMs, minMs, maxMs } = schedule;
  return { ...schedule, firstMs: firstMs * scale, minMs: minMs * scale, maxMs: maxMs * scale };
}
