/**
 * The docs-agent command line (src/cli/, docs/cli.md) as users run it: the bundle dist/cli/index.js
 * as a child process under Node 24, piped (the plain and --json forms), against the offline
 * service on 127.0.0.1 (emulator/offline.ts). The live terminal form is in cli-terminal.test.ts.
 * Run `npm run bundle` after changing src/.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { parse } from 'yaml';
import {
  OFFLINE_API_KEY,
  startOfflineService,
  ASSISTANT_KEY,
  DOMAIN,
  type OfflineService,
} from './support/emulators.ts';
import { scratchDir } from './support/scratch.ts';
import { NODE24, ROOT, actionYaml } from './support/runner.ts';

const CLI = join(ROOT, 'dist/cli/index.js');
/** Any control character but the line feed: none may reach a piped stdout. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

let service: OfflineService;
const STATE = scratchDir('docs-agent-cli-state-');

beforeAll(async () => {
  service = await startOfflineService({ job: { durationMs: 400 } });
});
afterEach(() => {
  service.agent.reset();
  service.assistant.reset();
});
afterAll(() => service.close());

function settings(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    DOCS_AGENT_BASE_URL: service.url,
    DOCS_AGENT_API_KEY: OFFLINE_API_KEY,
    DOCS_AGENT_PROJECT_ID: 'demo',
    DOCS_ASSISTANT_KEY: ASSISTANT_KEY,
    DOCS_ASSISTANT_DOMAIN: DOMAIN,
    DOCS_AGENT_DELAY_SCALE: '0.02',
    // Threads `ask` keeps go to a scratch state directory, never the user's.
    XDG_STATE_HOME: STATE,
    ...extra,
  };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One child run of the bundle; `interruptWhen` sends SIGINT once stdout and stderr match it. */
function cli(args: string[], env = settings(), interruptWhen?: RegExp): Promise<Run> {
  const child = spawn(NODE24, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let sent = false;
  const check = (): void => {
    if (interruptWhen && !sent && interruptWhen.test(stdout + stderr)) {
      sent = true;
      child.kill('SIGINT');
    }
  };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => ((stdout += chunk), check()));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => ((stderr += chunk), check()));
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    }),
  );
}

const AGENT_OUTPUTS = ['status', 'job-id', 'pr-link', 'pr-number', 'title', 'message'];

describe('docs-agent run', () => {
  // The service's text as hostile as it comes, in the same runs that show the plain and --json forms.
  const HOSTILE = `\u001b]0;owned\u0007\u001b[2J\u001b[31mred\u001b[0m \u009b1m key ${OFFLINE_API_KEY} \u202eevil\u202c ::set-output name=x::y`;
  const HOSTILE_SHOWN = /Message: red key svc_\*\*\* evil :\u200b:set-output/;

  test('waits for the job and prints plain lines when piped: exit 0, the pull request; hostile service text made inert', async () => {
    service.agent.configure({ finalMessage: HOSTILE });
    const result = await cli(['run', 'Document the new --verbose flag']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Job job_\w+ created\.$/m);
    expect(result.stdout).toMatch(/✓ Open a pull request/);
    expect(result.stdout).toMatch(/^Pull request: https:\/\/github\.com\/acme\/docs\/pull\/\d+$/m);
    // No escape sequence, no control character, no key on either stream.
    const all = result.stdout + result.stderr;
    expect(all).not.toMatch(CONTROL);
    expect(all).not.toContain(OFFLINE_API_KEY.slice(4, 14));
    expect(all).toMatch(HOSTILE_SHOWN);
  });

  test('--json prints one object of the action outputs of agent mode, hostile text inert; follow-up and status --wait pick the job up', async () => {
    service.agent.configure({ finalMessage: HOSTILE });
    const result = await cli(['run', 'Document the new --verbose flag', '--json']);
    expect(result.code).toBe(0);
    const outputs = JSON.parse(result.stdout) as Record<string, string>;
    expect(Object.keys(outputs).sort()).toEqual([...AGENT_OUTPUTS].sort());
    expect(AGENT_OUTPUTS.every((name) => name in (actionYaml.outputs ?? {}))).toBe(true);
    expect(outputs).toMatchObject({ status: 'completed', 'pr-link': expect.stringMatching(/\/pull\/\d+$/) });
    const id = outputs['job-id'] ?? '';
    expect(id).toBe(service.agent.jobs()[0]?.id);
    // The progress went to stderr, so stdout is the object alone.
    expect(result.stderr).toMatch(/created/);
    const all = result.stdout + result.stderr;
    expect(all).not.toMatch(CONTROL);
    expect(all).not.toContain(OFFLINE_API_KEY.slice(4, 14));
    expect(all).toMatch(HOSTILE_SHOWN);

    const followUp = await cli(['follow-up', id, 'Also mention the config file']);
    expect(followUp.code).toBe(0);
    expect(followUp.stdout).toContain(`Follow-up sent to job ${id}.`);
    expect(service.agent.requests.some((r) => r.path.endsWith(`/job/${id}/message`))).toBe(true);
    const status = await cli(['status', id, '--wait', '--json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ 'job-id': id, status: 'completed' });
  });

  // The archived job's exit (1 too) is in cli-core.test.ts: the same exit, shown once here.
  test('exits 1 when the job failed', async () => {
    service.agent.configure({ outcome: 'failed' });
    const result = await cli(['run', 'x']);
    expect({ code: result.code, line: /^Job \S+ failed\.$/m.test(result.stdout) }).toEqual({ code: 1, line: true });
  });

  test('exits 3 when --timeout passes while the job runs, saying how to pick it up', async () => {
    service.agent.configure({ outcome: 'never' });
    const result = await cli(['run', 'x', '--timeout', '1s']);
    const id = service.agent.jobs()[0]?.id ?? '?';
    expect(result.code).toBe(3);
    expect(result.stdout).toContain(`node ${CLI} status ${id} --wait`);
  });

  // --no-wait (exit 0 at once, no poll) is in cli-core.test.ts: exit 0 is shown by the runs above.
  test('Ctrl-C stops waiting: exit 130, the job id and how to pick it up', async () => {
    service.agent.configure({ outcome: 'never' });
    const result = await cli(['run', 'x'], settings(), /created/);
    const id = service.agent.jobs()[0]?.id ?? '?';
    expect(result.code).toBe(130);
    expect(result.stderr).toContain(`Interrupted: job ${id} goes on on the service`);
    expect(result.stderr).toContain(`node ${CLI} status ${id} --wait`);
  });

  test('exits 2 on an input error, naming every setting, before any request', async () => {
    const result = await cli(
      ['run', ''],
      settings({ DOCS_AGENT_API_KEY: ASSISTANT_KEY, DOCS_AGENT_BASE_URL: 'http://docs.example.com' }),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('3 settings need fixing');
    expect(result.stderr).toContain('DOCS_AGENT_API_KEY (--api-key) holds the public assistant key');
    expect(result.stderr).toContain('Use https://');
    expect(result.stderr).not.toContain(ASSISTANT_KEY);
    expect(service.agent.requests).toHaveLength(0);
  });

  test('exits 4 when the service cannot be reached', async () => {
    const result = await cli(['run', 'x'], settings({ DOCS_AGENT_BASE_URL: 'http://127.0.0.1:9' }));
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/Could not connect to 127\.0\.0\.1:9 \(ECONNREFUSED\)/);
  });
});

describe('docs-agent ask', () => {
  test('prints the answer, made inert and the keys redacted whole or in pieces, and its sources', async () => {
    service.assistant.fault({
      kind: 'answer',
      text: `Run \u001b]8;;https://evil.example\u0007this\u001b]8;;\u0007 then \u001b[1A\u001b[2K with ${ASSISTANT_KEY} and ${OFFLINE_API_KEY}.`,
    });
    const result = await cli(['ask', 'How do I turn the search box off?']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(CONTROL);
    expect(result.stdout).not.toContain(OFFLINE_API_KEY.slice(4, 14));
    expect(result.stdout).not.toContain(ASSISTANT_KEY.slice(8, 18));
    expect(result.stdout).toMatch(/Run this then {1,2}with svc_dsc_\*\*\* and svc_\*\*\*\./);
    expect(result.stdout).toMatch(/^- Configuration: https:\/\/docs\.example\.com\/configuration$/m);
  });
  // ask's --json and --thread, and its exit 1 on an answer cut short, are in cli-core.test.ts: the
  // --json form and exit 1 are shown in child runs above.
});

describe('the examples in examples/, installed from a local build, against `docs-agent-emulator`', () => {
  const EMULATOR = join(ROOT, 'dist/cli/emulator/index.js');
  /** Starts `docs-agent-emulator` and reads the settings it prints. */
  async function emulatorChild(): Promise<{ env: Record<string, string>; stop: () => Promise<number | null> }> {
    const child = spawn(NODE24, [EMULATOR, '--duration-ms', '300'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('Ctrl-C')) resolve();
      });
      child.on('close', () => reject(new Error(`the emulator ended: ${out}`)));
    });
    const env = Object.fromEntries(
      [...out.matchAll(/export (\w+)=(\S+)/g)].map(([, name = '', value = '']) => [name, value]),
    );
    return {
      env,
      stop: () => new Promise((resolve) => (child.once('close', resolve), child.kill('SIGINT'))),
    };
  }

  /** Runs shell lines as a CI job does: npm and Node 24 on the PATH, nothing standing in for npm. */
  function shell(script: string, env: Record<string, string>, cwd: string): Run {
    const result = spawnSync('bash', ['-c', script], {
      env: {
        ...settings(),
        HOME: process.env.HOME ?? '',
        npm_config_prefer_offline: 'true',
        npm_config_update_notifier: 'false',
        PATH: `${dirname(NODE24)}${delimiter}${process.env.PATH ?? ''}`,
        ...env,
      },
      cwd,
      encoding: 'utf8',
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  test('the GitLab CI job and the generic script run as written, and the emulator stops on Ctrl-C', async () => {
    const emulator = await emulatorChild();
    try {
      expect(Object.keys(emulator.env).sort()).toEqual([
        'DOCS_AGENT_API_KEY',
        'DOCS_AGENT_BASE_URL',
        'DOCS_AGENT_PROJECT_ID',
        'DOCS_ASSISTANT_DOMAIN',
        'DOCS_ASSISTANT_KEY',
      ]);
      const gitlab = parse(readFileSync(join(ROOT, 'examples/gitlab-ci/.gitlab-ci.yml'), 'utf8')) as Record<
        string,
        { script: string[]; allow_failure: { exit_codes: number[] }; variables: Record<string, string> }
      >;
      const job = gitlab['docs-agent'];
      // The line users edit: the action's repository pinned to a full commit SHA, never a registry name.
      expect(job?.variables.DOCS_AGENT_PACKAGE).toBe('github:acme/docs-agent-action#<full-commit-sha>');
      const pkg = { DOCS_AGENT_PACKAGE: packed().tarball };
      const dir = scratchDir('docs-agent-gitlab-');
      const mr = { CI_MERGE_REQUEST_IID: '12', CI_MERGE_REQUEST_TITLE: 'Add --verbose', ...pkg };
      const gitlabRun = shell(`set -e\n${job?.script.join('\n') ?? 'false'}`, { ...emulator.env, ...mr }, dir);
      expect({ code: gitlabRun.code, stderr: gitlabRun.stderr.includes('completed') }).toEqual({
        code: 0,
        stderr: true,
      });
      expect(JSON.parse(readFileSync(join(dir, 'docs-agent.json'), 'utf8'))).toMatchObject({ status: 'completed' });
      expect(job?.allow_failure.exit_codes).toEqual([3]);

      const script = join(ROOT, 'examples/generic-ci/docs-agent.sh');
      const generic = shell(`bash "${script}" "Document --verbose"`, { ...emulator.env, ...pkg }, dir);
      expect({ code: generic.code, done: generic.stdout.includes('The agent is done.') }).toEqual({
        code: 0,
        done: true,
      });
      // npm failing to fetch the command is npm's failure, never "The job failed or was archived".
      const missing = { DOCS_AGENT_PACKAGE: join(dir, 'no-such-package.tgz') };
      const broken = shell(`bash "${script}" "Document --verbose"`, { ...emulator.env, ...missing }, dir);
      expect({ code: broken.code, failed: broken.stderr.includes('The job failed') }).toEqual({
        code: 5,
        failed: false,
      });
      expect(broken.stderr).toContain('Could not install the docs-agent command');
    } finally {
      expect(await emulator.stop()).toBe(0);
    }
  }, 180_000);
});

describe('the package', () => {
  test('npm pack holds only what the command needs: dist/cli/, package.json, README and LICENSE', () => {
    const paths = packed().files;
    expect(paths.filter((path) => !path.startsWith('dist/cli/')).sort()).toEqual([
      'LICENSE',
      'README.md',
      'package.json',
    ]);
    expect(paths).toEqual(
      expect.arrayContaining([
        'dist/cli/index.js',
        'dist/cli/package.json',
        'dist/cli/emulator/index.js',
        'dist/cli/emulator/fixtures/quickstart.md',
      ]),
    );
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin).toEqual({ 'docs-agent': 'dist/cli/index.js', 'docs-agent-emulator': 'dist/cli/emulator/index.js' });
    for (const bin of Object.values(pkg.bin)) {
      expect(readFileSync(join(ROOT, bin), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    }
  });
});

/**
 * The package as `npm pack` makes it from this tree, made once for the file: what `npm exec
 * --package=github:…#<sha>` installs (the examples get the tarball through DOCS_AGENT_PACKAGE), and
 * the files it holds as npm listed them. npm may fetch the package's dependencies from its
 * registry when the examples install it (the cache usually has them).
 *
 * The tarball is kept under a name made of its own hash: npm exec reuses the copy it installed
 * for a path (its npx cache) only while the path's bytes are the same, so an unchanged package is
 * installed once, not at every run, and a changed one (another hash) is installed afresh.
 */
let pack: { tarball: string; files: string[] } | undefined;
function packed(): { tarball: string; files: string[] } {
  if (pack) return pack;
  const dir = scratchDir('docs-agent-pack-');
  const npm = spawnSync(process.execPath, [npmCli(), 'pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(npm.status).toBe(0);
  const [{ filename, files }] = JSON.parse(npm.stdout) as [{ filename: string; files: { path: string }[] }];
  const made = join(dir, filename);
  const hash = createHash('sha256').update(readFileSync(made)).digest('hex').slice(0, 16);
  const kept = join(tmpdir(), `docs-agent-pack-${hash}`, filename);
  if (!existsSync(kept)) {
    mkdirSync(dirname(kept), { recursive: true });
    // Through a rename: a run that stops half-way leaves no half a tarball under the hash.
    copyFileSync(made, `${kept}.${process.pid}`);
    renameSync(`${kept}.${process.pid}`, kept);
  }
  pack = { tarball: kept, files: files.map((file) => file.path) };
  return pack;
}

function npmCli(): string {
  const found = spawnSync('bash', ['-c', 'readlink -f "$(command -v npm)"'], { encoding: 'utf8' }).stdout.trim();
  return process.env.npm_execpath || found;
}
