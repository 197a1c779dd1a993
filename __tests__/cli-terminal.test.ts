/**
 * The docs-agent command line on a real terminal: the bundle runs in a tmux pane (120×30), and the
 * screen is read with `tmux capture-pane` while it runs. The live line shows the elapsed time and
 * what the agent does, and is gone when the command ends; the answer of `ask` appears as it arrives.
 * The piped and --json forms are in cli.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  OFFLINE_API_KEY,
  startOfflineService,
  ASSISTANT_KEY,
  DOMAIN,
  type OfflineService,
} from './support/emulators.ts';
import { NODE24, ROOT } from './support/runner.ts';
import { scratchDir } from './support/scratch.ts';

/** Threads `ask` keeps go to a scratch state directory, never the user's. */
const STATE = scratchDir('docs-agent-cli-terminal-');

const CLI = join(ROOT, 'dist/cli/index.js');
/** A tmux server of this test file's own, so that nothing else's sessions are touched. */
const SOCKET = `docs-agent-cli-${process.pid}`;

function tmux(...args: string[]): string {
  return spawnSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' }).stdout;
}

let service: OfflineService;

beforeAll(async () => {
  service = await startOfflineService({ job: { durationMs: 2_500 } });
});
afterAll(async () => {
  tmux('kill-server');
  await service.close();
});

/**
 * Runs the command in a new pane and captures the screen every 50 ms until it prints its exit
 * code; resolves with every distinct screen seen, the last one included.
 */
async function onTerminal(name: string, args: string[]): Promise<{ screens: string[]; last: string; code: string }> {
  const env = {
    DOCS_AGENT_BASE_URL: service.url,
    DOCS_AGENT_API_KEY: OFFLINE_API_KEY,
    DOCS_AGENT_PROJECT_ID: 'demo',
    DOCS_ASSISTANT_KEY: ASSISTANT_KEY,
    DOCS_ASSISTANT_DOMAIN: DOMAIN,
    DOCS_AGENT_DELAY_SCALE: '0.05',
    XDG_STATE_HOME: STATE,
  };
  const exports = Object.entries(env)
    .map(([key, value]) => `${key}='${value}'`)
    .join(' ');
  const quoted = args.map((arg) => `'${arg}'`).join(' ');
  const command = `env -u CI ${exports} '${NODE24}' '${CLI}' ${quoted}; echo "EXIT=$?"; sleep 30`;
  tmux('new-session', '-d', '-x', '120', '-y', '30', '-s', name, command);
  const screens: string[] = [];
  const deadline = Date.now() + 20_000;
  for (;;) {
    const screen = tmux('capture-pane', '-p', '-t', name);
    if (screen !== screens.at(-1)) screens.push(screen);
    const code = /EXIT=(\d+)/.exec(screen)?.[1];
    if (code !== undefined || Date.now() > deadline) {
      tmux('kill-session', '-t', name);
      return { screens, last: screen, code: code ?? 'none' };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('run: a live line with the elapsed time and the plan, gone at the end', async () => {
  const { screens, last, code } = await onTerminal('run', ['run', 'Document the new --verbose flag']);
  expect(code).toBe('0');
  // While it waits: the spinner, the elapsed time, the job's status and the step under way.
  const live = screens.flatMap((screen) => screen.split('\n')).filter((line) => /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] \d+s /.test(line));
  expect(live.some((line) => /\d+s active · job job_\w+ · plan \d\/\d+: /.test(line))).toBe(true);
  // At the end: the outcome, and no live line left on the screen.
  expect(last).toMatch(/^Pull request: https:\/\/github\.com\/acme\/docs\/pull\/\d+$/m);
  expect(last).not.toMatch(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] /m);
});

test('ask: the answer streams onto the screen as it arrives', async () => {
  service.assistant.fault({ kind: 'trickle', delayMs: 40 });
  const { screens, last, code } = await onTerminal('ask', ['ask', 'How do I turn the search box off?']);
  expect(code).toBe('0');
  const answerShown = (screen: string): boolean => screen.includes('According to the documentation');
  const complete = (screen: string): boolean => screen.includes('Sources:');
  // Some screen showed part of the answer before the whole of it.
  expect(screens.some((screen) => answerShown(screen) && !complete(screen))).toBe(true);
  expect(last).toContain('search.enabled');
});
