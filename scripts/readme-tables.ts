// README's input and output tables, generated from action.yml so the two cannot drift apart.
//
//   node scripts/readme-tables.ts          exits 1 and names each table that is out of date
//   node scripts/readme-tables.ts --write  rewrites the tables between the markers in README.md
//
// Each table sits between a pair of markers, for example `<!-- inputs:start -->` and
// `<!-- inputs:end -->`. The generated block is wrapped in prettier-ignore comments: Prettier would
// otherwise re-pad the columns and the README would never equal the generated text.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export interface Tables {
  inputs: string;
  outputs: string;
}

export type TableName = keyof Tables;

export const TABLE_NAMES: readonly TableName[] = ['inputs', 'outputs'];

interface ActionMetadata {
  inputs?: Record<string, { description?: unknown; default?: unknown; required?: unknown } | null>;
  outputs?: Record<string, { description?: unknown } | null>;
}

/** Markdown tables of action.yml's inputs (name, description, default, required) and outputs. */
export function renderTables(actionYamlText: string): Tables {
  const action = (parse(actionYamlText) ?? {}) as ActionMetadata;
  const inputs = Object.entries(action.inputs ?? {}).map(([name, input]) => [
    code(name),
    text(input?.description),
    input?.default === undefined ? '' : code(scalar(input.default)),
    input?.required === true || input?.required === 'true' ? 'yes' : 'no',
  ]);
  const outputs = Object.entries(action.outputs ?? {}).map(([name, output]) => [code(name), text(output?.description)]);
  return {
    inputs: table(['Name', 'Description', 'Default', 'Required'], inputs),
    outputs: table(['Name', 'Description'], outputs),
  };
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]): string => `|${cells.map((cell) => (cell ? ` ${cell} ` : ' ')).join('|')}|`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** One table cell: folded onto one line, with pipes escaped so they do not end the cell. */
function text(value: unknown): string {
  return (typeof value === 'string' ? value : '').replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
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

/** The text between a table's markers, or undefined when README lacks the pair (or has it twice). */
export function readSection(readme: string, name: TableName): string | undefined {
  const bounds = sectionBounds(readme, name);
  return bounds && readme.slice(bounds.from, bounds.to);
}

/** README with every table replaced by its generated block; throws when a marker pair is missing. */
export function updateReadme(readme: string, tables: Tables): string {
  let updated = readme;
  for (const name of TABLE_NAMES) {
    const bounds = sectionBounds(updated, name);
    if (!bounds) throw new Error(missingMarkers(name));
    updated = updated.slice(0, bounds.from) + markedBlock(tables[name]) + updated.slice(bounds.to);
  }
  return updated;
}

/** Tables whose section in README differs from the generated one. */
export function outdatedTables(readme: string, tables: Tables): TableName[] {
  return TABLE_NAMES.filter((name) => readSection(readme, name) !== markedBlock(tables[name]));
}

export function missingMarkers(name: TableName): string {
  return `README.md needs exactly one '${startMarker(name)}' followed by one '${endMarker(name)}' for the ${name} table.`;
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

Renders README.md's tables of inputs and outputs from action.yml.
  --write   rewrite them in README.md (what npm run readme does)
  (none)    check them: exit 1 with a diff when README.md differs from action.yml
  --help    show this text`;

function main(argv: string[]): number {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const root = new URL('../', import.meta.url);
  const readmePath = fileURLToPath(new URL('README.md', root));
  const tables = renderTables(readFileSync(new URL('action.yml', root), 'utf8'));
  const readme = readFileSync(readmePath, 'utf8');

  const missing = TABLE_NAMES.filter((name) => readSection(readme, name) === undefined);
  if (missing.length > 0) {
    for (const name of missing) console.error(missingMarkers(name));
    return 1;
  }

  if (argv.includes('--write')) {
    const updated = updateReadme(readme, tables);
    if (updated !== readme) writeFileSync(readmePath, updated);
    console.log(updated === readme ? 'README.md tables are up to date.' : 'Updated the tables in README.md.');
    return 0;
  }

  const outdated = outdatedTables(readme, tables);
  if (outdated.length === 0) {
    console.log('README.md tables match action.yml.');
    return 0;
  }
  for (const name of outdated) {
    console.error(`README.md's ${name} table differs from action.yml (- in README, + from action.yml):`);
    console.error(lineDiff(readSection(readme, name) ?? '', markedBlock(tables[name])));
  }
  console.error("Run 'npm run readme' to rewrite them.");
  return 1;
}

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
