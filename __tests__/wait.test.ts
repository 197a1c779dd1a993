import type { Job } from '../src/service/client.ts';
import { ServiceError } from '../src/base/errors.ts';
import { POLL_SCHEDULE } from '../src/service/poll-schedule.ts';
import { readJob, waitForJob, type WaitOptions } from '../src/service/wait.ts';
import { FakeClock, memoryLogger } from './support/fake-clock.ts';

const active: Job = { id: 'job_1', status: 'active', prLink: null };

/** A client whose answers are queued: a Job, or an error to throw. */
function scripted(...answers: (Partial<Job> | Error)[]) {
  const calls: number[] = [];
  return {
    calls,
    getJob: async (): Promise<Job> => {
      calls.push(calls.length);
      const next = answers.shift();
      if (next === undefined) throw new Error('no more scripted answers');
      if (next instanceof Error) throw next;
      return { ...active, ...next };
    },
  };
}

function options(client: WaitOptions['client'], clock: FakeClock, extra: Partial<WaitOptions> = {}): WaitOptions {
  return {
    client,
    job: active,
    deadline: clock.now() + 60 * 60_000,
    notFoundGraceMs: 30_000,
    schedule: POLL_SCHEDULE,
    clock,
    log: memoryLogger(),
    ...extra,
  };
}

const http = (status: number, retryAfterMs?: number) =>
  new ServiceError(`HTTP ${status}`, 'http', { status, retryAfterMs });

describe('wait loop', () => {
  test('calls onPoll after each successful read, not after a failed one', async () => {
    const clock = new FakeClock();
    const seen: string[] = [];
    const client = scripted({ status: 'active' }, http(503), { status: 'active' }, { status: 'completed' });
    const result = await waitForJob(options(client, clock, { onPoll: async (job) => void seen.push(job.status) }));
    expect(result.end).toBe('terminal');
    expect(seen).toEqual(['active', 'active', 'completed']);
  });

  test('polls on the jittered schedule until a terminal status', async () => {
    const clock = new FakeClock(0, () => 0.5);
    const client = scripted({}, {}, { status: 'completed', prLink: 'https://x/pull/1' });
    const result = await waitForJob(options(client, clock));
    expect(result).toEqual({ job: { id: 'job_1', status: 'completed', prLink: 'https://x/pull/1' }, end: 'terminal' });
    expect(clock.sleeps).toEqual([4_500, 6_000, 7_500]);
  });

  test('stops at the deadline without sleeping past it', async () => {
    const clock = new FakeClock(0, () => 0.99);
    const client = scripted({}, {}, {}, {}, {}, {});
    const result = await waitForJob(options(client, clock, { deadline: 20_000 }));
    expect(result.end).toBe('deadline');
    expect(clock.now()).toBe(20_000);
    expect(clock.sleeps.every((ms) => ms <= POLL_SCHEDULE.maxMs)).toBe(true);
  });

  // No read is given what is left of the deadline (getJob takes no timeout): each uses the client's own.
  test('a job that ends just before the deadline is seen as ended', async () => {
    const clock = new FakeClock(0, () => 0.99);
    let reads = 0;
    const client = {
      getJob: async (): Promise<Job> => {
        reads++;
        return clock.now() >= 12_000 ? { ...active, status: 'completed', prLink: 'https://x/pull/1' } : active;
      },
    };
    const result = await waitForJob(options(client, clock, { deadline: 12_000 }));
    expect(result.end).toBe('terminal');
    expect(clock.now()).toBe(12_000);
    expect(reads).toBeGreaterThan(1);
  });

  test('retries 5xx, 429, timeouts and garbled answers', async () => {
    const clock = new FakeClock(0);
    const client = scripted(
      http(502),
      http(503),
      new ServiceError('t', 'timeout'),
      new ServiceError('m', 'malformed'),
      http(429),
      { status: 'failed' },
    );
    const result = await waitForJob(options(client, clock));
    expect(result.job.status).toBe('failed');
    expect(client.calls).toHaveLength(6);
  });

  test('waits at least as long as Retry-After says', async () => {
    const clock = new FakeClock(0, () => 0);
    const client = scripted(http(429, 40_000), { status: 'completed' });
    await waitForJob(options(client, clock));
    expect(clock.sleeps).toEqual([3_000, 40_000]);
  });

  test('retries a 404 only just after creation', async () => {
    const clock = new FakeClock(0);
    await expect(waitForJob(options(scripted(http(404), { status: 'completed' }), clock))).resolves.toMatchObject({
      end: 'terminal',
    });
    const late = new FakeClock(0);
    await expect(waitForJob(options(scripted(http(404)), late, { notFoundGraceMs: 0 }))).rejects.toThrow('HTTP 404');
  });

  test.each([401, 403, 400])('stops at once on %i', async (status) => {
    const client = scripted(http(status), { status: 'completed' });
    await expect(waitForJob(options(client, new FakeClock(0)))).rejects.toThrow(`HTTP ${status}`);
    expect(client.calls).toHaveLength(1);
  });

  test('warns once about an unknown status and keeps waiting', async () => {
    const log = memoryLogger();
    const client = scripted({ status: 'thinking' }, { status: 'thinking' }, { status: 'completed' });
    await waitForJob(options(client, new FakeClock(0), { log, job: { ...active, status: 'queued' } }));
    expect(log.lines.filter((l) => l.startsWith('warning:'))).toEqual([
      "warning: The service reported an unknown job status 'queued'; waiting as if the job were still running.",
      "warning: The service reported an unknown job status 'thinking'; waiting as if the job were still running.",
    ]);
  });

  test('ends as cancelled when the signal aborts', async () => {
    const controller = new AbortController();
    const client = { getJob: async () => (controller.abort(), active) };
    const result = await waitForJob(options(client, new FakeClock(0), { signal: controller.signal }));
    expect(result.end).toBe('cancelled');
  });

  test('hands the cancel to the read under way, and a read the cancel destroyed ends the wait at once', async () => {
    const controller = new AbortController();
    const seen: (AbortSignal | undefined)[] = [];
    const client = {
      getJob: (_id: string, signal?: AbortSignal): Promise<Job> => {
        seen.push(signal);
        // A read that never answers: only the cancel ends it.
        return new Promise<Job>((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(new ServiceError('GET stopped', 'cancelled'))),
        );
      },
    };
    const log = memoryLogger();
    setTimeout(() => controller.abort(), 10);
    const result = await waitForJob(options(client, new FakeClock(0), { signal: controller.signal, log }));
    expect(seen).toEqual([controller.signal]);
    expect(result).toEqual({ job: active, end: 'cancelled' });
    expect(log.lines.filter((l) => l.includes('trying again'))).toEqual([]);
  });

  test('warns about an unknown status the client kept apart, shown as it came', async () => {
    const log = memoryLogger();
    const client = scripted({ status: '', unknownStatus: 'completed\\n' }, { status: 'completed' });
    const result = await waitForJob(options(client, new FakeClock(0), { log }));
    expect(result.end).toBe('terminal');
    expect(log.lines.filter((l) => l.startsWith('warning:'))).toEqual([
      "warning: The service reported an unknown job status 'completed\\n'; waiting as if the job were still running.",
    ]);
  });
});

describe('reading a job that exists already', () => {
  const read = (client: ReturnType<typeof scripted>, clock: FakeClock, tries = 3, deadline = clock.now() + 60_000) =>
    readJob({ client, id: 'job_1', tries, delayMs: 1_000, deadline, clock, log: memoryLogger() });

  test('tries again after failures that may pass, then reports what it read', async () => {
    const clock = new FakeClock(0);
    const client = scripted(http(503), new ServiceError('reset', 'interrupted'), { status: 'completed' });
    await expect(read(client, clock)).resolves.toMatchObject({ status: 'completed' });
    // The shared retry's backoff (retry.ts), from delayMs, with the fake clock's jitter of 1.5.
    expect(clock.sleeps).toEqual([1_500, 3_000]);
  });

  test('throws the failure after its tries, never a made-up status', async () => {
    const clock = new FakeClock(0);
    const client = scripted(http(500), http(500), http(500), { status: 'completed' });
    await expect(read(client, clock)).rejects.toThrow('HTTP 500');
    expect(client.calls).toHaveLength(3);
  });

  test('throws a 404 or a refused key at once', async () => {
    for (const status of [404, 401]) {
      const client = scripted(http(status), { status: 'completed' });
      await expect(read(client, new FakeClock(0))).rejects.toThrow(`HTTP ${status}`);
      expect(client.calls).toHaveLength(1);
    }
  });
});
