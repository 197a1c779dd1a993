import type { Job, Session } from '../src/service/client.ts';
import type { PlanStep } from '../src/base/constants.ts';
import { ServiceError } from '../src/base/errors.ts';
import { MAX_EDITS, LiveProgress, type LivePlan } from '../src/agent/live-progress.ts';
import { renderProgress } from '../src/github/progress-view.ts';
import { progressWords } from '../src/step/progress-words.ts';
import type { ProgressFacts } from '../src/step/state.ts';
import { FakeClock, memoryLogger } from './support/fake-clock.ts';
import { TIMINGS } from '../src/step/timings.ts';

const running: Job = { id: 'job_1', status: 'active', prLink: null };

/** A plan of `count` steps of which `done` are completed and the next is in progress. */
function planAt(done: number, count = 5): PlanStep[] {
  return Array.from({ length: count }, (_, i) => ({
    content: `step ${i + 1}`,
    status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending',
  }));
}

function setUp(session: (now: number) => Session | Error) {
  const clock = new FakeClock();
  const log = memoryLogger();
  const reads: number[] = [];
  const edits: { at: number; plan: LivePlan }[] = [];
  const live = new LiveProgress({
    client: {
      getSession: async () => {
        reads.push(clock.now());
        const answer = session(clock.now());
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
    jobId: 'job_1',
    clock,
    log,
    limits: TIMINGS.live,
    startedAt: clock.now(),
    show: async (plan) => void edits.push({ at: clock.now(), plan }),
  });
  /** Polls every `everyMs` for `forMs`, as the wait loop does. */
  const poll = async (everyMs: number, forMs: number, job = running) => {
    for (const end = clock.now() + forMs; clock.now() < end;) {
      await clock.sleep(everyMs);
      await live.onPoll(job);
    }
  };
  return { clock, log, reads, edits, live, poll };
}

describe('live progress', () => {
  test('a plan that changes all the time is shown within the bound', async () => {
    // A new step every 5 s, polled every 3 s for two hours.
    const { clock, reads, edits, poll } = setUp((now) => ({
      title: 'Document the flag',
      todos: planAt(Math.floor((now - Date.UTC(2026, 10, 21)) / 5_000) % 5),
    }));
    await poll(3_000, 2 * 3_600_000);
    expect(edits.length).toBe(MAX_EDITS);
    for (let i = 1; i < edits.length; i++) {
      expect((edits[i]?.at ?? 0) - (edits[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(TIMINGS.live.editEveryMs);
    }
    for (let i = 1; i < reads.length; i++) {
      expect((reads[i] ?? 0) - (reads[i - 1] ?? 0)).toBeGreaterThanOrEqual(TIMINGS.live.readEveryMs);
    }
    // Never more than one session read per poll: 2 h of 3 s polls, reads every 21 s.
    expect(reads.length).toBeLessThanOrEqual(Math.ceil((2 * 3_600_000) / 21_000) + 1);
    expect(clock.now()).toBeGreaterThan(0);
  });

  test('edits only when the title or the plan changed', async () => {
    let session: Session = { todos: planAt(0, 3) };
    const { edits, poll } = setUp(() => session);
    await poll(5_000, 120_000);
    expect(edits).toHaveLength(1);
    session = { title: 'Now titled', todos: planAt(0, 3) };
    await poll(5_000, 120_000);
    expect(edits).toHaveLength(2);
    expect(edits[1]?.plan).toMatchObject({ title: 'Now titled', steps: planAt(0, 3) });
    expect(edits[1]?.plan.elapsedMs).toBeGreaterThan(120_000);
  });

  test('a change inside the edit interval is shown once the interval has passed', async () => {
    let done = 0;
    const { edits, poll } = setUp(() => ({ todos: planAt(done, 3) }));
    // The first edit waits a full interval after the working comment was written.
    await poll(21_000, 21_000);
    expect(edits).toHaveLength(0);
    await poll(21_000, 21_000);
    expect(edits.map((edit) => edit.at - Date.UTC(2026, 10, 21))).toEqual([42_000]);
    done = 1;
    await poll(21_000, 21_000);
    expect(edits.map((edit) => edit.plan.steps?.[0]?.status)).toEqual(['in_progress']);
    await poll(21_000, 21_000);
    expect(edits.map((edit) => edit.plan.steps?.[0]?.status)).toEqual(['in_progress', 'completed']);
  });

  test('a 404 ends the reading: the endpoint is gone, the run goes on as without it', async () => {
    const { reads, edits, live, poll } = setUp(() => new ServiceError('gone', 'http', { status: 404 }));
    await poll(5_000, 600_000);
    expect(reads).toHaveLength(1);
    expect(edits).toHaveLength(0);
    await expect(live.final()).resolves.toBeUndefined();
    expect(reads).toHaveLength(1);
  });

  test('other failures are read past, and the last session seen is kept', async () => {
    let fail = false;
    const { reads, live, poll } = setUp(() =>
      fail ? new ServiceError('busy', 'http', { status: 503 }) : { title: 'T' },
    );
    await poll(5_000, 30_000);
    fail = true;
    await poll(5_000, 60_000);
    expect(reads.length).toBeGreaterThan(2);
    expect(live.session).toEqual({ title: 'T' });
    await expect(live.final()).resolves.toEqual({ title: 'T' });
  });

  test('a heartbeat about once a minute, with the steps done', async () => {
    const { log, poll } = setUp(() => ({ todos: planAt(3, 5) }));
    await poll(7_000, 5 * 60_000);
    const beats = log.lines.filter((line) => line.includes('still active'));
    expect(beats.length).toBeGreaterThanOrEqual(4);
    expect(beats.length).toBeLessThanOrEqual(5);
    expect(beats[0]).toMatch(/^info: Job job_1 still active after 1m \d+s, 3 of 5 steps done\.$/);
  });

  test('nothing is read once the job ended: the final word reads it once', async () => {
    const { reads, poll, live } = setUp(() => ({ messageToUser: 'Done' }));
    await poll(5_000, 60_000, { ...running, status: 'completed' });
    expect(reads).toHaveLength(0);
    await expect(live.final()).resolves.toEqual({ messageToUser: 'Done' });
  });
});

describe('rendering the plan', () => {
  const scope = { key: 'svc_key', repository: 'o/r', issueNumber: 1 };
  const base: ProgressFacts = { state: 'working', jobId: 'job_1', triggers: ['c1'], startedAt: '2026-11-21T10:03:00Z' };
  // The comment as the run writes it: the facts in the words of outcomes.ts, laid out by progress-view.ts.
  const renderFacts = (facts: ProgressFacts, scope: Parameters<typeof renderProgress>[1]): string => {
    const view = progressWords(facts, undefined);
    if (!view) throw new Error(`no words for ${facts.state}`);
    return renderProgress(view, scope);
  };

  test('while working: title, steps by status, elapsed time', () => {
    const body = renderFacts(
      {
        ...base,
        title: 'Document the flag',
        steps: [
          { content: 'Read', status: 'completed' },
          { content: 'Write', status: 'in_progress' },
          { content: 'Check', status: 'pending' },
          { content: 'Deploy', status: 'cancelled' },
        ],
        elapsedMs: 130_000,
      },
      scope,
    );
    expect(body.split('\n').slice(1)).toEqual([
      '⏳ **Updating the documentation.** The agent has been working since 2026-11-21 10:03 UTC; this comment changes when it is done.',
      '',
      '#### Document the flag',
      '',
      '- ✅ Read',
      '- 🔄 **Write** (in progress)',
      '- ⬜ Check',
      '- ✖️ ~~Deploy~~ (cancelled)',
      '',
      '_Working for 2m 10s · 1 of 4 steps done_',
      '',
      'job `job_1`',
    ]);
  });

  test('at the end: the link, the message, the plan and the time taken', () => {
    const body = renderFacts(
      {
        ...base,
        state: 'pull-request',
        prLink: 'https://github.com/o/r/pull/3',
        message: 'I documented the flag.',
        steps: [{ content: 'Read', status: 'completed' }],
        elapsedMs: 252_000,
      },
      scope,
    );
    expect(body).toContain(
      '✅ **Documentation pull request ready:** <https://github.com/o/r/pull/3>\n\n> I documented the flag\\.',
    );
    expect(body).toContain('_Took 4m 12s · 1 of 1 steps done_');
  });

  test('session text cannot mention, link or inject HTML', () => {
    const body = renderFacts(
      {
        ...base,
        title: '@alice <img src=x> [click](https://evil.example)',
        message: '#1 @org/team https://evil.example',
        steps: [{ content: '<script>x</script> @bob', status: 'pending' }],
      },
      scope,
    );
    expect(body).not.toMatch(/@[A-Za-z]/);
    expect(body).not.toMatch(/(?<!\\)<(img|script)/);
    expect(body).not.toMatch(/\]\(https?:|https:\/\/evil/);
    expect(body).not.toMatch(/#\d/);
  });
});
