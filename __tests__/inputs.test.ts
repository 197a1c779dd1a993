import { jest } from '@jest/globals';
import type { AgentDecision } from '../src/agent/decide.ts';
import type { Settings } from '../src/agent/inputs.ts';
import type { GitHubEvent } from '../src/github/event.ts';
import { MODES } from '../src/modes.ts';
import { decideRun } from '../src/step/mode.ts';
import { readTimings, TIMINGS } from '../src/step/timings.ts';

// @actions/core masks a value by writing the add-mask command to stdout.
const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
const masked = (): string[] =>
  stdout.mock.calls.map(([chunk]) => String(chunk)).filter((line) => line.startsWith('::add-mask::'));

const VALID = {
  prompt: 'Document the --verbose flag',
  'project-id': 'proj_1',
  'api-key': 'svc_admin_123',
  'base-url': 'https://api.example.com/',
  'github-token': 'ghs_x',
  'timeout-minutes': '30',
};

function withInputs(inputs: Record<string, string>): void {
  for (const key of Object.keys(process.env)) if (key.startsWith('INPUT_')) delete process.env[key];
  for (const [name, value] of Object.entries(inputs)) process.env[`INPUT_${name.toUpperCase()}`] = value;
}

const DISPATCH: GitHubEvent = { name: 'workflow_dispatch', payload: {}, repository: { owner: 'o', repo: 'r' } };

/** What the run decides from the inputs for `event`: agent mode, since none of these set up ask mode. */
function decide(event: GitHubEvent = DISPATCH): AgentDecision {
  const decided = decideRun(event, MODES);
  expect(decided.mode).toBe('agent');
  return decided.decision as AgentDecision;
}

/** The settings of a run that has work, or every input error at once, as the run throws them. */
function readSettings(event?: GitHubEvent): Settings {
  const decision = decide(event);
  if (decision.kind !== 'run') throw new Error(`skipped: ${decision.notice}`);
  decision.problems.throwIfAny();
  return decision.settings;
}

beforeEach(() => stdout.mockClear());
afterAll(() => stdout.mockRestore());

describe('inputs', () => {
  test('reads valid inputs into settings', () => {
    withInputs(VALID);
    expect(readSettings()).toMatchObject({
      prompt: 'Document the --verbose flag',
      projectId: 'proj_1',
      apiKey: 'svc_admin_123',
      baseUrl: 'https://api.example.com',
      githubToken: 'ghs_x',
      timeoutMs: 30 * 60_000,
      triggerPhrase: '/docs',
      requiredPermission: 'write',
      allowedBots: [],
      triggerLabel: '',
      allowEdits: false,
      documentMergedPullRequests: false,
      issueNumber: undefined,
      replyOnRefusal: true,
      wait: true,
      jobId: '',
      dryRun: false,
    });
  });

  test('reads the comment workflow inputs', () => {
    withInputs({
      ...VALID,
      'trigger-phrase': '/DocBot',
      'required-permission': 'Maintain',
      'allowed-bots': 'renovate[bot], Dependabot\nmy-app',
      'allow-edits': 'true',
      'issue-number': '#12',
      wait: 'false',
    });
    expect(readSettings()).toMatchObject({
      triggerPhrase: '/DocBot',
      requiredPermission: 'maintain',
      allowedBots: ['renovate', 'dependabot', 'my-app'],
      allowEdits: true,
      issueNumber: 12,
      wait: false,
    });
  });

  test('masks the key and the token', () => {
    withInputs(VALID);
    readSettings();
    expect(masked()).toEqual([`::add-mask::svc_admin_123\n`, `::add-mask::ghs_x\n`]);
  });

  test('refuses the assistant key, naming it', () => {
    withInputs({ ...VALID, 'api-key': 'svc_dsc_public' });
    expect(() => readSettings()).toThrow(
      /'api-key' holds the public assistant key \(it starts with 'svc_dsc_'\).*admin key/,
    );
    expect(masked()).toEqual([`::add-mask::svc_dsc_public\n`, `::add-mask::ghs_x\n`]);
  });

  test('never quotes the key in an error', () => {
    withInputs({ ...VALID, 'api-key': 'sk_live_secret' });
    expect(() => readSettings()).toThrow(/'api-key' is not an admin key/);
    try {
      readSettings();
    } catch (error) {
      expect(String(error)).not.toContain('sk_live_secret');
    }
  });

  test.each([
    ['project-id', '', /'project-id' is required/],
    ['project-id', 'my project', /Invalid 'project-id' 'my project'/],
    [
      'required-permission',
      'owner',
      /Invalid 'required-permission' 'owner': expected one of read, triage, write, maintain, admin/,
    ],
    ['trigger-phrase', '/docs please', /Invalid 'trigger-phrase'/],
    ['issue-number', 'twelve', /Invalid 'issue-number' 'twelve'/],
    ['wait', 'maybe', /Invalid 'wait' 'maybe': expected true or false/],
    ['base-url', '', /'base-url' is required/],
    ['base-url', 'api.example.com', /Invalid 'base-url' 'api.example.com': not a URL/],
    ['base-url', 'not a url', /^Invalid 'base-url': not a URL/],
    [
      'base-url',
      'https://u:pw@api.example.com:99999',
      /^Invalid 'base-url' \(host 'api.example.com:99999'\): not a URL/,
    ],
    ['base-url', 'ftp://api.example.com', /use an http\(s\) address/],
    ['base-url', 'http://api.example.com', /sent unencrypted\. Use https/],
    ['base-url', 'https://api.example.com/?x=1', /remove the query/],
    ['timeout-minutes', 'soon', /Invalid 'timeout-minutes' 'soon'/],
    ['timeout-minutes', '0', /above 0/],
    ['timeout-minutes', '361', /at most 360/],
  ])('refuses %s=%j', (name, value, message) => {
    withInputs({ ...VALID, [name]: value });
    expect(() => readSettings()).toThrow(message);
  });

  test('allows plain http to this machine only', () => {
    withInputs({ ...VALID, 'base-url': 'http://127.0.0.1:8787/api/' });
    expect(readSettings().baseUrl).toBe('http://127.0.0.1:8787/api');
  });

  test('reads notify, on unless turned off, and names it when it is not a boolean', () => {
    withInputs(VALID);
    expect(readSettings().notify).toBe(true);
    withInputs({ ...VALID, notify: 'false' });
    expect(readSettings().notify).toBe(false);
    withInputs({ ...VALID, notify: 'sometimes' });
    expect(() => readSettings()).toThrow("Invalid 'notify' 'sometimes': expected true or false.");
  });

  test('reads sweep-reports, off unless turned on, and names it when it is not a boolean', () => {
    withInputs(VALID);
    expect(readSettings().sweepReports).toBe(false);
    withInputs({ ...VALID, 'sweep-reports': 'true' });
    expect(readSettings().sweepReports).toBe(true);
    withInputs({ ...VALID, 'sweep-reports': 'weekly' });
    expect(() => readSettings()).toThrow("Invalid 'sweep-reports' 'weekly': expected true or false.");
  });

  test('defaults timeout-minutes when the runner passes none', () => {
    const { 'timeout-minutes': _, ...rest } = VALID;
    withInputs(rest);
    expect(readSettings().timeoutMs).toBe(30 * 60_000);
  });

  test('reads the delay scale used by the emulator tests', () => {
    withInputs(VALID);
    expect(readTimings({ DOCS_AGENT_DELAY_SCALE: '0.01' }).poll.maxMs).toBe(TIMINGS.poll.maxMs * 0.01);
    expect(readTimings({})).toBe(TIMINGS);
    expect(() => readTimings({ DOCS_AGENT_DELAY_SCALE: '5' })).toThrow(/DOCS_AGENT_DELAY_SCALE/);
  });
});

describe('every input error in one run', () => {
  test('names each wrong input, not only the first', () => {
    withInputs({ ...VALID, 'project-id': 'a b', 'timeout-minutes': '0', wait: 'maybe', 'issue-number': 'x' });
    let message = '';
    try {
      readSettings();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^4 inputs need fixing:\n/);
    for (const name of ['project-id', 'timeout-minutes', 'wait', 'issue-number'])
      expect(message).toContain(`'${name}'`);
  });
});

describe('inputs the event needs, named with every other input error', () => {
  const repository = { owner: 'o', repo: 'r' };
  const dispatch: GitHubEvent = { name: 'workflow_dispatch', payload: {}, repository };
  const comment = (body: string): GitHubEvent => ({
    name: 'issue_comment',
    payload: {
      action: 'created',
      comment: { id: 1, body, user: { login: 'mona' } },
      issue: { number: 2, title: 't' },
      sender: { login: 'mona' },
    },
    repository,
  });
  const fork: GitHubEvent = {
    name: 'pull_request',
    payload: {
      action: 'opened',
      pull_request: { number: 3, head: { repo: { full_name: 'x/r' } }, base: { repo: { full_name: 'o/r' } } },
      sender: { login: 'mona' },
    },
    repository,
  };
  /** The input errors a run with work names; '' for a run that skips (its errors are not judged). */
  const problemsOf = (event: GitHubEvent): string => {
    const decision = decide(event);
    if (decision.kind === 'skip') return '';
    try {
      decision.problems.throwIfAny();
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };
  const saved = process.env.GITHUB_ACTOR;
  beforeAll(() => delete process.env.GITHUB_ACTOR);
  afterAll(() => (saved === undefined ? undefined : void (process.env.GITHUB_ACTOR = saved)));

  test.each([
    [
      'an empty api-key and a wrong timeout-minutes',
      { 'api-key': '', 'timeout-minutes': 'abc' },
      ['timeout-minutes', "'api-key' is empty"],
    ],
    ['an empty api-key and a wrong wait', { 'api-key': '', wait: 'maybe' }, ['wait', "'api-key' is empty"]],
    [
      'an empty prompt and a wrong project-id',
      { prompt: '', 'project-id': 'a b' },
      ['project-id', "'prompt' is empty"],
    ],
    [
      'an empty prompt, an empty api-key and a wrong base-url',
      { prompt: '', 'api-key': '', 'base-url': 'nope' },
      ['base-url', "'prompt' is empty", "'api-key' is empty"],
    ],
  ])('%s on workflow_dispatch', (_name, inputs, named) => {
    withInputs({ ...VALID, ...inputs });
    const message = problemsOf(dispatch);
    expect(message).toMatch(new RegExp(`^${named.length} inputs need fixing:\n`));
    for (const part of named) expect(message).toContain(part);
  });

  test('a wrong mode found by the routing is named with the rest', () => {
    withInputs({ ...VALID, mode: 'bogus', 'project-id': 'a b' });
    const message = problemsOf(dispatch);
    expect(message).toMatch(/^2 inputs need fixing:\n/);
    expect(message).toContain("Invalid 'mode' 'bogus'");
    expect(message).toContain("Invalid 'project-id' 'a b'");
  });

  test('an empty prompt is fine when the event gives the request, or job-id or issue-number do', () => {
    withInputs({ ...VALID, prompt: '' });
    expect(problemsOf(comment('/docs document the flag'))).toBe('');
    withInputs({ ...VALID, prompt: '', 'job-id': 'job_1' });
    expect(problemsOf(dispatch)).toBe('');
    withInputs({ ...VALID, prompt: '', 'issue-number': '4' });
    expect(problemsOf(dispatch)).toBe('');
    // A wrong issue-number is named; the empty prompt is not blamed for it.
    withInputs({ ...VALID, prompt: '', 'issue-number': 'four' });
    expect(problemsOf(dispatch)).toMatch(/^Invalid 'issue-number' 'four'/);
  });

  test('an empty api-key is no input error where there is nothing to do, on a fork or for Dependabot', () => {
    withInputs({ ...VALID, 'api-key': '' });
    expect(problemsOf(comment('thanks!'))).toBe('');
    expect(problemsOf(fork)).toBe('');
    expect(problemsOf({ ...dispatch, payload: { sender: { login: 'dependabot[bot]' } } })).toBe('');
    expect(problemsOf(comment('/docs document the flag'))).toMatch(/^Input 'api-key' is empty/);
  });
});
