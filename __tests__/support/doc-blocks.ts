/**
 * The fenced code blocks of our own Markdown files (README.md, CONTRIBUTING.md, docs/), for tests
 * that check what the documentation tells people to copy: workflows and commands.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './runner.ts';

export interface CodeBlock {
  /** 'README.md:81': the file and the line of the opening fence. */
  where: string;
  /** The info string's first word, lower-cased: 'yaml', 'sh', '' when there is none. */
  lang: string;
  text: string;
}

/** README.md, CONTRIBUTING.md and every Markdown file under docs/, relative to the repository. */
export function documentationFiles(): string[] {
  const docs = existsSync(join(ROOT, 'docs'))
    ? readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => `docs/${name}`)
    : [];
  return ['README.md', 'CONTRIBUTING.md', ...docs].filter((file) => existsSync(join(ROOT, file)));
}

/**
 * Fenced blocks as CommonMark delimits them: an opening fence of three or more backticks or tildes
 * indented at most three spaces, closed by a fence of the same character at least as long (or the
 * end of the file). Indented code blocks are not used in our documentation.
 */
export function codeBlocks(file: string): CodeBlock[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/.exec(lines[i] ?? '');
    if (!open) continue;
    const fence = open[1] ?? '```';
    const start = i;
    const body: string[] = [];
    const closes = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    while (++i < lines.length && !closes.test(lines[i] ?? '')) body.push(lines[i] ?? '');
    blocks.push({ where: `${file}:${start + 1}`, lang: (open[2] ?? '').toLowerCase(), text: body.join('\n') });
  }
  return blocks;
}
