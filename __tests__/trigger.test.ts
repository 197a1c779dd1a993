import type { GitHubEvent } from '../src/github/event.ts';
import type { Settings } from '../src/run/inputs.ts';
import { buildPrompt } from '../src/run/prompt.ts';
import { decideTrigger, findRequest } from '../src/github/trigger.ts';
import { webhookPayload } from '../emulator/runner.ts';

const settings = {
  prompt: '',
  triggerPhrase: '/docs',
  triggerLabel: '',
  allowEdits: false,
  documentMergedPullRequests: false,
  issueNumber: undefined,
} as Settings;

const repository = { owner: 'Codertocat', repo: 'Hello-World' };
const event = (name: string, payload: Record<string, unknown>): GitHubEvent => ({ name, payload, repository });

function comment(body: string, action = 'created'): GitHubEvent {
  const payload = webhookPayload('issue_comment', action);
  payload.comment.body = body;
  return event('issue_comment', payload);
}

describe('trigger phrase', () => {
  test.each([
    ['/docs add a page', 'add a page'],
    ['/DOCS add a page', 'add a page'],
    ['Thanks!\r\n  /docs add a page\r\nand more', 'add a page\nand more'],
    ['/docs', ''],
    ['\u200b/docs hidden start', 'hidden start'],
  ])('finds the request in %j', (text, request) => {
    expect(findRequest(text, '/docs')).toBe(request);
  });

  test.each(['see /docs', '/docsify this', 'no phrase', '<!-- /docs hidden -->'])('ignores %j', (text) => {
    expect(findRequest(text, '/docs')).toBeUndefined();
  });
});

describe('trigger rules', () => {
  test('runs for a created comment with the phrase', () => {
    const trigger = decideTrigger(comment('/docs document -v'), settings);
    expect(trigger).toMatchObject({
      kind: 'run',
      request: 'document -v',
      forceNew: false,
      requester: { login: 'Codertocat' },
    });
  });

  test('"new" forces a new job', () => {
    expect(decideTrigger(comment('/docs new tutorial'), settings)).toMatchObject({
      request: 'tutorial',
      forceNew: true,
    });
  });

  test('edited comments only with allow-edits', () => {
    expect(decideTrigger(comment('/docs x', 'edited'), settings).kind).toBe('skip');
    expect(decideTrigger(comment('/docs x', 'edited'), { ...settings, allowEdits: true }).kind).toBe('run');
  });

  test('never reacts to its own comments', () => {
    expect(decideTrigger(comment('<!-- docs-agent-action job=1 triggers= -->\n/docs x'), settings)).toMatchObject({
      kind: 'skip',
      reason: 'the comment is one of its own',
    });
  });

  test('labeled issues only with the trigger-label', () => {
    const payload = webhookPayload('issues', 'labeled');
    const name = String(payload.label.name);
    expect(decideTrigger(event('issues', payload), settings).kind).toBe('skip');
    expect(decideTrigger(event('issues', payload), { ...settings, triggerLabel: name.toUpperCase() })).toMatchObject({
      kind: 'run',
      request: '',
    });
  });

  test('dispatch and schedule run with issue-number as the target', () => {
    expect(decideTrigger(event('schedule', {}), { ...settings, issueNumber: 4 })).toEqual({
      kind: 'run',
      request: '',
      forceNew: false,
      issue: { number: 4, isPullRequest: false, tracking: true },
    });
  });

  test('issue-number names a tracking issue, where nobody asked, on every event', () => {
    const withNumber = { ...settings, issueNumber: 4, prompt: 'Go' };
    for (const name of ['workflow_dispatch', 'schedule', 'push']) {
      expect(decideTrigger(event(name, {}), withNumber)).toMatchObject({ issue: { number: 4, tracking: true } });
    }
    const pr = webhookPayload('pull_request', 'opened');
    expect(decideTrigger(event('pull_request', pr), withNumber)).toMatchObject({
      requester: { login: pr.sender.login },
      issue: { number: 4, tracking: true },
    });
    expect(decideTrigger(event('schedule', {}), { ...withNumber, jobId: 'job_1' })).toMatchObject({
      issue: { number: 4, tracking: true },
    });
    // The issue or comment that asked is no tracking issue.
    const asked = decideTrigger(comment('/docs document the flag'), withNumber);
    expect(asked.kind === 'run' && asked.issue?.tracking).toBeFalsy();
  });

  test('other events run only with a prompt', () => {
    expect(decideTrigger(event('push', {}), settings)).toEqual({
      kind: 'skip',
      reason: "'push' events need a prompt or a job-id",
    });
    expect(decideTrigger(event('push', {}), { ...settings, prompt: 'Go' })).toMatchObject({ kind: 'run', request: '' });
  });
});

describe('prompt', () => {
  const trigger = decideTrigger(comment('/docs document the flag'), settings);
  if (trigger.kind !== 'run') throw new Error('expected a run');

  test('fences the user’s request and quotes the issue', () => {
    const prompt = buildPrompt(trigger, settings, repository);
    expect(prompt).toMatch(/^Make the documentation change a GitHub user asked for on issue #1\./);
    expect(prompt).toContain('~~~text\ndocument the flag\n~~~');
    expect(prompt).toContain('Repository: Codertocat/Hello-World');
    expect(prompt).toContain('Issue: #1 (https://github.com/Codertocat/Hello-World/issues/1)');
  });

  test('the prompt input wins, with the context attached', () => {
    const prompt = buildPrompt(trigger, { prompt: 'Refresh the CLI page' }, repository);
    expect(prompt).toMatch(
      /^Refresh the CLI page\n\nThe user's request on the issue, quoted:\n~~~text\ndocument the flag\n~~~/,
    );
  });

  test('caps long text', () => {
    const long = { ...trigger, request: 'a'.repeat(10_000) };
    expect(buildPrompt(long, settings, repository)).toContain('[… cut: 6000 more characters]');
  });

  test('needs an instruction from somewhere', () => {
    expect(() => buildPrompt({ kind: 'run', request: '', forceNew: false }, settings, repository)).toThrow(
      /'prompt' is empty/,
    );
  });
});

describe('where a request starts and ends', () => {
  test.each([
    ['a fenced code block', 'See:\n```\n/docs document the flag\n```'],
    ['a tilde fence', '~~~~md\n/docs document the flag\n~~~~'],
    ['an unclosed fence', 'Example:\n```sh\n/docs document the flag'],
    ['inline code', '`/docs document the flag` is how you ask'],
    ['a quoted line', '> /docs document the flag\n\nI agree with this.'],
    ['a nested quote', '> > /docs document the flag'],
    ['an indented code block', '    /docs document the flag'],
    ['a fence with a longer closing run still open', '````\n```\n/docs x\n```\n'],
  ])('the phrase in %s is not a request', (_where, body) => {
    expect(findRequest(body, '/docs')).toBeUndefined();
  });

  test('the request is the paragraph of the phrase, not the thanks and signature after it', () => {
    const body = 'Hi!\n/docs document the --verbose flag\nand the -q flag too\n\nThanks!\n-- Alice';
    expect(findRequest(body, '/docs')).toBe('document the --verbose flag\nand the -q flag too');
  });

  test('the paragraph ends at a code fence', () => {
    expect(findRequest('/docs document this output:\n```\n$ tool --verbose\n```', '/docs')).toBe(
      'document this output:',
    );
  });

  test('a phrase after a closed fence counts', () => {
    expect(findRequest('```\n/docs no\n```\n/docs yes please', '/docs')).toBe('yes please');
  });
});

describe('who is checked', () => {
  test('a deleted author’s comment is checked as its sender', () => {
    const deleted = comment('/docs document -v');
    deleted.payload.comment!.user = null;
    deleted.payload.sender = { login: 'ghost-sender', type: 'User' };
    expect(decideTrigger(deleted, settings)).toMatchObject({ kind: 'run', requester: { login: 'ghost-sender' } });
  });

  test('a comment that names nobody is not run', () => {
    const nobody = comment('/docs document -v');
    nobody.payload.comment!.user = null;
    delete nobody.payload.sender;
    expect(decideTrigger(nobody, settings).kind).toBe('skip');
  });

  test('an edit is checked as its editor, not its author', () => {
    const edited = comment('/docs document -v', 'edited');
    edited.payload.sender = { login: 'mallory', type: 'User' };
    expect(decideTrigger(edited, { ...settings, allowEdits: true })).toMatchObject({
      requester: { login: 'mallory' },
    });
  });

  test.each(['pull_request_target', 'pull_request', 'workflow_run', 'discussion_comment', 'pull_request_review'])(
    'a %s run with a prompt checks its sender',
    (name) => {
      const payload = { action: 'opened', sender: { login: 'outsider', type: 'User' } };
      expect(decideTrigger(event(name, payload), { ...settings, prompt: 'Document it' })).toMatchObject({
        kind: 'run',
        requester: { login: 'outsider' },
      });
      expect(decideTrigger(event(name, { action: 'opened' }), { ...settings, prompt: 'Document it' }).kind).toBe(
        'skip',
      );
    },
  );

  test.each(['push', 'release', 'workflow_dispatch', 'schedule'])('a %s run is the workflow’s own', (name) => {
    const payload = { sender: { login: 'github-actions[bot]', type: 'Bot' } };
    const trigger = decideTrigger(event(name, payload), { ...settings, prompt: 'Document it' });
    expect(trigger.kind).toBe('run');
    expect(trigger).not.toHaveProperty('requester');
  });
});
