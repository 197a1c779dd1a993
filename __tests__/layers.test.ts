// The shape of src/ (src/README.md): no module imports itself back through others. The direction
// between folders is an ESLint rule (eslint.config.js `layer`); this checks what the rule cannot.
// The graph is TypeScript's own (support/import-graph.ts; madge did the same with 16 MB of
// dependencies).
import { inWorker } from './support/in-worker.ts';

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

test('src/ has no import cycle', async () => {
  const worker = inWorker();
  const graph = (await worker
    .call(new URL('./support/import-graph.ts', import.meta.url), 'importGraph', ['src'], 60_000)
    .finally(() => worker.close())) as Map<string, string[]>;
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
