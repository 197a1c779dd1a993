// The tests a test file declares, read from its syntax with TypeScript (security-index.test.ts
// checks SECURITY.md's index against them). It runs in a worker thread (support/in-worker.ts), as
// support/import-graph.ts does: there Node loads TypeScript itself, not jest's module registry.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export interface DeclaredTest {
  /** Each enclosing describe's title, then the test's own: a `%s`-style or `${…}` part kept as written. */
  titles: string[];
  /** A describe block, not a test. */
  describe: boolean;
  /** `.skip`, `.todo`, `.failing`, an `x` prefix, declared under an `if` or `?:`, or inside such a describe. */
  skipped: boolean;
  /** `.only` or an `f` prefix: every other test of the file is then skipped. */
  only: boolean;
  /** Whether its body starts a child process (the shipped dist/: support/runner.ts, or a command), or may. */
  runs: Runs;
}

const BLOCKS = new Set(['test', 'it', 'describe', 'xtest', 'xit', 'xdescribe', 'fit', 'fdescribe']);
const SKIPPING = new Set(['skip', 'todo', 'failing']);
/** What starts a child process: the runner's helpers (support/runner.ts, services.ts) and node:child_process. */
const NODE_CHILD = new Set(['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']);
const CHILD = new Set(['runAction', 'runAgainst', ...NODE_CHILD]);
/** runStep picks a child run for these options (support/in-process.ts, `childOnly`). */
const PICKS = new Set(['runStep', 'runStepAgainst']);
const CHILD_ONLY = /^(onSpawn|killAfterMs|script|https?_proxy|HTTPS?_PROXY)$/;

/** `test`, `test.each(…)`, `describe.skip`, …: the block's name and its modifiers, or undefined. */
function block(callee: ts.Expression): { name: string; modifiers: string[] } | undefined {
  if (ts.isIdentifier(callee)) return BLOCKS.has(callee.text) ? { name: callee.text, modifiers: [] } : undefined;
  if (ts.isPropertyAccessExpression(callee)) {
    const inner = block(callee.expression);
    return inner && { ...inner, modifiers: [...inner.modifiers, callee.name.text] };
  }
  // test.each([...])('title', fn): the table's call is the callee.
  if (ts.isCallExpression(callee)) return block(callee.expression);
  return undefined;
}

function titleOf(node: ts.Expression | undefined, source: ts.SourceFile): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.getText(source).slice(1, -1);
  return undefined;
}

/** Where a test runs the action. */
export type Runs = 'in-process' | 'child run' | 'in-process and child runs';

/**
 * What a piece of code calls (`calls`), the functions it hands on to be called (an argument:
 * `passed`) or picks between (a branch of `?:`: `branches`), and the property names and strings it
 * writes (`words`).
 */
function uses(node: ts.Node): Record<'calls' | 'passed' | 'branches' | 'words', Set<string>> {
  const found = {
    calls: new Set<string>(),
    passed: new Set<string>(),
    branches: new Set<string>(),
    words: new Set<string>(),
  };
  const visit = (child: ts.Node): void => {
    if (ts.isIdentifier(child)) {
      const { parent } = child;
      if (ts.isPropertyAssignment(parent) && parent.name === child) found.words.add(child.text);
      else if (ts.isCallExpression(parent) && parent.expression === child) found.calls.add(child.text);
      else if (ts.isCallExpression(parent)) found.passed.add(child.text);
      else if (ts.isConditionalExpression(parent) && parent.condition !== child) found.branches.add(child.text);
    }
    if (ts.isShorthandPropertyAssignment(child)) found.words.add(child.name.text);
    if (ts.isStringLiteral(child)) found.words.add(child.text);
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/**
 * Where `body` runs the action, following the functions the file declares by name (a helper that
 * runs the bundle, called or passed on): a child run for a child helper, or for runStep with an
 * option only a child shows (or `entry: 'post'`, the post step's own entry); both when a child
 * helper is one branch of a `?:` (a case of a table, an address only a process can read).
 */
function runsOf(body: ts.Node, helpers: Map<string, ts.Node>): Runs {
  const calls = new Set<string>();
  const words = new Set<string>();
  let either = false;
  const pending: { node: ts.Node; branch: boolean }[] = [{ node: body, branch: false }];
  const seen = new Set<ts.Node>();
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (seen.has(next.node)) continue;
    seen.add(next.node);
    const found = uses(next.node);
    for (const word of found.words) words.add(word);
    for (const name of [...found.calls, ...found.passed, ...found.branches]) {
      const branch = next.branch || found.branches.has(name);
      const helper = helpers.get(name);
      if (helper) pending.push({ node: helper, branch });
      // runAction handed on is a child run; a variable named `fork` passed to expect() is not.
      if (!found.calls.has(name) && NODE_CHILD.has(name)) continue;
      if (branch && CHILD.has(name)) either = true;
      else calls.add(name);
    }
  }
  const picks = [...calls].some((call) => PICKS.has(call));
  const childOnly = [...words].some((word) => CHILD_ONLY.test(word)) || (words.has('entry') && words.has('post'));
  if ([...calls].some((call) => CHILD.has(call)) || (picks && childOnly)) return 'child run';
  return either ? 'in-process and child runs' : 'in-process';
}

function runsIn(bodies: readonly ts.Node[], helpers: Map<string, ts.Node>): Runs {
  const all = new Set(bodies.map((body) => runsOf(body, helpers)));
  if (all.has('in-process and child runs') || all.size > 1) return 'in-process and child runs';
  return all.has('child run') ? 'child run' : 'in-process';
}

/** The functions `source` declares by name at any depth: `function f` and `const f = (…) => …`. */
function helpersOf(source: ts.SourceFile): Map<string, ts.Node> {
  const helpers = new Map<string, ts.Node>();
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) helpers.set(node.name.text, node.body);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    )
      helpers.set(node.name.text, node.initializer.body);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return helpers;
}

/** Every test and describe `file` (or `text`, as that file) declares with a title written in place. */
export function declaredTests(file: string, text = readFileSync(file, 'utf8')): DeclaredTest[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const helpers = helpersOf(source);
  const found: DeclaredTest[] = [];
  const visit = (node: ts.Node, titles: string[], skipped: boolean): void => {
    if (ts.isCallExpression(node)) {
      const called = block(node.expression);
      const title = called && titleOf(node.arguments[0], source);
      if (called && title !== undefined) {
        const describe = called.name.endsWith('describe');
        const here: DeclaredTest = {
          titles: [...titles, title],
          describe,
          skipped: skipped || called.name.startsWith('x') || called.modifiers.some((name) => SKIPPING.has(name)),
          only: called.name.startsWith('f') || called.modifiers.includes('only'),
          runs: runsIn(describe ? [] : node.arguments.slice(1), helpers),
        };
        found.push(here);
        for (const argument of node.arguments.slice(1)) visit(argument, here.titles, here.skipped);
        return;
      }
    }
    // A test declared under a condition may not be declared at all.
    const conditional = ts.isIfStatement(node) || ts.isConditionalExpression(node);
    ts.forEachChild(node, (child) => visit(child, titles, skipped || conditional));
  };
  visit(source, [], false);
  return found;
}
