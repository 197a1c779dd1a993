// The import graph of a folder as TypeScript resolves it (__tests__/layers.test.ts checks it for
// cycles): every import, export-from, dynamic import and require of each file, resolved as tsc
// resolves it with tsconfig.json. It runs in a worker thread (support/in-worker.ts): there Node loads
// TypeScript's 9 MB itself, where jest took 1.5 s of CPU to scan and compile it for one test.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Each file of `dir` (from the repository's root) with the files of `dir` it imports. */
export function importGraph(dir: string): Map<string, string[]> {
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
