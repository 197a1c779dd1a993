import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const readYaml = <T>(file: string): T => parse(readFileSync(join(ROOT, file), 'utf8')) as T;

interface Reusable {
  on: { workflow_call: { inputs: Record<string, { required?: boolean }>; secrets: Record<string, unknown> } };
  jobs: Record<string, { steps: { uses?: string; with?: Record<string, string> }[] }>;
}
interface Caller {
  jobs: Record<string, { uses?: string; with?: Record<string, unknown>; secrets?: Record<string, unknown> }>;
}

const REUSABLE = '.github/workflows/docs-agent.yml';
const reusable = readYaml<Reusable>(REUSABLE);
const { inputs, secrets } = reusable.on.workflow_call;
const actionInputs = Object.keys(readYaml<{ inputs: Record<string, unknown> }>('action.yml').inputs);
const step = Object.values(reusable.jobs)
  .flatMap((job) => job.steps)
  .find((candidate) => candidate.uses?.startsWith('acme/docs-agent-action@'));
// The runner label is the workflow's own; every other input and secret goes to the action.
const forwarded = [...Object.keys(inputs).filter((name) => name !== 'runs-on'), ...Object.keys(secrets)];

describe('the reusable workflow', () => {
  test('runs the action at the major version users pin', () => {
    expect(step?.uses).toMatch(/^acme\/docs-agent-action@v\d+$/);
  });

  test('passes each of its inputs and secrets to the action input of the same name', () => {
    const expected = Object.fromEntries(
      forwarded.map((name) => [name, `\${{ ${name in secrets ? 'secrets' : 'inputs'}.${name} }}`]),
    );
    expect(step?.with).toEqual(expected);
  });

  test('declares only inputs the action has', () => {
    expect(forwarded.filter((name) => !actionInputs.includes(name))).toEqual([]);
  });

  test('the organisation example calls it with every required input and secret', () => {
    const caller = readYaml<Caller>('examples/organisation-caller.yml');
    const job = Object.values(caller.jobs).find((candidate) => candidate.uses?.includes(REUSABLE));
    expect(job?.uses).toMatch(new RegExp(`^acme/docs-agent-action/${REUSABLE.replaceAll('.', '\\.')}@v\\d+$`));
    const required = Object.entries(inputs)
      .filter(([, input]) => input.required)
      .map(([name]) => name);
    expect(Object.keys(job?.with ?? {}).sort()).toEqual(expect.arrayContaining(required.sort()));
    expect(Object.keys(job?.with ?? {}).filter((name) => !(name in inputs))).toEqual([]);
    expect(Object.keys(job?.secrets ?? {})).toEqual(['api-key']);
  });
});
