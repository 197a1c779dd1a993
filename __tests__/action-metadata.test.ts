import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { Input, Output } from '../src/util/constants.ts';

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

  test('.env.example lists every input', () => {
    const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^INPUT_([A-Z0-9_-]+)=/gm)].map(([, name]) => name));
    expect(inputs.map(([name]) => name).filter((name) => !listed.has(name.toUpperCase()))).toEqual([]);
  });

  test('has branding for the Marketplace', () => {
    expect(action.branding?.icon).toEqual(expect.stringMatching(/^[a-z0-9-]+$/));
    expect(BRANDING_COLORS).toContain(action.branding?.color);
  });
});
