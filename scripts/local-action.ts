// `npm run local-action [-- ENV_FILE] [--post]`: runs the action's source (src/index.ts, which Node 24
// runs as it is) on this machine the way the runner runs a step: a child process with the
// variables of ENV_FILE (default .env; .env.example describes them), the inputs it leaves out at
// action.yml's defaults, and the runner's files for outputs, state and the job summary in a
// temporary folder. It prints the step's log as it comes, then its outputs and summary. `--post`
// then runs the post step with the state the main step saved, as the runner would.
//
// This replaces @github/local-action (246 MB of dependencies): that tool calls the entry's `run()`
// with @actions/core stubbed, while this action's run() takes the runner port that src/index.ts
// builds from the real @actions/core, which this runs.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { parseArgs, parseEnv } from 'node:util';
import { inputEnv, parseFileCommands } from '../__tests__/support/runner.ts';

const ROOT = join(import.meta.dirname, '..');
const FILES = ['GITHUB_OUTPUT', 'GITHUB_STATE', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STEP_SUMMARY'] as const;

const USAGE = `Usage: npm run local-action -- [ENV_FILE] [--post]

Runs the action's source (src/index.ts) on this machine as the runner runs a step, with the
variables of ENV_FILE (default .env; copy .env.example and edit it) and the runner's files in a
temporary folder; prints the step's log, outputs and job summary.
  --post    then run the post step with the state the main step saved
  --help    show this text`;

let parsed;
try {
  const options = { post: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;
  parsed = parseArgs({ allowPositionals: true, options });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const envFile = positionals[0] ?? '.env';
if (!existsSync(envFile)) {
  console.error(`No ${envFile}: copy .env.example to .env and edit it, or name another file.`);
  process.exit(2);
}
const fromFile = parseEnv(readFileSync(envFile, 'utf8'));

/** One step: prints its log, outputs and summary; returns its exit code and the state it saved. */
async function step(
  phase: 'main' | 'post',
  state: Record<string, string>,
): Promise<{ code: number; state: Record<string, string> }> {
  const dir = mkdtempSync(join(tmpdir(), 'docs-agent-local-'));
  try {
    const files = Object.fromEntries(FILES.map((name) => [name, join(dir, name.toLowerCase())]));
    for (const file of Object.values(files)) writeFileSync(file, '');
    // The file's variables win, except empty ones where the runner always gives a file.
    const given = Object.fromEntries(
      Object.entries(fromFile).filter(([name, value]) => value !== '' || !(name in files)),
    );
    const env: Record<string, string | undefined> = {
      ...process.env,
      GITHUB_ACTIONS: 'true',
      RUNNER_TEMP: dir,
      ...inputEnv({}),
      ...files,
      ...given,
      ...Object.fromEntries(Object.entries(state).map(([name, value]) => [`STATE_${name}`, value])),
    };
    console.log(`\n── ${phase} step (src/index.ts) ──`);
    // The post step is told so as dist/post.js (src/post.cjs) tells it, before the entry loads.
    const entry = pathToFileURL(join(ROOT, 'src/index.ts')).href;
    const args =
      phase === 'post'
        ? [
            '--input-type=module',
            '-e',
            `globalThis[Symbol.for('docs-agent-action.post-step')] = true; await import(${JSON.stringify(entry)});`,
          ]
        : [join(ROOT, 'src/index.ts')];
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    // As the runner's log shows it: masks are not printed, debug lines only when debugging is on.
    const debug = env.ACTIONS_STEP_DEBUG === 'true' || env.RUNNER_DEBUG === '1';
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('::add-mask::') && (debug || !line.startsWith('::debug::'))) console.log(line);
    });
    const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
    const read = (name: string): string => readFileSync(env[name] ?? '', 'utf8');
    console.log(`\n── ${phase} step ended with exit code ${code} ──`);
    for (const [name, value] of Object.entries(parseFileCommands(read('GITHUB_OUTPUT')))) {
      console.log(`output ${name}: ${value}`);
    }
    const summary = read('GITHUB_STEP_SUMMARY').trim();
    if (summary) console.log(`\njob summary:\n${summary}`);
    return { code, state: parseFileCommands(read('GITHUB_STATE')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const main = await step('main', {});
const post = values.post ? await step('post', main.state) : undefined;
process.exitCode = main.code || (post?.code ?? 0);
