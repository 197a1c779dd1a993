import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { Input, Output } from '../src/base/constants.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

interface Metadata {
  inputs?: Record<string, { description?: unknown; default?: unknown; required?: unknown } | null>;
  outputs?: Record<string, { description?: unknown } | null>;
  runs?: { using?: unknown; main?: unknown; post?: unknown };
  branding?: { icon?: unknown; color?: unknown };
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Metadata;
const inputs = Object.entries(action.inputs ?? {});
const outputs = Object.entries(action.outputs ?? {});
const sorted = (names: Iterable<string>): string[] => [...names].sort();

/** The colours GitHub Marketplace accepts for branding. */
const BRANDING_COLORS = ['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark'];

describe('action.yml', () => {
  test('declares exactly the inputs the code reads', () => {
    expect(sorted(inputs.map(([name]) => name))).toEqual(sorted(Object.values(Input)));
  });

  test('declares exactly the outputs the code sets', () => {
    expect(sorted(outputs.map(([name]) => name))).toEqual(sorted(Object.values(Output)));
  });

  test('describes every input and output', () => {
    const undescribed = [...inputs, ...outputs]
      .filter(([, entry]) => typeof entry?.description !== 'string' || entry.description.trim() === '')
      .map(([name]) => name);
    expect(undescribed).toEqual([]);
  });

  test('runs on node24', () => {
    expect(action.runs?.using).toBe('node24');
  });

  test('points main and post at files in dist/', () => {
    const entries = [action.runs?.main, ...(action.runs?.post === undefined ? [] : [action.runs.post])];
    for (const entry of entries) {
      expect(entry).toEqual(expect.stringMatching(/^dist\/.+\.js$/));
      expect({ entry, exists: existsSync(join(ROOT, String(entry))) }).toEqual({ entry, exists: true });
    }
  });

  test('states the values of boolean inputs', () => {
    const booleans = inputs.filter(([, input]) => ['true', 'false'].includes(String(input?.default)));
    // Written as a string, as the runner passes it; and said in the description, which the README shows.
    const unclear = booleans
      .filter(
        ([, input]) =>
          typeof input?.default !== 'string' ||
          typeof input.description !== 'string' ||
          !/\b(true|false)\b/.test(input.description),
      )
      .map(([name]) => name);
    expect(unclear).toEqual([]);
  });

  test('marks required what the default mode needs, saying when it is not needed', () => {
    // The runner does not enforce `required`; the Marketplace and the README's table show it.
    const required = inputs.filter(([, input]) => input?.required === true);
    expect(sorted(required.map(([name]) => name))).toEqual(['api-key', 'base-url', 'project-id']);
    for (const [name, input] of required) {
      expect({ name, default: input?.default }).toEqual({ name, default: undefined });
      if (name !== 'base-url')
        expect({ name, says: input?.description }).toEqual({
          name,
          says: expect.stringContaining('not needed with mode: ask'),
        });
    }
    expect(inputs.filter(([, input]) => input?.required !== true && input?.required !== false)).toEqual([]);
  });

  test('has branding for the Marketplace', () => {
    expect(action.branding?.icon).toEqual(expect.stringMatching(/^[a-z0-9-]+$/));
    expect(BRANDING_COLORS).toContain(action.branding?.color);
  });
});

describe('.env.example', () => {
  const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
  const lines = example.split('\n');
  const set = lines.flatMap((line, index) => {
    const match = /^INPUT_([A-Z0-9_-]+)=(.*)$/.exec(line);
    return match ? [{ name: match[1] ?? '', value: match[2] ?? '', comment: lines[index - 1] ?? '' }] : [];
  });
  const valueOf = (name: string): string | undefined => set.find((entry) => entry.name === name.toUpperCase())?.value;

  test("sets every input of action.yml once, in action.yml's order", () => {
    expect(set.map((entry) => entry.name)).toEqual(inputs.map(([name]) => name.toUpperCase()));
  });

  test("gives each input action.yml's default, as the runner would", () => {
    // An expression (github.token) is the runner's to evaluate; a local run gives its own value.
    const differing = inputs
      .filter(([, input]) => typeof input?.default === 'string' && !input.default.includes('${{'))
      .filter(([name, input]) => valueOf(name) !== input?.default)
      .map(([name, input]) => ({ name, default: input?.default, example: valueOf(name) }));
    expect(differing).toEqual([]);
  });

  test('gives a value to every input action.yml requires, and says so', () => {
    for (const [name] of inputs.filter(([, spec]) => spec?.required === true)) {
      expect({ name, value: valueOf(name) }).toEqual({ name, value: expect.stringMatching(/\S/) });
      const comment = lines.slice(
        0,
        lines.findIndex((line) => line.startsWith(`INPUT_${name.toUpperCase()}=`)),
      );
      const block = comment.slice(comment.findLastIndex((line) => !line.startsWith('#')) + 1).join('\n');
      expect({ name, says: block }).toEqual({ name, says: expect.stringMatching(/Required/) });
    }
  });

  test('describes every input in a comment above it', () => {
    expect(set.filter((entry) => !entry.comment.startsWith('# ')).map((entry) => entry.name)).toEqual([]);
  });
});
