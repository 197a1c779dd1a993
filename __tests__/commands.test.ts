/**
 * Every command the documentation gives works on a fresh machine: it names an npm script (or a
 * package's binary) that exists, its `--help` answers, and npm installs without an EBADENGINE
 * warning on the Node versions the documentation names.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Readable } from 'node:stream';
import semver from 'semver';
import { parse } from 'yaml';
import { codeBlocks, documentationFiles } from './support/doc-blocks.ts';
import { ROOT } from './support/runner.ts';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  engines: { node: string };
  bin: Record<string, string>;
};

interface Documented {
  where: string;
  command: string;
}

/** Shell languages of fenced blocks; a block without one is taken as shell when it holds a command. */
const SHELL = new Set(['sh', 'bash', 'shell', 'console', 'zsh', '']);
/**
 * A command, not the bare word: `node` alone in prose names the program. The package's own
 * commands (`docs-agent …`, `docs-agent-emulator …`) count too, bare or not, but not a label or
 * file named after them (`docs-agent: docs`, `docs-agent.json`).
 */
const COMMAND = /^(?:(?:npm|npx|node)\s+\S|docs-agent(?:-emulator)?(?=\s|$))/;

/**
 * The install line of docs/cli.md runs the package's bin: `npm exec … --package=github:…#<sha> --
 * docs-agent X` is `docs-agent X` (its fetch is the examples' test, from a local build).
 */
const ownPackage = (command: string): string =>
  command.replace(/^npm exec (?:--yes )?--package=github:[^\s]+ -- (docs-agent\S*)/, '$1');

/** The npm, npx and node commands of one shell line: `$ ` prompts and comments dropped, chains split. */
function commandsOfLine(line: string): string[] {
  const code = line.replace(/^\s*\$\s+/, '').replace(/(^|\s)#.*$/, '');
  return code
    .split(/&&|\|\||;|\|/)
    .map((part) => part.trim())
    .filter((part) => COMMAND.test(part));
}

/** Commands in fenced shell blocks and in inline code spans of the Markdown files. */
function markdownCommands(file: string): Documented[] {
  const found: Documented[] = [];
  const blocks = codeBlocks(file);
  for (const block of blocks.filter((b) => SHELL.has(b.lang))) {
    for (const command of block.text.split('\n').flatMap(commandsOfLine)) {
      found.push({ where: block.where, command: ownPackage(command) });
    }
  }
  // Inline code outside the fenced blocks: a span that is a whole command, as prose gives one.
  const fenced = new Set<number>();
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  for (const block of blocks) {
    const start = Number(block.where.split(':').at(-1)) - 1;
    for (let i = start; i <= start + block.text.split('\n').length + 1; i++) fenced.add(i);
  }
  lines.forEach((line, index) => {
    if (fenced.has(index)) return;
    for (const [, span = ''] of line.matchAll(/`([^`]+)`/g)) {
      if (COMMAND.test(span.trim())) found.push({ where: `${file}:${index + 1}`, command: ownPackage(span.trim()) });
    }
  });
  return found;
}

/** Commands in the comments of .env.example and in the `run:` steps of the example workflows. */
function otherCommands(): Documented[] {
  const found: Documented[] = [];
  const env = readFileSync(join(ROOT, '.env.example'), 'utf8').split('\n');
  env.forEach((line, index) => {
    const comment = /^#\s*(.*)$/.exec(line)?.[1] ?? '';
    for (const command of commandsOfLine(comment)) found.push({ where: `.env.example:${index + 1}`, command });
  });
  for (const name of readdirSync(join(ROOT, 'examples')).filter((n) => /\.ya?ml$/.test(n))) {
    const workflow = parse(readFileSync(join(ROOT, 'examples', name), 'utf8')) as {
      jobs?: Record<string, { steps?: { run?: string }[] }>;
    };
    for (const step of Object.values(workflow.jobs ?? {}).flatMap((job) => job.steps ?? [])) {
      for (const command of (step.run ?? '').split('\n').flatMap(commandsOfLine)) {
        found.push({ where: `examples/${name}`, command });
      }
    }
  }
  return found;
}

/**
 * Placeholders in prose (`npm run …`, `npm run <script>`) name no command; in the package's own
 * commands a job id is filled in (JOB), and optional parts (`[--wait]`) are left out.
 */
const placeholder = (command: string): boolean => /…|<[^>]*>/.test(command);
const JOB = '{job}';
const filled = ({ where, command }: Documented): Documented => {
  if (!/^docs-agent/.test(command)) return { where, command };
  const bare = command.replace(/\s*\[[^\]]*\]/g, '').replace(/<(?:job-)?id>/g, JOB);
  return { where, command: bare };
};

const DOCUMENTED: Documented[] = [...documentationFiles().flatMap(markdownCommands), ...otherCommands()]
  .map(filled)
  .filter(({ command }) => !placeholder(command));

/** npm's own commands that the documentation may give; anything else after `npm` must be a script. */
const NPM_BUILTINS = new Set(['ci', 'install', 'i']);

type Target = { kind: 'script'; name: string } | { kind: 'bin'; name: string } | { kind: 'builtin' };

/** What a documented command runs, or why it cannot be documented as it is. */
function targetOf(command: string): Target | string {
  const words = command.split(/\s+/);
  if (words[0] === 'node') {
    return 'runs node directly: give it an npm script, which runs under Node 24 whatever Node runs npm';
  }
  if (words[0] === 'docs-agent' || words[0] === 'docs-agent-emulator') {
    return words[0] in pkg.bin ? { kind: 'bin', name: words[0] } : `${words[0]}: not a bin of package.json`;
  }
  if (words[0] === 'npx') {
    const name = words.slice(1).find((word) => !word.startsWith('-')) ?? '';
    // This package's own command (docs/cli.md): npx runs the `bin` of the project it stands in.
    return existsSync(join(ROOT, 'node_modules/.bin', name)) || name in pkg.bin
      ? { kind: 'bin', name }
      : `npx ${name}: no such package binary`;
  }
  const sub = words[1] ?? '';
  if (sub === 'run' || sub === 'run-script') {
    const name = words[2] ?? '';
    return name in pkg.scripts ? { kind: 'script', name } : `no npm script '${name}' in package.json`;
  }
  if (sub === 'test' || sub === 't') return { kind: 'script', name: 'test' };
  if (NPM_BUILTINS.has(sub)) return { kind: 'builtin' };
  return `'npm ${sub}' is neither one of npm's install commands nor a script`;
}

/**
 * Scripts whose `--help` is not run here, each for a reason: `all` chains other scripts, each
 * checked on its own, and --help would reach only the last of them; the others have their --help
 * run by another test, which reads what it prints: one run of each is enough.
 */
const HELP_NOT_RUN: Record<string, string> = {
  'local-action': 'first-day.test.ts runs its --help and reads its usage',
  bundle: 'first-day.test.ts runs its --help, reads its usage and that dist/ was not rebuilt',
  bench: 'first-day.test.ts runs its --help and reads its usage',
  all: 'a chain of other scripts, each checked on its own',
  demo: 'demo.test.ts runs its --help (the script’s own node line) and reads the scenarios it lists',
  emulator: 'first-day.test.ts runs its --help (the script’s own node line) and reads the options it gives',
};

const targets = DOCUMENTED.map(({ command }) => targetOf(command)).filter((t): t is Target => typeof t !== 'string');
const SCRIPTS = [...new Set(targets.flatMap((t) => (t.kind === 'script' ? [t.name] : [])))].sort();
const BINS = [...new Set(targets.flatMap((t) => (t.kind === 'bin' ? [t.name] : [])))].sort();

/** npm as a user runs it: its own CLI, under the Node that runs this test (24, as for npm scripts). */
function npmCli(): string {
  if (process.env.npm_execpath && existsSync(process.env.npm_execpath)) return process.env.npm_execpath;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'npm');
    if (existsSync(candidate)) return realpathSync(candidate);
  }
  throw new Error('npm is not on the PATH');
}

function run(args: string[], cwd = ROOT): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return collect(spawn(process.execPath, [npmCli(), ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] }));
}

/**
 * `npm run <name> -- <args>` without npm's own start-up (~0.5 s of CPU a call): the script's line
 * through `sh -c` with node_modules/.bin first on the PATH, as npm runs it (that is where the
 * Node 24 of the scripts comes from). `npm test` itself still runs through npm, below.
 */
function runScript(name: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runLine(`${pkg.scripts[name] ?? 'false'} ${args.join(' ')}`);
}

function runLine(line: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` };
  return collect(spawn('sh', ['-c', line], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] }));
}

function collect(child: ChildProcessByStdio<null, Readable, Readable>): Promise<{
  code: number | null;
  stdout: string;
  stderr: string;
}> {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), 55_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    }),
  );
}

describe('documented commands', () => {
  test('are found in the README, CONTRIBUTING and .env.example', () => {
    const where = new Set(DOCUMENTED.map((d) => d.where.split(':')[0]));
    expect([...where]).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', '.env.example']));
    expect(SCRIPTS).toEqual(expect.arrayContaining(['demo', 'emulator', 'fake-github', 'assistant-emulator', 'test']));
  });

  test('each names an npm script, a package binary or npm install, never `node file`', () => {
    const problems = DOCUMENTED.flatMap(({ where, command }) => {
      const target = targetOf(command);
      return typeof target === 'string' ? [`${where}: \`${command}\` ${target}`] : [];
    });
    expect(problems).toEqual([]);
  });

  test('the scripts left out of the --help runs are documented ones, each with its reason', () => {
    for (const name of Object.keys(HELP_NOT_RUN))
      expect({ name, script: name in pkg.scripts }).toEqual({ name, script: true });
  });

  test.each(SCRIPTS.filter((name) => !(name in HELP_NOT_RUN) && name !== 'test'))(
    'npm run %s -- --help answers',
    async (name) => {
      const result = await runScript(name, ['--help']);
      expect({ code: result.code, stderr: result.stderr.replace(/^npm warn .*\n/gm, '') }).toEqual({
        code: 0,
        stderr: '',
      });
      expect(result.stdout.trim()).not.toBe('');
    },
    60_000,
  );

  // Through npm itself, as CONTRIBUTING.md gives it: `npm test -- <args>` reaches jest.
  test('npm test -- --help answers through npm', async () => {
    expect(SCRIPTS).toContain('test');
    const result = await run(['test', '--', '--help']);
    expect({ code: result.code, stderr: result.stderr.replace(/^npm warn .*\n/gm, '') }).toEqual({
      code: 0,
      stderr: '',
    });
    expect(result.stdout).toContain('jest');
  }, 60_000);

  test('each npx binary documented answers --help', async () => {
    expect(BINS).toContain('docs-agent');
    for (const name of BINS) {
      // What npx runs, without npm's start-up (~2 s of CPU): this package's `bin` entry (its mapping
      // and the file's shebang are the package test's, in cli.test.ts), or an installed binary.
      const own = pkg.bin[name];
      const result = await runLine(own !== undefined ? `node '${join(ROOT, own)}' --help` : `'${name}' --help`);
      expect({ name, code: result.code }).toEqual({ name, code: 0 });
    }
  }, 60_000);
});

describe('the Node versions the documentation names', () => {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
  };
  /** `name@version` of each locked package whose engines exclude the version. */
  const refusing = (version: string): string[] =>
    Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      if (range === undefined || semver.satisfies(version, range, { includePrerelease: true })) return [];
      return [`${path.replace(/^.*node_modules\//, '') || 'docs-agent-action'}@${entry.version ?? ''} (${range})`];
    });

  /** Each `Node N` or `Node N.M` the README, CONTRIBUTING and docs/ give, as the oldest such release. */
  const named = [
    ...new Set(
      documentationFiles().flatMap((file) =>
        [...readFileSync(join(ROOT, file), 'utf8').matchAll(/\bNode (\d+)(?:\.(\d+))?\b/g)].map(
          ([, major, minor]) => `${major}.${minor ?? 0}.0`,
        ),
      ),
    ),
  ].sort(semver.compare);

  test('are the versions the README gives for npm and for the scripts', () => {
    expect(named).toEqual(expect.arrayContaining(['22.13.0', '24.0.0']));
  });

  test.each(named)('npm installs every locked package on Node %s without EBADENGINE', (version) => {
    expect(refusing(version)).toEqual([]);
  });

  test('engines says no more than every locked package admits, and names each documented version', () => {
    const oldest = pkg.engines.node.split('||').map((range) => semver.minVersion(range.trim())?.version ?? range);
    expect(oldest.flatMap(refusing)).toEqual([]);
    expect(named.filter((version) => !semver.satisfies(version, pkg.engines.node))).toEqual([]);
  });

  // The real thing, on the Node 24 the scripts run under: npm reads every package's engines from
  // the lock file and warns as it would on a fresh clone. --offline: it needs no tarball for this.
  test('npm ci on Node 24 prints no EBADENGINE warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'engines-'));
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, file), join(dir, file));
    const result = await run(['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--offline'], dir);
    expect(process.version.startsWith('v24.')).toBe(true);
    expect(result.code).toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toContain('EBADENGINE');
  }, 60_000);
});

/**
 * Each documented command of the package's own (docs/cli.md), run for real as a user would after
 * installing it: the bundle's bins under Node 24, against `docs-agent-emulator`, with a job id
 * filled in where the documentation has a placeholder. None may end in a stack trace or a usage
 * error, and each must end 0. Run `npm run bundle` after changing src/cli/.
 */
describe('the command line, for real', () => {
  const OWN = [...new Set(DOCUMENTED.map(({ command }) => command).filter((c) => /^docs-agent(?=\s|$)/.test(c)))];
  const STACK = /unexpected error|^\s+at \S.*:\d+:\d+\)?$/m;
  const bins = `${join(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}`;
  let emulator: ReturnType<typeof spawn> | undefined;
  let env: NodeJS.ProcessEnv = {};

  beforeAll(async () => {
    const child = spawn(join(ROOT, 'node_modules/.bin/node'), [join(ROOT, pkg.bin['docs-agent-emulator'] ?? '')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    emulator = child;
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('Ctrl-C')) resolve();
      });
      child.on('close', () => reject(new Error(`docs-agent-emulator ended: ${out}`)));
    });
    const exports = Object.fromEntries([...out.matchAll(/export (\w+)=(\S+)/g)].map(([, k = '', v = '']) => [k, v]));
    env = { ...process.env, ...exports, DOCS_AGENT_DELAY_SCALE: '0.02', CI: 'true', PATH: bins };
  }, 60_000);

  afterAll(async () => {
    const child = emulator;
    if (child) await new Promise((resolve) => (child.once('close', resolve), child.kill('SIGINT')));
  });

  /** The bins as package.json maps them, as `npm exec` or a global install puts them on the PATH. */
  function asInstalled(command: string): string {
    return command.replace(
      /^(docs-agent(?:-emulator)?)(?=\s|$)/,
      (name) => `node '${join(ROOT, pkg.bin[name] ?? '')}'`,
    );
  }

  test('docs/cli.md gives run, follow-up, status, jobs, ask and --version', () => {
    for (const command of ['run', 'follow-up', 'status', 'jobs', 'ask', '--version']) {
      expect(OWN.some((c) => c.startsWith(`docs-agent ${command}`))).toBe(true);
    }
  });

  test('each documented docs-agent command ends 0 without a stack trace', async () => {
    const created = await collect(
      spawn('sh', ['-c', `${asInstalled('docs-agent')} run "A job to follow up" --no-wait --json`], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    const job = (JSON.parse(created.stdout) as { 'job-id': string })['job-id'];
    for (const command of OWN) {
      const line = asInstalled(command).replaceAll(JOB, job);
      const result = await collect(spawn('sh', ['-c', line], { env, stdio: ['ignore', 'pipe', 'pipe'] }));
      expect({ command, code: result.code, stack: STACK.test(result.stderr + result.stdout) }).toEqual({
        command,
        code: 0,
        stack: false,
      });
    }
  }, 120_000);
});

describe('the servers the documentation names, for real', () => {
  test.each(['emulator', 'fake-github', 'assistant-emulator'].filter((name) => SCRIPTS.includes(name)))(
    'npm run %s starts, says where it listens, and stops on Ctrl-C with 0',
    async (name) => {
      const env = { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` };
      // exec: the signal reaches the server itself, as Ctrl-C reaches the foreground process group.
      const child = spawn('sh', ['-c', `exec ${(pkg.scripts[name] ?? 'false').split(' && ').at(-1) ?? ''}`], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const ended = collect(child);
      let out = '';
      await new Promise<void>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (/listening|http:\/\/127\.0\.0\.1:\d+/.test(out)) resolve();
        });
        child.on('close', () => resolve());
      });
      child.kill('SIGINT');
      const result = await ended;
      // Ended by Ctrl-C: with 0 by its own handler, or by the signal itself; never with a stack.
      expect({
        listened: /127\.0\.0\.1:\d+/.test(out),
        code: result.code ?? 'signal',
        stack: /^\s+at \S/m.test(result.stderr),
      }).toEqual({ listened: true, code: result.code === null ? 'signal' : 0, stack: false });
    },
    60_000,
  );
});
