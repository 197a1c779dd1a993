// Every workflow snippet we show (README.md, docs/, examples/) passes outputs and event text to a
// script through `env:`, never as `${{ … }}` inside `run:`: GitHub pastes an expression into the
// script before the shell reads it, so a value such as `…/pull/1$(touch /tmp/x)` would run.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Files under `dir` (relative to the root) whose name matches, recursively; none if it does not exist. */
function filesUnder(dir: string, pattern: RegExp): string[] {
  const full = join(ROOT, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full)
    .sort()
    .flatMap((name) => {
      const path = join(full, name);
      if (statSync(path).isDirectory()) return filesUnder(relative(ROOT, path), pattern);
      return pattern.test(name) ? [relative(ROOT, path)] : [];
    });
}

interface Snippet {
  where: string;
  yaml: string;
}

/** The YAML code blocks of a markdown file (``` or ~~~ fences with a yaml or yml info string). */
function yamlBlocks(file: string): Snippet[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const blocks: Snippet[] = [];
  const fence = /^ {0,3}(`{3,}|~{3,})[ \t]*ya?ml\b[^\n]*\n([\s\S]*?)^ {0,3}\1[`~]*[ \t]*$/gm;
  for (const match of text.matchAll(fence)) {
    const line = text.slice(0, match.index).split('\n').length;
    blocks.push({ where: `${file}:${line}`, yaml: match[2] ?? '' });
  }
  return blocks;
}

function snippets(): Snippet[] {
  const markdown = ['README.md', ...filesUnder('docs', /\.md$/)].flatMap(yamlBlocks);
  const workflows = filesUnder('examples', /\.ya?ml$/).map((file) => ({
    where: file,
    yaml: readFileSync(join(ROOT, file), 'utf8'),
  }));
  return [...markdown, ...workflows];
}

/** Every `run:` script in a parsed document, wherever it sits (steps of jobs, or a bare list of steps). */
function runScripts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(runScripts);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'run' && typeof inner === 'string' ? [inner] : runScripts(inner),
  );
}

/** What is wrong with a `run:` script: each `${{ … }}` expression in it. */
export function expressionsIn(script: string): string[] {
  return Array.from(script.matchAll(/\$\{\{[\s\S]*?(?:\}\}|$)/g), (match) => match[0]);
}

function scriptsOf(snippet: Snippet): string[] {
  const documents = parseAllDocuments(snippet.yaml);
  for (const document of documents) {
    if (document.errors.length > 0) throw new Error(`${snippet.where}: ${document.errors[0]?.message ?? 'bad YAML'}`);
  }
  return documents.flatMap((document) => runScripts(document.toJS()));
}

describe('workflow snippets', () => {
  const all = snippets();

  test('are found in the README, docs/ and the examples', () => {
    expect(all.filter((snippet) => snippet.where.startsWith('README.md')).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((snippet) => /^(README|docs\/)/.test(snippet.where)).length).toBeGreaterThanOrEqual(6);
    expect(all.filter((snippet) => snippet.where.startsWith('examples/')).length).toBeGreaterThanOrEqual(5);
    expect(all.flatMap(scriptsOf).length).toBeGreaterThan(0);
  });

  test('the check finds an expression in a run: script, in any form', () => {
    const bad = [
      '- run: \'echo "Pull request: ${{ steps.docs.outputs.pr-link }}"\'',
      'jobs:\n  x:\n    steps:\n      - run: |\n          echo ok\n          echo "${{github.event.comment.body}}"',
      '- name: n\n  run: echo ${{ needs.docs.outputs.answer }}',
      '- run: echo "${{ inputs.prompt }}"',
    ];
    for (const yaml of bad) {
      const scripts = scriptsOf({ where: 'sample', yaml });
      expect(scripts.flatMap(expressionsIn)).toHaveLength(1);
    }
    expect(
      scriptsOf({ where: 'sample', yaml: '- run: echo "$PR_LINK"\n  env:\n    PR_LINK: ${{ x }}' }).flatMap(
        expressionsIn,
      ),
    ).toEqual([]);
  });

  test.each(all.map((snippet) => [snippet.where, snippet] as const))(
    '%s puts no ${{ }} expression inside run:',
    (_where, snippet) => {
      const found = scriptsOf(snippet).flatMap(expressionsIn);
      // Pass the value through env: and use "$NAME" in the script.
      expect(found).toEqual([]);
    },
  );
});
