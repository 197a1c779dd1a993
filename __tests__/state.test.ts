// The step record (src/step/state.ts) and the runner port's writes to the runner's files.
import * as core from '@actions/core';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coreRunner } from '../src/step/runner.ts';
import { StepRecord } from '../src/step/state.ts';
import { scratchDir } from './support/scratch.ts';
import { FakeRunner } from './support/fake-runner.ts';
import { parseFileCommands } from './support/runner.ts';

describe('StepRecord', () => {
  test('writes the outputs once: the first report of a run stands', () => {
    const runner = new FakeRunner();
    const record = new StepRecord(runner);
    record.writeOutputs({
      status: 'completed',
      jobId: 'job_1',
      prLink: 'https://github.com/o/r/pull/2',
      prNumber: '2',
    });
    record.writeOutputs({ status: 'error' });
    expect(runner.outputs).toEqual({
      status: 'completed',
      'job-id': 'job_1',
      'pr-link': 'https://github.com/o/r/pull/2',
      'pr-number': '2',
    });
  });

  test('refuses a fixed-form output that is not its grammar, with a warning, and writes the rest', () => {
    const runner = new FakeRunner();
    new StepRecord(runner, ['github.com']).writeOutputs({
      status: 'completed',
      jobId: 'job_1',
      prLink: 'https://github.com/acme/docs/pull/1$(touch$IFS/tmp/PWNED)',
      prNumber: '1;id',
      threadId: '::error::x',
      sources: '["https://docs.example.com/deploy#x##[error]boom"]',
      message: 'Free text: $(this) is text, made inert elsewhere.',
    });
    expect(runner.outputs).toEqual({
      status: 'completed',
      'job-id': 'job_1',
      message: 'Free text: $(this) is text, made inert elsewhere.',
    });
    const warnings = runner.messages('warning');
    for (const name of ['pr-link', 'pr-number', 'thread-id', 'sources']) {
      expect(warnings).toContainEqual(expect.stringContaining(`The '${name}' output was not set`));
    }
  });

  test('takes back no saved final view whose job id or link is not their grammar', () => {
    const view = { state: 'pull-request', jobId: 'job_1', triggers: ['c1'], startedAt: '2026-01-01T00:00:00Z' };
    const read = (saved: object) =>
      new StepRecord(new FakeRunner({ issueNumber: '4', finalView: JSON.stringify(saved) })).unfinishedProgress()
        ?.finalView;
    expect(read({ ...view, prLink: 'https://github.com/acme/docs/pull/1' })?.prLink).toBe(
      'https://github.com/acme/docs/pull/1',
    );
    expect(read({ ...view, prLink: 'https://github.com/acme/docs/pull/1$(id)' })?.prLink).toBeUndefined();
    expect(read({ ...view, jobId: 'job_1$(id)' })).toBeUndefined();
  });

  test('gives the post step back what the main step saved', () => {
    const main = new FakeRunner();
    const saved = new StepRecord(main);
    saved.saveJob('job_7');
    saved.saveProgress(12, { triggers: ['c1', 'r2'], startedAt: '2026-11-24T10:00:00.000Z', open: 'octocat' });
    saved.saveComment(99);
    const view = {
      state: 'pull-request' as const,
      jobId: 'job_7',
      triggers: ['c1'],
      startedAt: 'x',
      prLink: 'https://github.com/o/r/pull/3',
    };
    saved.saveFinalView(view);

    const post = new StepRecord(new FakeRunner(main.state));
    expect(post.unfinishedProgress()).toEqual({
      issueNumber: 12,
      triggers: ['c1', 'r2'],
      startedAt: '2026-11-24T10:00:00.000Z',
      open: 'octocat',
      sweep: false,
      commentId: 99,
      jobId: 'job_7',
      finalView: expect.objectContaining(view),
    });
  });

  test('has nothing for the post step once the comment is finished, or without an issue', () => {
    expect(new StepRecord(new FakeRunner({ issueNumber: '3', finished: 'true' })).unfinishedProgress()).toBeUndefined();
    expect(new StepRecord(new FakeRunner({ jobId: 'job_1' })).unfinishedProgress()).toBeUndefined();
    expect(new StepRecord(new FakeRunner({ issueNumber: '-1' })).unfinishedProgress()).toBeUndefined();
  });

  test.each([
    ['not JSON', '{'],
    // Which words are states is the mode's (progressWords refuses 'working-ish': outcomes.test.ts).
    ['a state that is no fixed word', JSON.stringify({ state: 'failed <b>', jobId: 'j' })],
    ['no job id', JSON.stringify({ state: 'failed' })],
  ])('ignores a saved final view that is %s', (_name, raw) => {
    const record = new StepRecord(new FakeRunner({ issueNumber: '4', finalView: raw }));
    expect(record.unfinishedProgress()?.finalView).toBeUndefined();
  });

  test('gives the post step the run record the main step saved, and nothing malformed', () => {
    const main = new FakeRunner();
    const entry = {
      sha: 'a'.repeat(40),
      context: 'docs-agent-action (run 1, ab)',
      description: 'job=j sig=s',
      jobId: 'j',
    };
    new StepRecord(main).saveRunRecord(entry);
    expect(new StepRecord(new FakeRunner(main.state)).runRecord()).toEqual(entry);
    expect(new StepRecord(new FakeRunner()).runRecord()).toBeUndefined();
    expect(new StepRecord(new FakeRunner({ runRecord: '{' })).runRecord()).toBeUndefined();
    expect(new StepRecord(new FakeRunner({ runRecord: '{"sha":1}' })).runRecord()).toBeUndefined();
  });

  test('keeps only the well-formed steps of a saved view', () => {
    const raw = JSON.stringify({
      state: 'failed',
      jobId: 'j',
      steps: [{ content: 'Write', status: 'completed' }, { content: 'Bad', status: 'exploded' }, 'text'],
    });
    const record = new StepRecord(new FakeRunner({ issueNumber: '4', finalView: raw }));
    expect(record.unfinishedProgress()?.finalView?.steps).toEqual([{ content: 'Write', status: 'completed' }]);
  });
});

describe('coreRunner', () => {
  const saved = { state: process.env.GITHUB_STATE, output: process.env.GITHUB_OUTPUT };
  afterEach(() => {
    for (const [name, value] of [
      ['GITHUB_STATE', saved.state],
      ['GITHUB_OUTPUT', saved.output],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  function runnerFile(variable: 'GITHUB_STATE' | 'GITHUB_OUTPUT'): string {
    const file = join(scratchDir('docs-agent-files-'), variable);
    writeFileSync(file, '');
    process.env[variable] = file;
    return file;
  }

  test("saves state into the runner's file, a value with a line break included", () => {
    const file = runnerFile('GITHUB_STATE');
    const runner = coreRunner(core);
    runner.saveState('isPost', 'true');
    runner.saveState('finalView', '{"message":"two\nlines"}');
    expect(parseFileCommands(readFileSync(file, 'utf8'))).toEqual({
      isPost: 'true',
      finalView: '{"message":"two\nlines"}',
    });
  });

  test("writes outputs into the runner's file, a value with a line break included", () => {
    const file = runnerFile('GITHUB_OUTPUT');
    const runner = coreRunner(core);
    runner.setOutput('pr-link', 'https://github.com/o/r/pull/1?a=b<<c');
    runner.setOutput('answer', 'one\ntwo');
    const text = readFileSync(file, 'utf8');
    expect(parseFileCommands(text)).toEqual({ 'pr-link': 'https://github.com/o/r/pull/1?a=b<<c', answer: 'one\ntwo' });
  });
});
