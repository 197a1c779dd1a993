/**
 * Runs the shipped dist/index.js the way the GitHub runner does: a child process under Node 24,
 * inputs as INPUT_ variables (hyphens kept), action.yml defaults applied by us as the runner
 * applies them, and outputs, state, env and the summary read back from the runner's files.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/**
 * The runner runs `node24`. The dev dependency `node` brings exactly that, this system's build (the
 * machine's own Node may be older); without it, the Node that runs this file.
 */
const PACKAGED_NODE = join(ROOT, 'node_modules/node/bin/node');
export const NODE24 = existsSync(PACKAGED_NODE) ? PACKAGED_NODE : process.execPath;
export const GITHUB_TOKEN = 'ghs_test_token';
export const API_KEY = 'svc_test_admin_key_0123456789';
/** The commit every run is for (GITHUB_SHA), as the runner gives it to every step. */
export const RUN_SHA = 'ffac537e6cbbf934b08745a378932722df287a53';

interface ActionYaml {
  inputs: Record<string, { default?: string; required?: boolean; description?: string }>;
  outputs: Record<string, { description?: string }>;
  runs: { using: string; main: string; post?: string };
}

/** action.yml, parsed. */
export const actionYaml = await readActionYaml();

/**
 * action.yml as `yaml` parses it, kept as JSON in the temporary directory under a hash of its text:
 * most test files then never load the YAML parser (70 modules) only to read it.
 */
async function readActionYaml(): Promise<ActionYaml> {
  const text = readFileSync(join(ROOT, 'action.yml'), 'utf8');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const cached = join(tmpdir(), `docs-agent-action-yml-${hash}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as ActionYaml;
  const { parse } = await import('yaml');
  const parsed = parse(text) as ActionYaml;
  writeWhole(cached, JSON.stringify(parsed));
  return parsed;
}

/** Writes `path` through a rename, so test files writing at once never read half of it. */
function writeWhole(path: string, text: string): void {
  writeFileSync(`${path}.${process.pid}`, text);
  renameSync(`${path}.${process.pid}`, path);
}

export interface RunOptions {
  /** By input name as in action.yml; omitted ones get action.yml's default. */
  inputs?: Record<string, string>;
  /** The triggering event; defaults to workflow_dispatch with a real payload. */
  event?: { name: string; payload: unknown };
  /** Extra environment, e.g. GITHUB_API_URL or https_proxy. */
  env?: Record<string, string>;
  /** Which entry of action.yml to run. */
  entry?: 'main' | 'post';
  /** State saved by an earlier main step, passed to a post step as STATE_ variables. */
  state?: Record<string, string>;
  /** Called once the child runs, e.g. to send it the runner's signals. */
  onSpawn?: (child: ChildProcess) => void;
  /** Kill the child after this long (a hung action fails the test, not the suite). */
  killAfterMs?: number;
  /** Another copy of the bundle to run instead of action.yml's (a dist/ with a chunk removed). */
  script?: string;
  /** Receives the child's output as it comes (the demo prints it). */
  echo?: (text: string) => void;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  state: Record<string, string>;
  exportedEnv: Record<string, string>;
  summary: string;
  durationMs: number;
  /** stdout, stderr and every file the runner reads, for checks such as "the key never appears". */
  everything: string;
}

/** The runner's side of a step: its environment, and the files it reads back afterwards. */
export interface RunnerEnvironment {
  env: Record<string, string>;
  files: Record<'GITHUB_OUTPUT' | 'GITHUB_STATE' | 'GITHUB_ENV' | 'GITHUB_PATH' | 'GITHUB_STEP_SUMMARY', string>;
}

/**
 * The environment the runner gives a node24 action: the GITHUB_ variables, fresh empty files for
 * outputs, state, env, path and the summary, the event payload in a file, inputs as INPUT_
 * variables with action.yml's defaults, and state as STATE_ variables.
 */
export function runnerEnvironment(
  options: Omit<RunOptions, 'entry' | 'onSpawn' | 'killAfterMs' | 'echo'> = {},
): RunnerEnvironment {
  const dir = mkdtempSync(join(tmpdir(), 'docs-agent-run-'));
  const files = {
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STATE: join(dir, 'state'),
    GITHUB_ENV: join(dir, 'env'),
    GITHUB_PATH: join(dir, 'path'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
  };
  for (const file of Object.values(files)) writeFileSync(file, '');
  const event = options.event ?? { name: 'workflow_dispatch', payload: webhookPayload('workflow_dispatch') };
  const eventPath = join(dir, 'event.json');
  writeFileSync(eventPath, JSON.stringify(event.payload));

  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_REPOSITORY: 'Codertocat/Hello-World',
    GITHUB_SERVER_URL: 'https://github.com',
    // Nothing listens here unless a test gives a fake GitHub: a stray call fails fast.
    GITHUB_API_URL: 'http://127.0.0.1:9',
    GITHUB_RUN_ID: '1658821493',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_SHA: RUN_SHA,
    GITHUB_JOB: 'docs',
    // A step with an id; without one the runner names it after the action (`__owner_repo`).
    GITHUB_ACTION: 'docs-agent',
    GITHUB_WORKFLOW: 'docs',
    GITHUB_ACTOR: 'Codertocat',
    GITHUB_EVENT_NAME: event.name,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_WORKSPACE: dir,
    RUNNER_TEMP: dir,
    RUNNER_DEBUG: '1',
    DOCS_AGENT_DELAY_SCALE: '0.01',
    ...files,
    ...inputEnv(options.inputs ?? {}),
    ...Object.fromEntries(Object.entries(options.state ?? {}).map(([k, v]) => [`STATE_${k}`, v])),
    ...options.env,
  };
  return { env, files };
}

export async function runAction(options: RunOptions = {}): Promise<RunResult> {
  const { env, files } = runnerEnvironment(options);
  const entry = options.entry === 'post' ? (actionYaml.runs.post ?? '') : actionYaml.runs.main;
  const script = options.script ?? join(ROOT, entry);
  const started = performance.now();
  const child = spawn(NODE24, [script], {
    // The runner sets no compile cache, and runnerEnvironment (which the bench times) gives none.
    // Here the suite's (jest.config.js) is passed on: it changes only how fast V8 compiles the
    // bundle, not what it does, and saves about a tenth of each child run's CPU.
    env: process.env.NODE_COMPILE_CACHE ? { ...env, NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : env,
    cwd: env.GITHUB_WORKSPACE,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    options.echo?.(chunk);
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    options.echo?.(chunk);
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 25_000);
  options.onSpawn?.(child);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (c, s) => resolve([c, s])),
  );
  clearTimeout(killer);

  try {
    return readRunResult(files, { code, signal, stdout, stderr, started });
  } finally {
    removeRunnerDirectory(env);
  }
}

/** A run's directory (its runner files, workspace and temp), once they are read back: none outlives its test. */
export function removeRunnerDirectory(env: Record<string, string>): void {
  if (env.RUNNER_TEMP) rmSync(env.RUNNER_TEMP, { recursive: true, force: true });
}

/** What a step left: its exit, its output, and the runner's files read back (the same for a child and in-process). */
export function readRunResult(
  files: RunnerEnvironment['files'],
  run: Pick<RunResult, 'code' | 'signal' | 'stdout' | 'stderr'> & { started: number },
): RunResult {
  const read = (file: string): string => readFileSync(file, 'utf8');
  const { started, ...ended } = run;
  return {
    ...ended,
    outputs: parseFileCommands(read(files.GITHUB_OUTPUT)),
    state: parseFileCommands(read(files.GITHUB_STATE)),
    exportedEnv: parseFileCommands(read(files.GITHUB_ENV)),
    summary: read(files.GITHUB_STEP_SUMMARY),
    durationMs: performance.now() - started,
    everything: [run.stdout, run.stderr, ...Object.values(files).map(read)].join('\n'),
  };
}

/** INPUT_<NAME>: upper-cased, spaces to underscores, hyphens kept; defaults as the runner applies them. */
export function inputEnv(inputs: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, spec] of Object.entries(actionYaml.inputs)) {
    const value = inputs[name] ?? evaluateDefault(spec.default);
    if (value !== undefined) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  for (const name of Object.keys(inputs)) {
    if (!(name in actionYaml.inputs)) throw new Error(`Test passes input '${name}', which action.yml does not declare`);
  }
  return env;
}

function evaluateDefault(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value.replace(/\$\{\{\s*github\.token\s*\}\}/g, GITHUB_TOKEN);
}

/** Reads `name<<DELIMITER` blocks (and plain `name=value` lines) as the runner does. */
export function parseFileCommands(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name = '', delimiter] = heredoc;
      const body: string[] = [];
      while (++i < lines.length && lines[i] !== delimiter) body.push(lines[i] ?? '');
      if (i >= lines.length) throw new Error(`Unterminated ${name}<<${delimiter} block`);
      values[name] = body.join('\n');
    } else if (line.includes('=')) {
      const at = line.indexOf('=');
      values[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return values;
}

/**
 * @octokit/webhooks-examples: real payloads, grouped by event name, in one 4 MB file that costs a
 * tenth of a second to parse. Each event's examples are also kept in a file of their own under the
 * temporary directory (for this version of the package), so a test file or a demo reads only the
 * events it uses.
 */
const EXAMPLES_PACKAGE = join(ROOT, 'node_modules/@octokit/webhooks-examples');
const EXAMPLES_VERSION = (
  JSON.parse(readFileSync(join(EXAMPLES_PACKAGE, 'package.json'), 'utf8')) as { version: string }
).version;
const EXAMPLES_BY_EVENT = join(tmpdir(), `docs-agent-webhooks-examples-${EXAMPLES_VERSION}`);
/** Written last: every event's file is there. */
const EXAMPLES_COMPLETE = join(EXAMPLES_BY_EVENT, 'complete');
const examplesRead = new Map<string, Record<string, unknown>[]>();

function examplesOf(event: string): Record<string, unknown>[] {
  const known = examplesRead.get(event);
  if (known) return known;
  const file = join(EXAMPLES_BY_EVENT, `${encodeURIComponent(event)}.json`);
  let examples: Record<string, unknown>[];
  if (existsSync(EXAMPLES_COMPLETE)) {
    examples = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[]) : [];
  } else {
    const groups = JSON.parse(readFileSync(join(EXAMPLES_PACKAGE, 'api.github.com/index.json'), 'utf8')) as {
      name: string;
      examples: Record<string, unknown>[];
    }[];
    mkdirSync(EXAMPLES_BY_EVENT, { recursive: true });
    for (const group of groups) {
      writeWhole(join(EXAMPLES_BY_EVENT, `${encodeURIComponent(group.name)}.json`), JSON.stringify(group.examples));
    }
    writeWhole(EXAMPLES_COMPLETE, '');
    examples = groups.find((group) => group.name === event)?.examples ?? [];
  }
  examplesRead.set(event, examples);
  return examples;
}

/**
 * A real payload by event and action, e.g. ('issue_comment', 'created'); `pick` chooses among
 * several examples of that kind. Returns a copy that a test may edit.
 */
export function webhookPayload(
  event: string,
  action?: string,
  pick: (p: Record<string, unknown>) => boolean = () => true,
  // Tests edit these payloads deeply (comment.body, issue.pull_request): typing every field would
  // restate @octokit/webhooks-types for no safety gained.
): Record<string, any> {
  const found = examplesOf(event).find(
    (example) => (action === undefined || example.action === action) && pick(example),
  );
  if (!found) throw new Error(`No ${event}.${action ?? ''} example in @octokit/webhooks-examples`);
  return structuredClone(found);
}
