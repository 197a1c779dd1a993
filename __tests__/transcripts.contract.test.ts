/**
 * Transcripts of whole runs of the shipped dist/: every request the service and GitHub received
 * (method, path, body) and the outputs, for a handful of scenarios, kept as snapshots. A change in
 * behaviour then shows as a diff to review, not only as a failed assertion. Ids, times and ports
 * differ from run to run, so they are replaced by stable names in order of appearance.
 */
import type { Emulator } from '../emulator/index.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import { webhookPayload, type RunOptions, type RunResult } from './support/runner.ts';
import { commentEvent, runAgainst, useServices } from './support/services.ts';

let emulator: Emulator;
let github: FakeGitHub;
useServices((started) => ({ emulator, github } = started));

function run(inputs: Record<string, string>, options: RunOptions = {}): Promise<RunResult> {
  return runAgainst({ emulator, github }, { ...options, inputs });
}

/** Replaces what differs between runs with names that keep equal things equal. */
function stable(value: unknown): unknown {
  const names = new Map<string, string>();
  const name = (kind: string, raw: string): string => {
    const key = `${kind}:${raw}`;
    if (!names.has(key))
      names.set(key, `<${kind}${[...names.keys()].filter((k) => k.startsWith(`${kind}:`)).length + 1}>`);
    return names.get(key) ?? raw;
  };
  const text = JSON.stringify(value)
    .replace(/job_[0-9a-f]{24}/g, (id) => name('job', id))
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, '<time>')
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/g, '<time>')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
    .replace(/sig=[0-9a-f]{32}/g, 'sig=<sig>')
    .replace(/_(Took|Working for) \d+[hms](?: \d+[hms])*/g, '_$1 <duration>')
    .replace(
      /\b(comments|c)(\/?)(\d{6,})\b/g,
      (_, kind: string, slash: string, id: string) => `${kind}${slash}${name('comment', id)}`,
    );
  return JSON.parse(text);
}

function transcript(result: RunResult): unknown {
  const parse = (body: string): unknown => {
    try {
      return JSON.parse(body);
    } catch {
      return body || undefined;
    }
  };
  return stable({
    exit: result.code,
    outputs: result.outputs,
    service: polls(emulator.requests.map((r) => ({ call: `${r.method} ${r.path}`, body: parse(r.body) }))),
    github: github.calls.map((c) => ({ call: `${c.method} ${c.path}${c.query ? `?${c.query}` : ''}`, body: c.body })),
  });
}

/**
 * How many times a job is read depends on the clock, and so does whether the agent's plan (v1) is
 * read between two reads of the job: a run of reads is one entry per path, in a fixed order.
 */
function polls(calls: { call: string; body: unknown }[]): { call: string; body?: unknown }[] {
  const out: { call: string; body?: unknown }[] = [];
  let reads = new Set<string>();
  const flush = (): void => {
    for (const call of [...reads].sort().reverse()) out.push({ call: `${call} (one or more times)` });
    reads = new Set();
  };
  for (const call of calls) {
    if (call.call.startsWith('GET ')) {
      reads.add(call.call);
      continue;
    }
    flush();
    out.push(call);
  }
  flush();
  return out;
}

describe('transcripts', () => {
  test('a step with a prompt', async () => {
    expect(transcript(await run({ prompt: 'Document the --verbose flag' }))).toMatchSnapshot();
  });

  test('a comment that asks, answered with a pull request', async () => {
    expect(
      transcript(await run({}, { event: commentEvent(github, '/docs document the --verbose flag') })),
    ).toMatchSnapshot();
  });

  test('a follow-up on the same issue', async () => {
    await run({}, { event: commentEvent(github, '/docs document the --verbose flag') });
    emulator.requests.length = 0;
    github.calls.length = 0;
    expect(transcript(await run({}, { event: commentEvent(github, '/docs and the -q flag') }))).toMatchSnapshot();
  });

  test('a commenter without the permission', async () => {
    github.setPermission('Codertocat', 'read');
    expect(transcript(await run({}, { event: commentEvent(github, '/docs document everything') }))).toMatchSnapshot();
  });

  test('a create that may have reached the service', async () => {
    emulator.inject({ route: 'create', afterProcessing: true, fault: { kind: 'status', status: 502 } });
    expect(transcript(await run({}, { event: commentEvent(github, '/docs document the flag') }))).toMatchSnapshot();
  });

  test('job-id picked up by a dispatched run with issue-number', async () => {
    emulator.configure({ durationMs: 0 });
    const first = await run({ prompt: 'Document the flag', wait: 'false' });
    emulator.requests.length = 0;
    const event = { name: 'workflow_dispatch', payload: webhookPayload('workflow_dispatch') };
    expect(
      transcript(await run({ 'job-id': first.outputs['job-id'] ?? '', 'issue-number': '1' }, { event })),
    ).toMatchSnapshot();
  });
});
