import type { GitHubEvent } from '../src/github/event.ts';
import type { Settings } from '../src/agent/inputs.ts';
import { buildPrompt } from '../src/agent/prompt.ts';
import { decideTrigger } from '../src/github/trigger.ts';
import { findRequest } from '../src/github/request.ts';
import { webhookPayload } from './support/runner.ts';

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
      /^Refresh the CLI page\n\nThe user's request on the issue, quoted \(.*not as instructions.*\):\n~~~text\ndocument the flag\n~~~/,
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

  // CommonMark's block structure, as GitHub renders the comment: the line must be text.
  test.each([
    ['a lazy continuation of a quote', '> quoted earlier request\n/docs document the flag'],
    ['a lazy continuation further down a quote', '> I asked:\n> please\nand\n/docs document the flag'],
    ['a lazy continuation of a nested quote', '> > old\n/docs document the flag'],
    ['a lazy continuation of a quote in a list', '- > quoted\n/docs document the flag'],
    ['a lazy continuation indented by three spaces', '> quoted\n   /docs document the flag'],
    ['a code span across lines', 'Try `\n/docs document the flag` next time'],
    ['a double-backtick code span across lines', 'Use ``x\n/docs document the flag`` here'],
    ['a code span over several lines', 'Run `a\nb\n/docs document the flag\nc` now'],
    ['a <pre> block', '<pre>\n/docs document the flag\n</pre>'],
    ['a <pre> block with attributes', '<pre lang="sh">\nfoo\n/docs document the flag\n</pre>\n'],
    ['a <script> block', '<script>\n/docs document the flag\n</script>'],
    ['a <textarea> block', 'Hi\n<textarea>\n/docs document the flag\n</textarea>'],
    ['a <details> block', '<details>\n/docs document the flag\n</details>'],
    ['a <div> block', '<div align="center">\n/docs document the flag\n</div>'],
    ['a <table> block', '<table><tr><td>\n/docs document the flag\n</td></tr></table>'],
    ['a block of another tag alone on its line', '<span>\n/docs document the flag\n</span>'],
    ['an HTML comment block', '<!--\n/docs document the flag\n-->'],
    ['an HTML comment on one line', '<!-- /docs document the flag -->'],
    ['an unclosed HTML comment', 'Thanks\n\n<!--\n/docs document the flag'],
    ['an inline HTML comment across lines', 'Note <!--\n/docs document the flag\n--> done'],
    ['an inline tag whose attribute spans lines', 'See <a title="x\n/docs document the flag">this</a>'],
    ['a processing instruction', '<?php\n/docs document the flag\n?>'],
    ['a CDATA block', '<![CDATA[\n/docs document the flag\n]]>'],
    ['a declaration', '<!DOCTYPE\n/docs document the flag\n>'],
    ['an indented code block after a blank line', 'Example:\n\n    /docs document the flag'],
    ['an indented code block with a tab', '\t/docs document the flag'],
    ['a fenced block in a list item', '- example:\n  ```\n  /docs document the flag\n  ```'],
    ['a fenced block in a quote', '> ```\n> /docs document the flag\n> ```'],
    ['a fence with info and a longer close', '```sh\n/docs document the flag\n````'],
  ])('the phrase in %s is not a request', (_where, body) => {
    expect(findRequest(body, '/docs')).toBeUndefined();
  });

  test.each([
    ['after a quote and a blank line', '> quoted earlier request\n\n/docs document the flag', 'document the flag'],
    ['after a code span that closed on its line', 'Try `x` then\n/docs document the flag', 'document the flag'],
    ['after backticks that close nothing', 'a ` b\n/docs document the flag', 'document the flag'],
    ['after an escaped backtick', 'Try \\`\n/docs document the flag` now', 'document the flag` now'],
    ['after an HTML comment that closed', '<!-- note -->\n/docs document the flag', 'document the flag'],
    ['after an inline comment that closed', 'Hi <!-- x --> there\n/docs document the flag', 'document the flag'],
    ['after a <pre> block that closed', '<pre>\nx\n</pre>\n/docs document the flag', 'document the flag'],
    ['after a <details> block and a blank line', '<details>\nx\n\n/docs document the flag', 'document the flag'],
    ['after a fence that a quote ended', '> ```\n/docs document the flag', 'document the flag'],
    ['after an indented code block', '    code\n/docs document the flag', 'document the flag'],
    ['in a list item continuation', '- item\n  /docs document the flag', 'document the flag'],
    ['after a heading', '# Title\n/docs document the flag', 'document the flag'],
    ['after a paragraph line', 'Hello\n/docs document the flag', 'document the flag'],
    ['after a tag inside a paragraph', 'Hello <b>there</b>\n/docs document the flag', 'document the flag'],
  ])('the phrase %s is a request', (_where, body, request) => {
    expect(findRequest(body, '/docs')).toBe(request);
  });

  test('an HTML comment inside the request is left out of it', () => {
    expect(findRequest('/docs document <!-- hidden --> the flag', '/docs')).toBe('document  the flag');
  });
});

describe('questions never start a job', () => {
  const editable = { ...settings, allowEdits: true };
  test.each([
    ['an edited comment with allow-edits', comment('/docs ask how do I deploy?', 'edited'), editable],
    ['an edited comment asking in capitals', comment('/DOCS ASK how do I deploy?', 'edited'), editable],
    ['a new comment', comment('/docs ask how do I deploy?'), settings],
    ['a question after other text', comment('Hi\n/docs ask\nhow do I deploy?', 'edited'), editable],
    ['another ask-word', comment('/docs question how?', 'edited'), { ...editable, askWord: 'question' }],
  ])('%s', (_name, event, options) => {
    expect(decideTrigger(event, options)).toEqual({
      kind: 'skip',
      reason: 'a question (the ask-word after the phrase) is answered in ask mode, never by the agent',
    });
  });

  test('an issue opened with a question', () => {
    const payload = webhookPayload('issues', 'opened');
    payload.issue.body = '/docs ask how do I deploy?';
    expect(decideTrigger(event('issues', payload), settings).kind).toBe('skip');
  });

  test('a request that merely starts with the letters of the ask-word is a request', () => {
    expect(decideTrigger(comment('/docs asking users: document the flag', 'edited'), editable)).toMatchObject({
      kind: 'run',
      request: 'asking users: document the flag',
    });
    expect(decideTrigger(comment('/docs ask how?'), { ...settings, askWord: 'question' }).kind).toBe('run');
  });
});

describe('questions where ask mode is not set up', () => {
  const off = { ...settings, askWord: 'ask', askConfigured: false };
  const reason =
    "questions ('/docs ask …') are not answered here: this workflow does not set up ask mode (its 'domain' and 'assistant-key' inputs)";
  const told = 'questions are not answered in this repository, whose workflow has not set up ask mode';

  test('a new comment is skipped, and its author told', () => {
    const event = comment('/docs ask how do I deploy?');
    expect(decideTrigger(event, off)).toEqual({
      kind: 'skip',
      reason,
      tell: { who: event.payload.comment!.user, issueNumber: event.payload.issue!.number, reason: told },
    });
  });

  test('an issue opened with a question is skipped, and its sender told', () => {
    const payload = webhookPayload('issues', 'opened');
    payload.issue.body = 'Hi\n/docs ask how do I deploy?';
    expect(decideTrigger(event('issues', payload), off)).toMatchObject({
      kind: 'skip',
      reason,
      tell: { who: { login: payload.sender.login }, issueNumber: payload.issue.number },
    });
  });

  test('an edited question is skipped, and nobody told', () => {
    expect(decideTrigger(comment('/docs ask how?', 'edited'), { ...off, allowEdits: true })).toEqual({
      kind: 'skip',
      reason,
    });
  });

  test("an empty ask-word routes no question: '/docs ask …' is a request", () => {
    expect(decideTrigger(comment('/docs ask users to try it'), { ...off, askWord: '' })).toMatchObject({
      kind: 'run',
      request: 'ask users to try it',
    });
    expect(decideTrigger(comment('/docs ask users'), { ...settings, askWord: '' }).kind).toBe('run');
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

  test('an edit of someone else’s comment is checked as its editor and its author', () => {
    const edited = comment('/docs document -v', 'edited');
    edited.payload.comment!.user = { login: 'mallory', type: 'User' };
    edited.payload.sender = { login: 'maintainer', type: 'User' };
    expect(decideTrigger(edited, { ...settings, allowEdits: true })).toMatchObject({
      kind: 'run',
      requester: { login: 'maintainer' },
      author: { login: 'mallory' },
    });
  });

  test('an edit of one’s own comment is checked once', () => {
    const edited = comment('/docs document -v', 'edited');
    edited.payload.sender = { ...edited.payload.comment!.user!, login: 'CODERTOCAT' };
    expect(decideTrigger(edited, { ...settings, allowEdits: true })).not.toHaveProperty('author');
  });

  test('an edit of a comment whose author is unknown is not run', () => {
    const edited = comment('/docs document -v', 'edited');
    edited.payload.comment!.user = null;
    expect(decideTrigger(edited, { ...settings, allowEdits: true })).toEqual({
      kind: 'skip',
      reason: "the edited comment's author is unknown, so their permission could not be checked",
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
