// The run's one decision (step/mode.ts and the table in src/modes.ts), from real webhook payloads
// (@octokit/webhooks-examples, edited where no example exists) and the inputs as the runner passes
// them: which mode, which trigger, and which settings. It sends nothing.
import { jest } from '@jest/globals';
import type { AgentDecision } from '../src/agent/decide.ts';
import type { AskDecision } from '../src/ask/decide.ts';
import type { GitHubEvent } from '../src/github/event.ts';
import { MODES } from '../src/modes.ts';
import { decideRun, mode, type Decided } from '../src/step/mode.ts';
import { clearSecrets } from '../src/text/text-gate.ts';
import { API_KEY, webhookPayload } from './support/runner.ts';

// core.setSecret writes its mask command to stdout, which is the runner's, not the test's.
const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
const saved = process.env.GITHUB_ACTOR;
beforeAll(() => delete process.env.GITHUB_ACTOR);
afterAll(() => {
  stdout.mockRestore();
  if (saved !== undefined) process.env.GITHUB_ACTOR = saved;
  clearSecrets();
});

const AGENT = {
  'project-id': 'docs',
  'api-key': API_KEY,
  'base-url': 'https://api.example.com',
  'github-token': 'ghs_x',
};
const ASK = { domain: 'acme', 'assistant-key': 'svc_dsc_abc123' };

function decide(name: string, payload: Record<string, unknown>, inputs: Record<string, string>): Decided {
  for (const key of Object.keys(process.env)) if (key.startsWith('INPUT_')) delete process.env[key];
  // As the runner passes them: action.yml's default for the ask-word.
  for (const [input, value] of Object.entries({ 'ask-word': 'ask', ...inputs })) {
    process.env[`INPUT_${input.toUpperCase()}`] = value;
  }
  const event: GitHubEvent = { name, payload, repository: { owner: 'Codertocat', repo: 'Hello-World' } };
  return decideRun(event, MODES);
}

const comment = (body: string, action = 'created'): Record<string, any> => {
  const payload = webhookPayload('issue_comment', action);
  payload.comment.body = body;
  return payload;
};
const labelled = (name: string): Record<string, any> => {
  const payload = webhookPayload('issues', 'labeled');
  payload.label.name = name;
  return payload;
};
/** A merged pull request; `fork`: its head is another repository. */
const merged = (fork = false): Record<string, any> => {
  const payload = webhookPayload('pull_request', 'closed');
  payload.pull_request.merged = true;
  payload.pull_request.merged_by = payload.sender;
  if (fork) payload.pull_request.head.repo.full_name = 'someone/Hello-World';
  else payload.pull_request.head.repo.full_name = payload.pull_request.base.repo.full_name;
  return payload;
};

describe('the decision of a run', () => {
  test.each([
    [
      'a /docs comment',
      'issue_comment',
      comment('/docs document the flag'),
      AGENT,
      {
        mode: 'agent',
        decision: { kind: 'run', trigger: { request: 'document the flag', commentId: expect.any(Number) } },
      },
    ],
    [
      'a question where ask mode is set up',
      'issue_comment',
      comment('/docs ask how do I deploy?'),
      { ...AGENT, ...ASK },
      { mode: 'ask', decision: { kind: 'ask', question: 'how do I deploy?', settings: { domain: 'acme' } } },
    ],
    [
      'a question where it is not',
      'issue_comment',
      comment('/docs ask how do I deploy?'),
      AGENT,
      {
        mode: 'agent',
        decision: { kind: 'skip', notice: expect.stringMatching(/are not answered here/), tell: expect.any(Object) },
      },
    ],
    [
      'an edited comment',
      'issue_comment',
      comment('/docs document it', 'edited'),
      AGENT,
      { mode: 'agent', decision: { kind: 'skip', notice: expect.stringMatching(/allow-edits/) } },
    ],
    [
      'the trigger-label',
      'issues',
      labelled('docs'),
      { ...AGENT, 'trigger-label': 'docs' },
      { mode: 'agent', decision: { kind: 'run', trigger: { request: '', issue: { number: expect.any(Number) } } } },
    ],
    [
      'the ask-label',
      'issues',
      labelled('question'),
      { ...AGENT, ...ASK, 'ask-label': 'question' },
      { mode: 'ask', decision: { kind: 'ask', trigger: { issue: { number: expect.any(Number) } } } },
    ],
    [
      'a merged pull request',
      'pull_request',
      merged(),
      { ...AGENT, 'document-merged-pull-requests': 'true' },
      { mode: 'agent', decision: { kind: 'run', trigger: { mergedPullRequest: expect.any(Number), forceNew: true } } },
    ],
    [
      "a fork's merged pull request without the secret",
      'pull_request',
      merged(true),
      { ...AGENT, 'api-key': '', 'document-merged-pull-requests': 'true' },
      { mode: 'agent', decision: { kind: 'skip', notice: expect.stringMatching(/^Skipped: 'api-key' is empty/) } },
    ],
    [
      'a dispatched prompt',
      'workflow_dispatch',
      webhookPayload('workflow_dispatch'),
      { ...AGENT, prompt: 'Document it' },
      { mode: 'agent', decision: { kind: 'run', settings: { prompt: 'Document it', projectId: 'docs' } } },
    ],
    [
      'a push without a prompt',
      'push',
      webhookPayload('push'),
      AGENT,
      { mode: 'agent', decision: { kind: 'skip', notice: "Nothing to do: 'push' events need a prompt or a job-id." } },
    ],
    [
      'a job-id on a push',
      'push',
      webhookPayload('push'),
      { ...AGENT, 'job-id': 'job_1' },
      { mode: 'agent', decision: { kind: 'run', settings: { jobId: 'job_1' } } },
    ],
    [
      'mode ask with a prompt',
      'workflow_dispatch',
      webhookPayload('workflow_dispatch'),
      { ...ASK, mode: 'ask', prompt: 'How?' },
      { mode: 'ask', decision: { kind: 'ask', question: 'How?' } },
    ],
    [
      'mode ask on a comment that asks nothing',
      'issue_comment',
      comment('thanks!'),
      { ...ASK, mode: 'ask' },
      {
        mode: 'ask',
        decision: { kind: 'skip', notice: "Nothing to answer: the comment does not start a line with '/docs ask'." },
      },
    ],
    [
      'mode sweep on a schedule',
      'schedule',
      { schedule: '*/10 * * * *', repository: webhookPayload('workflow_dispatch').repository },
      { ...AGENT, mode: 'sweep' },
      { mode: 'sweep', decision: { kind: 'run', settings: { projectId: 'docs' } } },
    ],
    [
      'mode sweep on a comment',
      'issue_comment',
      comment('/docs document the flag'),
      { ...AGENT, mode: 'sweep' },
      {
        mode: 'sweep',
        decision: {
          kind: 'skip',
          notice: expect.stringMatching(/^mode: sweep runs on schedule and workflow_dispatch;/),
        },
      },
    ],
  ])('%s', (_name, name, payload, inputs, expected) => {
    expect(decide(name, payload, inputs)).toMatchObject(expected);
  });

  test('a skip reads no setting beyond those that decide its trigger', () => {
    const decided = decide('push', webhookPayload('push'), { ...AGENT, 'project-id': 'a b', 'allow-edits': 'maybe' });
    const decision = decided.decision as AgentDecision;
    expect(decision.kind).toBe('skip');
    // The trigger's own input is read (and named in the debug log); project-id is not read at all.
    expect(decision.problems.messages).toEqual(["Invalid 'allow-edits' 'maybe': expected true or false."]);
  });

  test('a run with work names every input error, the routing ones first, the empty ones last', () => {
    const decided = decide('workflow_dispatch', webhookPayload('workflow_dispatch'), {
      ...AGENT,
      'api-key': '',
      mode: 'bogus',
      'timeout-minutes': 'soon',
    });
    const decision = decided.decision as AgentDecision;
    expect(decision.kind).toBe('run');
    expect(() => decision.problems.throwIfAny()).toThrow(
      /^4 inputs need fixing:\n- Invalid 'mode' 'bogus'.*\n- Invalid 'timeout-minutes' 'soon'.*\n- Input 'prompt' is empty.*\n- Input 'api-key' is empty/,
    );
  });

  test('a question with nothing to ask reads none of the ask settings', () => {
    const decided = decide('issue_comment', comment('/docs ask '), { mode: 'ask', 'ask-permission': 'owner' });
    const decision = decided.decision as AskDecision;
    expect(decision).toMatchObject({ kind: 'skip', notice: 'Nothing to answer: the question is empty.' });
    expect(decision.problems.messages).toEqual([]);
  });

  test('a mode added to the table takes the runs it claims, and only those', () => {
    const claimed: string[] = [];
    const sweep = mode({
      name: 'sweep',
      takes: (event) => event.name === 'schedule',
      decide: (event) => {
        claimed.push(event.name);
        return { kind: 'sweep' };
      },
      run: async () => undefined,
    });
    const table = [sweep, ...MODES];
    const event = (name: string): GitHubEvent => ({ name, payload: {}, repository: { owner: 'o', repo: 'r' } });
    for (const key of Object.keys(process.env)) if (key.startsWith('INPUT_')) delete process.env[key];
    process.env.INPUT_PROMPT = 'Document it';
    expect(decideRun(event('schedule'), table)).toMatchObject({ mode: 'sweep', decision: { kind: 'sweep' } });
    expect(decideRun(event('workflow_dispatch'), table)).toMatchObject({ mode: 'agent' });
    expect(claimed).toEqual(['schedule']);
  });
});
