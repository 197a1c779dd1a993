// The shape of src/ (src/README.md): no module imports itself back through others. The direction
// between folders is an ESLint rule (eslint.config.js `layer`); this checks what the rule cannot.
// The graph is TypeScript's own: every import, export-from, dynamic import and require of each file,
// resolved as tsc resolves it with tsconfig.json (madge did the same with 16 MB of dependencies).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT } from './support/runner.ts';

function importGraph(dir: string): Map<string, string[]> {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  // Tests and local runs load the real packages, not the bundle's deferrals (tsconfig.json `paths`).
  const options = { ...parsed?.options, paths: undefined };
  const files = readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|cjs)$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(ROOT, dir, name));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && files.includes(target));
    graph.set(relative(ROOT, file), [...new Set(targets.map((target) => relative(ROOT, target)))]);
  }
  return graph;
}

/** Every cycle found by a depth-first search, each as the path that closes it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): void => {
    const at = path.indexOf(node);
    if (at >= 0) return void found.push([...path.slice(at), node]);
    if (done.has(node)) return;
    path.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    path.pop();
    done.add(node);
  };
  for (const node of graph.keys()) visit(node);
  return found;
}

test('src/ has no import cycle', () => {
  const graph = importGraph('src');
  expect(graph.size).toBeGreaterThan(30);
  // The graph is complete: the table of modes reaches each mode's run, dynamic imports included.
  expect(graph.get('src/main.ts')).toContain('src/modes.ts');
  expect(graph.get('src/ask/mode.ts')).toContain('src/ask/run.ts');
  expect(graph.get('src/pulls/mode.ts')).toContain('src/pulls/run.ts');
  expect(graph.get('src/agent/mode.ts')).toContain('src/agent/execute.ts');
  expect(cycles(graph)).toEqual([]);
});

test('the search reports each cycle as the path that closes it', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  expect(
    cycles(
      new Map([
        ['a', ['b']],
        ['b', []],
      ]),
    ),
  ).toEqual([]);
});
