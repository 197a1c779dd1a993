// The table of outcomes (src/outcome/) is the only place a result is put into words. Every surface
// that words one is listed here and shown to read its kind's row: agent mode's places (the status
// output, log, job summary, progress comment, notification and reaction) in outcomes.test.ts;
// follow mode's check and comment, the sweep's summary, the command line's lines and exit codes,
// and ask mode's answers here. A row added to the table is checked on every surface at once.
import { ServiceError } from '../src/base/errors.ts';
import type { Clock } from '../src/base/clock.ts';
import { Display, type Io } from '../src/cli/display.ts';
import { EXIT } from '../src/outcome/exit.ts';
import { runJobCommand, type JobRequest } from '../src/cli/jobs.ts';
import { ANSWERS } from '../src/outcome/answers.ts';
import { OUTCOME_KINDS, type OutcomeKind } from '../src/outcome/outcome.ts';
import { OUTCOMES } from '../src/outcome/table.ts';
import { SWEEP_RESULTS, WORKING_SYMBOL } from '../src/outcome/words.ts';
import { failedVerdict, goesOnVerdict, unsentVerdict, verdictOf } from '../src/pulls/verdict.ts';
import type { AgentClient, Job } from '../src/service/client.ts';
import { writeSweepSummary } from '../src/sweep/summary.ts';
import { FakeRunner } from './support/fake-runner.ts';
import { render } from './support/render.ts';

/** The kinds each surface below is shown with; every kind of the table is on each (follow mode: see below). */
const shown: Record<string, Set<OutcomeKind>> = { follow: new Set(), cli: new Set() };

afterAll(() => {
  expect([...shown.follow!].sort()).toEqual([...OUTCOME_KINDS].sort());
  expect([...shown.cli!].sort()).toEqual([...OUTCOME_KINDS].sort());
});

describe("follow mode's check title, conclusion and comment symbol", () => {
  const job = (fields: Partial<Job>): Job => ({ id: 'j', status: 'completed', prLink: null, ...fields });
  const row = (kind: OutcomeKind, reason?: string, refusedLink?: string) => ({
    line: OUTCOMES[kind].check.title({ prNumber: '7', reason, refusedLink }),
    conclusion: OUTCOMES[kind].check.conclusion,
    symbol: OUTCOMES[kind].symbol,
  });

  test.each([
    ['pull-request', verdictOf(job({ prLink: 'https://github.com/a/b/pull/7', prNumber: '7' }), undefined), undefined],
    ['no-change', verdictOf(job({}), { messageToUser: 'Nothing to\nchange.' }), 'Nothing to change.'],
    ['no-change', verdictOf(job({}), undefined), undefined],
    ['failed', verdictOf(job({ status: 'failed' }), { messageToUser: 'No repo' }), 'No repo'],
    ['archived', verdictOf(job({ status: 'archived' }), undefined), undefined],
    ['started', verdictOf(job({ status: 'active' }), undefined), undefined],
    ['started', goesOnVerdict(false), undefined],
    ['timed-out', goesOnVerdict(true), undefined],
    ['error', failedVerdict('the service refused the key'), 'the service refused the key'],
  ] as const)('%s', (kind, verdict, reason) => {
    shown.follow!.add(kind);
    expect(verdict).toEqual(row(kind, reason));
  });

  test('cancelled: a round that stopped waiting reads as a timed-out one; one cancelled before its create, the row without a job', () => {
    shown.follow!.add('cancelled');
    const { check, symbol } = OUTCOMES.cancelled;
    expect(check.title({ prNumber: '7', reason: undefined })).toBe(goesOnVerdict(true).line);
    expect(check.conclusion).toBeUndefined();
    expect(unsentVerdict()).toEqual({
      line: check.unsent?.title({ prNumber: '', reason: undefined }),
      conclusion: 'neutral',
      symbol,
    });
    expect(unsentVerdict().line).toBe(
      'cancelled before the job was created: nothing was sent; the next push creates it',
    );
    expect(unsentVerdict(true).line).toBe(
      'cancelled before the follow-up was sent: nothing was sent; the next push sends it',
    );
  });

  test('a link the run cannot vouch for: the no-change row names it as text, with why, never as a docs PR', () => {
    const verdict = verdictOf(job({ rejectedPrLink: 'https://github.com/a/b/pull/2', prLinkProblem: 'is refused' }), {
      messageToUser: 'Opened a PR.',
    });
    const refused = 'the link it reported is refused, so it was not used: https://github.com/a/b/pull/2';
    expect(verdict).toEqual(row('no-change', 'Opened a PR.', refused));
    expect(verdict.line).toBe(`done, without a pull request link this action can vouch for: ${refused}`);
  });

  test('a job still working shows the working symbol, and "stopped waiting" another', () => {
    expect(goesOnVerdict(true).symbol).not.toBe(WORKING_SYMBOL);
    expect(goesOnVerdict(true).line).toBe('working: this run stopped waiting');
    expect(goesOnVerdict(false).line).toBe('working');
  });
});

test("the sweep's summary words each result in a row's symbol", async () => {
  const runner = new FakeRunner();
  const kinds = Object.keys(SWEEP_RESULTS) as (keyof typeof SWEEP_RESULTS)[];
  const rows = kinds.map((kind, index) => ({
    item: { number: index + 1, pullRequest: false, state: 'open' as const, updatedAt: '' },
    finisher: 'agent',
    kind,
    jobId: `job_${index}`,
    detail: 'detail',
  }));
  await writeSweepSummary(runner.summary(), { rows, left: 0, elapsedMs: 1 });
  const shown = render(runner.summaries[0] ?? '').text;
  for (const kind of kinds) expect(shown).toContain(SWEEP_RESULTS[kind]);
  const symbols = [...OUTCOME_KINDS.map((kind) => OUTCOMES[kind].symbol), WORKING_SYMBOL];
  for (const words of Object.values(SWEEP_RESULTS)) expect(symbols).toContain(words.split(' ')[0]);
});

describe('the command line: each kind its lines and its exit code', () => {
  function io(): Io & { out: () => string; err: () => string } {
    let out = '';
    let err = '';
    return {
      stdout: { write: (text: string) => (out += text) },
      stderr: { write: (text: string) => (err += text) },
      env: {},
      out: () => out,
      err: () => err,
    };
  }
  /** A clock whose sleeps pass at once: --timeout is reached without waiting for real. */
  function fakeClock(): Clock {
    let now = 0;
    return { now: () => now, random: () => 0, sleep: async (ms) => void (now += ms) };
  }
  async function status(job: Job | Error, options: { wait?: boolean; signal?: AbortSignal } = {}) {
    const client = {
      getJob: () => (job instanceof Error ? Promise.reject(job) : Promise.resolve(job)),
      getSession: () => Promise.resolve({}),
    } as unknown as AgentClient;
    const streams = io();
    const request: JobRequest = { kind: 'status', id: 'job_1' };
    const code = await runJobCommand(request, {
      client,
      display: new Display(streams, 'plain', () => 0),
      clock: fakeClock(),
      signal: options.signal ?? new AbortController().signal,
      timeoutMs: 1_000,
      wait: options.wait === true,
      schedule: { firstMs: 100, factor: 1, minMs: 100, maxMs: 100 },
      backoff: { minMs: 0, maxMs: 0 },
      notFoundGraceMs: 0,
    });
    return { code, out: streams.out(), err: streams.err() };
  }
  const facts = {
    id: 'job_1',
    waited: '',
    status: 'active',
    prLink: 'https://github.com/a/b/pull/7',
    command: 'docs-agent',
  };
  const expectRow = (kind: OutcomeKind, said: { code: number; out: string; err: string }, waited = '') => {
    shown.cli!.add(kind);
    const { cli } = OUTCOMES[kind];
    const lines = cli.lines({ ...facts, waited });
    expect(said.code).toBe(cli.exit);
    for (const line of lines) expect((cli.stderr ? said.err : said.out).split('\n')).toContain(line);
  };

  test.each([
    ['pull-request', { id: 'job_1', status: 'completed', prLink: facts.prLink, prNumber: '7' }],
    ['no-change', { id: 'job_1', status: 'completed', prLink: null }],
    ['failed', { id: 'job_1', status: 'failed', prLink: null }],
    ['archived', { id: 'job_1', status: 'archived', prLink: null }],
    ['started', { id: 'job_1', status: 'active', prLink: null }],
  ] as const)('%s', async (kind, job) => {
    expectRow(kind, await status(job));
  });

  test('timed-out', async () => {
    expectRow('timed-out', await status({ id: 'job_1', status: 'active', prLink: null }, { wait: true }), '0s');
  });

  test('cancelled', async () => {
    const stop = new AbortController();
    stop.abort();
    expectRow('cancelled', await status({ id: 'job_1', status: 'active', prLink: null }, { signal: stop.signal }));
  });

  test('error', async () => {
    const said = await status(new ServiceError('The service answered HTTP 401.', 'http', { status: 401 }));
    shown.cli!.add('error');
    expect(said.code).toBe(OUTCOMES.error.cli.exit);
    expect(said.err).toContain('The service answered HTTP 401.');
  });

  test('the exit codes a CI script branches on stay apart', () => {
    const codes = new Set(OUTCOME_KINDS.map((kind) => OUTCOMES[kind].cli.exit));
    expect(codes).toEqual(new Set([EXIT.done, EXIT.failed, EXIT.timedOut, EXIT.interrupted, EXIT.unreachable]));
  });
});

test("ask mode's answers: status, success and exit code from one row each", () => {
  expect(ANSWERS.answered).toMatchObject({ status: 'answered', ok: true, exit: EXIT.done });
  expect(ANSWERS.answered.message({ where: ' on #3', sources: 1, reason: '' })).toBe('Answered on #3 from 1 source.');
  expect(ANSWERS.incomplete).toMatchObject({ status: 'failed', ok: false, exit: EXIT.failed });
  expect(ANSWERS.unanswered.message({ where: '', sources: 0, reason: 'HTTP 503' })).toBe('No answer: HTTP 503');
});
