import { jest } from '@jest/globals';
import { readSettings } from '../src/run/inputs.ts';
import { readTimings, TIMINGS } from '../src/run/timings.ts';

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
