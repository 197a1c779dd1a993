/**
 * A workflow fails only where its owner asked for it. Each step runs as the runner runs it, in this
 * process (support/in-process.ts), against the service emulator and the fake GitHub, with the inputs of the README's own `/docs`
 * workflow and real webhook payloads:
 * - a question where ask mode is not set up is no request of ask mode: skipped, the asker told once;
 * - who may ask is decided before any input of the path they asked for is judged;
 * - an event or comment the workflow is not set up for is `skipped` with a notice, never red;
 * - an edited comment (allow-edits) needs both its author and its editor.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Emulator } from '../emulator/index.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import { API_KEY, ROOT, webhookPayload, type RunResult } from './support/runner.ts';
import { parseRunnerCommands } from './support/runner-commands.ts';
import { commentEvent, createRequests, runStepAgainst, useServices } from './support/services.ts';

let emulator: Emulator;
let github: FakeGitHub;

useServices((started) => ({ emulator, github } = started));

interface Workflow {
  jobs: Record<string, { steps: { uses?: string; with?: Record<string, unknown> }[] }>;
}

/**
 * The `with:` of the action's step in a workflow, its variables and secrets given the values the
 * services here need. An expression this does not know fails the test rather than pass as text.
 */
function stepInputs(yaml: string): Record<string, string> {
  const workflow = parse(yaml) as Workflow;
  const step = Object.values(workflow.jobs)
    .flatMap((job) => job.steps)
    .find((s) => s.uses?.startsWith('acme/docs-agent-action@'));
  if (!step?.with) throw new Error('No step of the action in the workflow');
  const known: Record<string, string> = {
    'vars.DOCS_AGENT_PROJECT_ID': 'docs',
    'secrets.DOCS_AGENT_API_KEY': API_KEY,
    'vars.DOCS_AGENT_BASE_URL': emulator.url,
  };
  return Object.fromEntries(
    Object.entries(step.with).map(([name, value]) => [
      name,
      String(value).replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, expression: string) => {
        const resolved = known[expression];
        if (resolved === undefined) throw new Error(`Unknown expression in the workflow: ${expression}`);
        return resolved;
      }),
    ]),
  );
}

/** The README's "`/docs` on an issue or pull request" workflow, as a user copies it. */
function readmeWorkflow(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const heading = readme.indexOf('### `/docs` on an issue or pull request\n');
  if (heading === -1) throw new Error("No '`/docs` on an issue or pull request' section in the README");
  const section = readme.slice(heading);
  const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error("No workflow in the README's /docs section");
  return block;
}

const WORKFLOWS: [string, () => string][] = [
  ["the README's /docs workflow", readmeWorkflow],
  ['examples/issue-comment.yml', () => readFileSync(join(ROOT, 'examples/issue-comment.yml'), 'utf8')],
];

function run(event: { name: string; payload: unknown }, inputs: Record<string, string>): Promise<RunResult> {
  // Only the workflow's inputs: the services' defaults (project, key, base-url) must not hide one it lacks.
  return runStepAgainst({ emulator, github }, { event, inputs: { 'project-id': '', 'api-key': '', ...inputs } });
}

/** What the runner makes of the run's annotations, by kind. */
function annotations(result: RunResult, kind: 'error' | 'warning' | 'notice'): string[] {
  return parseRunnerCommands(result.stdout)
    .filter((command) => command.command === kind)
    .map((command) => command.data);
}

/** A run that ended quietly: exit 0, `skipped`, a notice, no error or warning, nothing sent to the service. */
function expectSkipped(result: RunResult): void {
  expect({ code: result.code, status: result.outputs.status }).toEqual({ code: 0, status: 'skipped' });
  expect(annotations(result, 'error')).toEqual([]);
  expect(annotations(result, 'warning')).toEqual([]);
  expect(annotations(result, 'notice')).toHaveLength(1);
  expect(emulator.requests).toEqual([]);
}

/** The action's own comments on issue 1 (replies and progress comments), as their bodies. */
const botComments = (): string[] =>
  github
    .comments(1)
    .filter((c) => c.user.type === 'Bot')
    .map((c) => c.body);

const QUESTIONS_OFF =
  /^<!-- docs-agent-action refused=(\w+) sig=[0-9a-f]{32} -->\nThe documentation agent was not started: questions are not answered in this repository, whose workflow has not set up ask mode\.$/;

describe('a question where ask mode is not set up', () => {
  test.each(WORKFLOWS)('%s skips it and tells the asker once, whoever asks', async (_name, workflow) => {
    const inputs = stepInputs(workflow());
    github.setPermission('mallory', 'none');
    for (const [who, times] of [
      ['mallory', 2],
      ['Codertocat', 1],
    ] as const) {
      for (let i = 0; i < times; i++) {
        const result = await run(commentEvent(github, '/docs ask How do I deploy with a token?', who), inputs);
        expectSkipped(result);
        expect(annotations(result, 'notice')[0]).toContain("questions ('/docs ask …') are not answered here");
      }
    }
    // One reply per asker and issue, and nothing about an input anywhere.
    expect(botComments().map((body) => QUESTIONS_OFF.exec(body)?.[1])).toEqual(['mallory', 'codertocat']);
  });

  test('an issue opened with a question is skipped the same way', async () => {
    const payload = webhookPayload('issues', 'opened');
    payload.issue.body = '/docs ask How do I deploy?';
    const result = await run({ name: 'issues', payload }, stepInputs(readmeWorkflow()));
    expectSkipped(result);
    expect(botComments()).toEqual([expect.stringMatching(QUESTIONS_OFF)]);
  });

  test('with reply-on-refusal off it is skipped without a reply', async () => {
    const inputs = { ...stepInputs(readmeWorkflow()), 'reply-on-refusal': 'false' };
    expectSkipped(await run(commentEvent(github, '/docs ask How do I deploy?'), inputs));
    expect(github.calls).toEqual([]);
  });

  test("an empty ask-word routes no question: '/docs ask …' is a request like any other", async () => {
    const inputs = { ...stepInputs(readmeWorkflow()), 'ask-word': '' };
    const result = await run(commentEvent(github, '/docs ask users for feedback in the FAQ'), inputs);
    expect(result.code).toBe(0);
    expect(result.outputs.status).toBe('completed');
    expect(JSON.parse(createRequests(emulator)[0]?.body ?? '{}').prompt).toContain(
      '~~~text\nask users for feedback in the FAQ\n~~~',
    );
  });
});

describe('who may ask is decided before the inputs of their path are judged', () => {
  test('the agent path: a refused commenter causes no input error; a maintainer is told', async () => {
    // The project variable is missing: the README's expression then passes ''.
    const inputs = { ...stepInputs(readmeWorkflow()), 'project-id': '', 'timeout-minutes': 'soon' };
    const refused = await run(commentEvent(github, '/docs document the flag', 'mallory'), inputs);
    expectSkipped(refused);
    expect(annotations(refused, 'notice')).toEqual([
      'Not started for mallory: only people with write access to this repository can ask for documentation changes.',
    ]);
    expect(botComments().join('\n')).not.toMatch(/project-id|timeout-minutes|input/i);

    const maintainer = await run(commentEvent(github, '/docs document the flag'), inputs);
    expect({ code: maintainer.code, status: maintainer.outputs.status }).toEqual({ code: 1, status: 'error' });
    expect(annotations(maintainer, 'error')[0]).toMatch(/^2 inputs need fixing:.*'project-id'.*'timeout-minutes'/s);
    expect(emulator.requests).toEqual([]);
  });

  test('a half set-up ask mode: a refused asker causes no input error; a permitted one is told', async () => {
    const inputs = { ...stepInputs(readmeWorkflow()), domain: 'acme' };
    github.setPermission('mallory', 'none');
    const refused = await run(commentEvent(github, '/docs ask How do I deploy?', 'mallory'), inputs);
    expectSkipped(refused);
    expect(annotations(refused, 'notice')[0]).toMatch(/^Not answered for mallory: only people with read access/);
    expect(refused.outputs).toEqual({ status: 'skipped', answer: '', 'thread-id': '', sources: '[]' });

    const permitted = await run(commentEvent(github, '/docs ask How do I deploy?'), inputs);
    expect({ code: permitted.code, status: permitted.outputs.status }).toEqual({ code: 1, status: 'failed' });
    expect(annotations(permitted, 'error')).toEqual([expect.stringMatching(/^Input 'assistant-key' is required/)]);
    expect(botComments()).toEqual([]);
  });
});

describe('an event the workflow is not set up for is skipped, never red', () => {
  // Every input of the path is wrong: none of it is the business of a run with nothing to do.
  const broken = { 'project-id': '', 'api-key': '', 'timeout-minutes': 'soon', 'base-url': 'nope' };
  const comment = (action: string, body: string) => {
    const payload = webhookPayload('issue_comment', action);
    payload.comment.body = body;
    return { name: 'issue_comment', payload };
  };
  const issue = (action: string, edit: (payload: Record<string, any>) => void = () => undefined) => {
    const payload = webhookPayload('issues', action);
    edit(payload);
    return { name: 'issues', payload };
  };
  const merged = () => {
    const payload = webhookPayload('pull_request', 'closed');
    payload.pull_request.merged = true;
    return { name: 'pull_request', payload };
  };

  test.each([
    ['a comment without the phrase', comment('created', 'Thanks, /docs looks good'), {}],
    ['an edited comment without allow-edits', comment('edited', '/docs document the flag'), {}],
    ['a deleted comment', comment('deleted', '/docs document the flag'), {}],
    ['an issue opened without the phrase or label', issue('opened'), { 'trigger-label': 'docs' }],
    ['an issue labelled with another label', issue('labeled'), { 'trigger-label': 'docs' }],
    ['an edited issue', issue('edited', (p) => (p.issue.body = '/docs document the flag')), {}],
    ['a merged pull request without document-merged-pull-requests', merged(), {}],
    ['a push without a prompt', { name: 'push', payload: webhookPayload('push') }, {}],
    ['an event the rules do not know', { name: 'watch', payload: webhookPayload('watch') }, {}],
    ['mode: ask on a push without a prompt', { name: 'push', payload: webhookPayload('push') }, { mode: 'ask' }],
    ['mode: ask on a schedule without a prompt', { name: 'schedule', payload: {} }, { mode: 'ask' }],
    ['mode: ask on a comment that asks nothing', comment('created', '/docs document the flag'), { mode: 'ask' }],
    ['mode: ask on an edited question', comment('edited', '/docs ask How?'), { mode: 'ask', domain: 'acme' }],
  ] as const)('%s', async (_name, event, inputs) => {
    const result = await run(event, { ...broken, ...inputs });
    expectSkipped(result);
    expect(annotations(result, 'notice')[0]).toMatch(/^Nothing to (do|answer): /);
    expect(github.calls).toEqual([]);
  });
});

describe('an edited comment (allow-edits) needs both its author and its editor', () => {
  /** A real issue_comment.edited payload: `author` wrote the comment, `editor` edited it. */
  function edited(author: string, editor: string) {
    const payload = webhookPayload('issue_comment', 'edited');
    const seeded = github.addComment(payload.issue.number, '/docs document the flag', author);
    payload.comment.id = seeded.id;
    payload.comment.body = seeded.body;
    payload.comment.user = { ...payload.comment.user, login: author };
    payload.sender = { ...payload.sender, login: editor };
    return { name: 'issue_comment', payload };
  }
  const inputs = () => ({ ...stepInputs(readmeWorkflow()), 'allow-edits': 'true' });

  test("a maintainer's edit of an outsider's comment starts nothing", async () => {
    const result = await run(edited('mallory', 'Codertocat'), inputs());
    expectSkipped(result);
    expect(annotations(result, 'notice')[0]).toBe(
      'Not started for mallory: only people with write access to this repository can ask for documentation ' +
        'changes; an edited comment starts work only when its author may ask too.',
    );
    expect(botComments()).toEqual([expect.stringMatching(/^<!-- docs-agent-action refused=mallory sig=/)]);
  });

  test("an outsider's edit of a maintainer's comment starts nothing", async () => {
    expectSkipped(await run(edited('Codertocat', 'mallory'), inputs()));
  });

  test('an edit by a maintainer of their own or another maintainer’s comment starts the job', async () => {
    github.setPermission('hubot', 'maintain');
    const result = await run(edited('hubot', 'Codertocat'), inputs());
    expect(result.outputs.status).toBe('completed');
    expect(emulator.jobsCreated()).toBe(1);
  });
});
