import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  TABLE_NAMES,
  markedBlock,
  outdatedTables,
  readSection,
  renderTables,
  updateReadme,
} from '../scripts/readme-tables.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

const SAMPLE = `
inputs:
  wait:
    description: >-
      Wait for the job
      to end: true | false.
    default: 'true'
  prompt:
    description: The instruction.
    required: true
  issue-number:
    description: Where to report.
    default: ''
outputs:
  status:
    description: The last status.
`;

describe('README tables', () => {
  test.each(TABLE_NAMES)('README %s table matches action.yml', (name) => {
    const readme = read('README.md');
    const section = readSection(readme, name);
    // The message says how to fix it; the equality below shows the difference.
    expect(section === undefined ? `missing markers: run 'npm run readme' after adding them` : section).toBe(
      markedBlock(renderTables(read('action.yml'))[name]),
    );
  });

  test('lists every input with default and required', () => {
    expect(renderTables(SAMPLE).inputs).toBe(
      [
        '| Name | Description | Default | Required |',
        '| --- | --- | --- | --- |',
        '| `wait` | Wait for the job to end: true \\| false. | `true` | no |',
        '| `prompt` | The instruction. | | yes |',
        "| `issue-number` | Where to report. | `''` | no |",
      ].join('\n'),
    );
  });

  test('lists every output', () => {
    expect(renderTables(SAMPLE).outputs).toBe(
      ['| Name | Description |', '| --- | --- |', '| `status` | The last status. |'].join('\n'),
    );
  });

  test('rewrites only the marked sections', () => {
    const readme = [
      '# Title',
      '<!-- inputs:start -->',
      'stale',
      '<!-- inputs:end -->',
      'Prose stays.',
      '<!-- outputs:start --><!-- outputs:end -->',
      '',
    ].join('\n');
    const tables = renderTables(SAMPLE);
    const updated = updateReadme(readme, tables);
    expect(updated).toBe(
      [
        '# Title',
        `<!-- inputs:start -->${markedBlock(tables.inputs)}<!-- inputs:end -->`,
        'Prose stays.',
        `<!-- outputs:start -->${markedBlock(tables.outputs)}<!-- outputs:end -->`,
        '',
      ].join('\n'),
    );
    expect(outdatedTables(readme, tables)).toEqual(['inputs', 'outputs']);
    expect(outdatedTables(updated, tables)).toEqual([]);
  });

  test('refuses a README without markers', () => {
    expect(() => updateReadme('# Title\n<!-- inputs:start -->\n', renderTables(SAMPLE))).toThrow(
      /README.md needs exactly one '<!-- inputs:start -->' followed by one '<!-- inputs:end -->'/,
    );
  });
});
