import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  TABLE_FILES,
  TABLE_NAMES,
  firstSentence,
  markedBlock,
  outdatedTables,
  readSection,
  renderTables,
  updateReadme,
} from '../scripts/readme-tables.ts';
import { parse } from 'yaml';
import { render } from './support/render.ts';
import { webhookPayload } from './support/runner.ts';
import type { GitHubEvent } from '../src/github/event.ts';
import type { Settings } from '../src/agent/inputs.ts';
import { decideTrigger } from '../src/github/trigger.ts';

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
  test('are in the README (compact) and in docs/inputs.md (whole)', () => {
    expect(TABLE_FILES).toEqual([
      { path: 'README.md', style: 'compact' },
      { path: 'docs/inputs.md', style: 'full' },
    ]);
  });

  test.each(TABLE_FILES.flatMap(({ path, style }) => TABLE_NAMES.map((name) => [path, name, style] as const)))(
    '%s: the %s table matches action.yml',
    (path, name, style) => {
      const section = readSection(read(path), name);
      // The message says how to fix it; the equality below shows the difference.
      expect(section === undefined ? `missing markers: run 'npm run readme' after adding them` : section).toBe(
        markedBlock(renderTables(read('action.yml'), style)[name]),
      );
    },
  );

  // What a reader sees: every description as written in action.yml (code spans show without their
  // backticks), none of it swallowed as HTML (`<owner>`) or split by a pipe.
  test.each(TABLE_FILES)('$path shows every description as action.yml writes it', ({ path, style }) => {
    const seen = render(read(path)).text;
    const action = parse(read('action.yml')) as Record<'inputs' | 'outputs', Record<string, { description: string }>>;
    const missing = [...Object.values(action.inputs), ...Object.values(action.outputs)]
      .map(({ description }) => description.replace(/\s+/g, ' ').trim())
      .map((description) => (style === 'compact' ? firstSentence(description) : description).replace(/`/g, ''))
      .filter((description) => !seen.includes(description));
    expect(missing).toEqual([]);
  });

  test('the compact tables keep the first sentence and say required in the default column', () => {
    const compact = renderTables(SAMPLE, 'compact');
    expect(compact.inputs).toBe(
      [
        '| Name | Default | Description |',
        '| --- | --- | --- |',
        '| `wait` | `true` | Wait for the job to end: true \\| false. |',
        '| `prompt` | required | The instruction. |',
        "| `issue-number` | `''` | Where to report. |",
      ].join('\n'),
    );
    expect(
      renderTables(
        `outputs:\n  pr-link:\n    description: The link, https://x.example/pull/1. Empty else.\n`,
        'compact',
      ).outputs,
    ).toBe(
      ['| Name | Description |', '| --- | --- |', '| `pr-link` | The link, https://x.example/pull/1. |'].join('\n'),
    );
  });

  test.each([
    ['One. Two.', 'One.'],
    ['At https://api.example.com. Then', 'At https://api.example.com.'],
    ['Ends without a stop', 'Ends without a stop'],
    ['Asks "why?" Then more.', 'Asks "why?"'],
    ['A value (1.5 or 2). More.', 'A value (1.5 or 2).'],
    ["Letters, '_', '.' and '-', at most 8. More.", "Letters, '_', '.' and '-', at most 8."],
  ])('the first sentence of %j is %j', (text, first) => {
    expect(firstSentence(text)).toBe(first);
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

describe("docs/usage.md's event table", () => {
  // Each row of "Which events do what", checked against the trigger rules themselves: a table that
  // promises what the code does not do fails here.
  const rows = (() => {
    const block = /<!-- events:start -->([\s\S]*?)<!-- events:end -->/.exec(read('docs/usage.md'))?.[1] ?? '';
    return block
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| Event') && !line.startsWith('| ---'))
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .map(([, events = '', starts = '', checked = '']) => ({
        events: [...events.matchAll(/`([a-z_]+)`/g)].map((m) => m[1] ?? ''),
        starts,
        checked,
        withJobId: events.includes('`job-id`'),
      }));
  })();

  const base = {
    prompt: '',
    triggerPhrase: '/docs',
    triggerLabel: 'docs',
    allowEdits: false,
    documentMergedPullRequests: false,
    issueNumber: undefined,
    jobId: '',
  } as unknown as Settings;

  /** A real payload for the event, edited so that it asks for work the way the row says. */
  function asking(name: string): GitHubEvent {
    // pull_request_target carries the pull_request payload; GitHub has no schedule example.
    const source = name === 'pull_request_target' ? 'pull_request' : name;
    const action = { issue_comment: 'created', issues: 'opened', pull_request: 'closed' }[source];
    const payload: Record<string, any> =
      name === 'schedule' ? { schedule: '17 6 * * 1' } : webhookPayload(source, action);
    if (name === 'issue_comment') payload.comment.body = '/docs document the flag';
    if (name === 'issues') payload.issue.body = '/docs document the flag';
    if (name.startsWith('pull_request')) payload.pull_request.merged = true;
    return { name, payload, repository: { owner: 'Codertocat', repo: 'Hello-World' } };
  }

  test('lists every kind of event the rules know', () => {
    expect(rows.flatMap((row) => row.events)).toEqual(
      expect.arrayContaining(['issue_comment', 'issues', 'pull_request', 'workflow_dispatch', 'schedule', 'push']),
    );
  });

  test.each([
    'issue_comment',
    'issues',
    'pull_request',
    'pull_request_target',
    'workflow_dispatch',
    'schedule',
    'push',
    'release',
    'workflow_run',
  ])('%s behaves as its row says', (name) => {
    const row =
      rows.find((r) => !r.withJobId && r.events.includes(name)) ??
      rows.find((r) => r.starts === '`prompt`' && r.checked === 'The sender');
    expect(row).toBeDefined();
    const needsPrompt = row!.starts.startsWith('`prompt`') || row!.starts.endsWith('else `prompt`');
    const settings = {
      ...base,
      documentMergedPullRequests: row!.starts.includes('document-merged-pull-requests'),
    };
    if (needsPrompt && !row!.starts.includes('document-merged-pull-requests')) {
      expect(decideTrigger(asking(name), settings).kind).toBe(
        name === 'workflow_dispatch' || name === 'schedule' ? 'run' : 'skip',
      );
    }
    const trigger = decideTrigger(asking(name), { ...settings, prompt: 'Document it' });
    expect(trigger.kind).toBe('run');
    const checksSomeone = !row!.checked.startsWith('Nobody');
    expect(trigger.kind === 'run' && trigger.requester !== undefined).toBe(checksSomeone);
  });

  test('with job-id, any event follows the job and checks nobody', () => {
    const row = rows.find((r) => r.withJobId);
    expect(row?.checked).toMatch(/^Nobody/);
    for (const name of ['issue_comment', 'push', 'pull_request_target', 'workflow_dispatch']) {
      const trigger = decideTrigger(asking(name), { ...base, jobId: 'job_1' });
      expect(trigger).toMatchObject({ kind: 'run', request: '' });
      expect(trigger).not.toHaveProperty('requester');
    }
  });
});
