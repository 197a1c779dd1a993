// The input and output tables of README.md and docs/inputs.md, generated from action.yml so the
// documentation cannot drift from it. README.md gets the compact tables (each description's first
// sentence, so that the README stays short); docs/inputs.md gets the full descriptions.
//
//   npm run readme                         rewrites the tables between the markers in both files
//   node scripts/readme-tables.ts          exits 1 and names each table that is out of date
//
// Each table sits between a pair of markers, for example `<!-- inputs:start -->` and
// `<!-- inputs:end -->`. The generated block is wrapped in prettier-ignore comments: Prettier would
// otherwise re-pad the columns and the file would never equal the generated text.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export interface Tables {
  inputs: string;
  outputs: string;
}

export type TableName = keyof Tables;

export const TABLE_NAMES: readonly TableName[] = ['inputs', 'outputs'];

/** `full`: every description whole; `compact`: the first sentence of each. */
export type TableStyle = 'full' | 'compact';

/** The files that hold the tables, each in its style, relative to the repository. */
export const TABLE_FILES: readonly { path: string; style: TableStyle }[] = [
  { path: 'README.md', style: 'compact' },
  { path: 'docs/inputs.md', style: 'full' },
];

interface ActionMetadata {
  inputs?: Record<string, { description?: unknown; default?: unknown; required?: unknown } | null>;
  outputs?: Record<string, { description?: unknown } | null>;
}

/**
 * Markdown tables of action.yml's inputs (name, description, default, required) and outputs. The
 * compact style keeps each description's first sentence, and says `required` in the default's
 * column.
 */
export function renderTables(actionYamlText: string, style: TableStyle = 'full'): Tables {
  const action = (parse(actionYamlText) ?? {}) as ActionMetadata;
  const describe = (value: unknown): string => (style === 'compact' ? firstSentence(text(value)) : text(value));
  const inputs = Object.entries(action.inputs ?? {}).map(([name, input]) => {
    const fallback = input?.default === undefined ? '' : code(scalar(input.default));
    const required = input?.required === true || input?.required === 'true';
    // Compact: one column says both, since a required input rarely has a default.
    if (style === 'compact') {
      const given = required ? [fallback, 'required'].filter(Boolean).join(', ') : fallback;
      return [code(name), given, describe(input?.description)];
    }
    return [code(name), describe(input?.description), fallback, required ? 'yes' : 'no'];
  });
  const outputs = Object.entries(action.outputs ?? {}).map(([name, output]) => [
    code(name),
    describe(output?.description),
  ]);
  return {
    inputs: table(
      style === 'compact' ? ['Name', 'Default', 'Description'] : ['Name', 'Description', 'Default', 'Required'],
      inputs,
    ),
    outputs: table(['Name', 'Description'], outputs),
  };
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]): string => `|${cells.map((cell) => (cell ? ` ${cell} ` : ' ')).join('|')}|`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * One table cell: folded onto one line, with pipes escaped so they do not end the cell, and `<`
 * escaped so that a placeholder such as `<owner>` shows as written instead of as an HTML tag.
 */
function text(value: unknown): string {
  return (typeof value === 'string' ? value : '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\|/g, '\\|')
    .replace(/</g, '&lt;');
}

/**
 * The text up to the first full stop (or ? or !) that ends a sentence: one followed, after any
 * closing double quote or bracket, by white space or the end, so that `api.example.com` or `1.5`
 * inside a sentence does not end it. A single quote after the stop does not count: in `'.'` it
 * closes a quoted character, not a sentence.
 */
export function firstSentence(value: string): string {
  return /^.*?[.!?]["”)\]]*(?=\s|$)/.exec(value)?.[0] ?? value;
}

/** A YAML default as the runner passes it: unquoted `30` or `true` still arrive as text. */
function scalar(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

function code(value: string): string {
  if (value === '') return "`''`";
  // A backtick inside needs a longer fence, and the fence needs spaces when the value touches it.
  const fence = value.includes('`') ? '``' : '`';
  const padded = value.startsWith('`') || value.endsWith('`') ? ` ${value} ` : value;
  return `${fence}${padded.replace(/\|/g, '\\|')}${fence}`;
}

export function startMarker(name: TableName): string {
  return `<!-- ${name}:start -->`;
}

export function endMarker(name: TableName): string {
  return `<!-- ${name}:end -->`;
}

/** What goes between a table's markers. */
export function markedBlock(table: string): string {
  return `\n<!-- prettier-ignore-start -->\n\n${table}\n\n<!-- prettier-ignore-end -->\n`;
}

/** The text between a table's markers, or undefined when the file lacks the pair (or has it twice). */
export function readSection(readme: string, name: TableName): string | undefined {
  const bounds = sectionBounds(readme, name);
  return bounds && readme.slice(bounds.from, bounds.to);
}

/** The file with every table replaced by its generated block; throws when a marker pair is missing. */
export function updateReadme(readme: string, tables: Tables, path = 'README.md'): string {
  let updated = readme;
  for (const name of TABLE_NAMES) {
    const bounds = sectionBounds(updated, name);
    if (!bounds) throw new Error(missingMarkers(name, path));
    updated = updated.slice(0, bounds.from) + markedBlock(tables[name]) + updated.slice(bounds.to);
  }
  return updated;
}

/** Tables whose section in the file differs from the generated one. */
export function outdatedTables(readme: string, tables: Tables): TableName[] {
  return TABLE_NAMES.filter((name) => readSection(readme, name) !== markedBlock(tables[name]));
}

export function missingMarkers(name: TableName, path = 'README.md'): string {
  return `${path} needs exactly one '${startMarker(name)}' followed by one '${endMarker(name)}' for the ${name} table.`;
}

function sectionBounds(readme: string, name: TableName): { from: number; to: number } | undefined {
  const start = startMarker(name);
  const end = endMarker(name);
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  const unique = readme.lastIndexOf(start) === from && readme.lastIndexOf(end) === to;
  if (from === -1 || to === -1 || to < from || !unique) return undefined;
  return { from: from + start.length, to };
}

/** The lines only one side has; enough to see which rows changed, without a diff library. */
function lineDiff(actual: string, expected: string): string {
  const actualLines = actual.split('\n');
  const expectedLines = expected.split('\n');
  return (
    [
      ...actualLines.filter((line) => !expectedLines.includes(line)).map((line) => `- ${line}`),
      ...expectedLines.filter((line) => !actualLines.includes(line)).map((line) => `+ ${line}`),
    ].join('\n') || '  (same lines, in another order or spacing)'
  );
}

const USAGE = `Usage: npm run readme

Renders the tables of inputs and outputs from action.yml: compact in README.md (the first sentence
of each description), whole in docs/inputs.md.
  --write   rewrite them in both files (what npm run readme does)
  (none)    check them: exit 1 with a diff when a file differs from action.yml
  --help    show this text`;

function main(argv: string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const root = new URL('../', import.meta.url);
  const action = readFileSync(new URL('action.yml', root), 'utf8');
  let failed = false;
  for (const { path, style } of TABLE_FILES) {
    const file = fileURLToPath(new URL(path, root));
    const tables = renderTables(action, style);
    const text = readFileSync(file, 'utf8');

    const missing = TABLE_NAMES.filter((name) => readSection(text, name) === undefined);
    if (missing.length > 0) {
      for (const name of missing) console.error(missingMarkers(name, path));
      failed = true;
      continue;
    }

    if (argv.includes('--write')) {
      const updated = updateReadme(text, tables, path);
      if (updated !== text) writeFileSync(file, updated);
      console.log(updated === text ? `${path} tables are up to date.` : `Updated the tables in ${path}.`);
      continue;
    }

    const outdated = outdatedTables(text, tables);
    if (outdated.length === 0) {
      console.log(`${path} tables match action.yml.`);
      continue;
    }
    for (const name of outdated) {
      console.error(`${path}'s ${name} table differs from action.yml (- in ${path}, + from action.yml):`);
      console.error(lineDiff(readSection(text, name) ?? '', markedBlock(tables[name])));
    }
    failed = true;
  }
  if (failed && !argv.includes('--write')) console.error("Run 'npm run readme' to rewrite them.");
  return failed ? 1 : 0;
}

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
