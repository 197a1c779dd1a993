// The one retry of the service's requests (src/service/retry.ts), whichever endpoint it repeats:
// its waits, its deadline and its cancel, all through the injected clock.
import { ServiceError } from '../src/base/errors.ts';
import { backoffDelay, isSafeToRepeat, isTransientRead, withRetry, type RetryOptions } from '../src/service/retry.ts';
import { FakeClock, memoryLogger } from './support/fake-clock.ts';

const http = (status: number, retryAfterMs?: number) =>
  new ServiceError(`HTTP ${status}`, 'http', { status, retryAfterMs });

/** An attempt that fails with `failures` in turn, then succeeds. */
function attempts(...failures: Error[]) {
  let count = 0;
  const attempt = async (): Promise<string> => {
    count++;
    const failure = failures.shift();
    if (failure) throw failure;
    return 'done';
  };
  return { attempt, count: () => count };
}

function options(clock: FakeClock, extra: Partial<RetryOptions> = {}): RetryOptions {
  return {
    what: 'Asking',
    policy: isSafeToRepeat,
    retries: 10,
    backoff: { minMs: 1_000, maxMs: 5_000 },
    deadline: clock.now() + 600_000,
    clock,
    log: memoryLogger(),
    ...extra,
  };
}

describe('the retry', () => {
  test('backs off by doubling, with jitter from the clock, up to the cap', async () => {
    const clock = new FakeClock(0, () => 0.5);
    const tries = attempts(http(429), http(429), http(429), http(429));
    await expect(withRetry(tries.attempt, options(clock))).resolves.toBe('done');
    expect(clock.sleeps).toEqual([1_500, 3_000, 5_000, 5_000]);
    expect(backoffDelay(1, { minMs: 1_000, maxMs: 5_000 }, () => 0)).toBe(1_000);
    expect(backoffDelay(1, { minMs: 1_000, maxMs: 5_000 }, () => 0.999)).toBeCloseTo(1_999);
  });

  test('waits as long as Retry-After asks when that is longer than the backoff', async () => {
    const clock = new FakeClock(0);
    const tries = attempts(http(429, 7_000), http(429, 10));
    await withRetry(tries.attempt, options(clock));
    expect(clock.sleeps).toEqual([7_000, 3_000]);
  });

  test('logs one line per wait, saying why', async () => {
    const clock = new FakeClock(0);
    const log = memoryLogger();
    const tries = attempts(new ServiceError('refused', 'unreachable'), http(429));
    await withRetry(tries.attempt, options(clock, { log }));
    expect(log.lines).toEqual([
      'info: Asking did not reach the service (refused); trying again in 1.5 s.',
      'info: Asking was turned away for now (HTTP 429); trying again in 3 s.',
    ]);
  });

  test('repeats only what the policy allows', async () => {
    const tries = attempts(http(500));
    await expect(withRetry(tries.attempt, options(new FakeClock(0)))).rejects.toThrow('HTTP 500');
    expect(tries.count()).toBe(1);
  });

  test('stops after its tries and throws the last failure', async () => {
    const tries = attempts(...Array.from({ length: 5 }, () => http(429)));
    await expect(withRetry(tries.attempt, options(new FakeClock(0), { retries: 2 }))).rejects.toThrow('HTTP 429');
    expect(tries.count()).toBe(3);
  });

  test('takes no wait that would pass the deadline', async () => {
    const clock = new FakeClock(0);
    const tries = attempts(http(429), http(429, 60_000), http(429));
    await expect(withRetry(tries.attempt, options(clock, { deadline: 30_000 }))).rejects.toThrow('HTTP 429');
    expect(tries.count()).toBe(2);
    expect(clock.sleeps).toEqual([1_500]);
  });

  test('says how many tries were made within the input that sets the deadline', async () => {
    const clock = new FakeClock(0);
    const tries = attempts(http(429), http(429), http(429));
    const error = await withRetry(
      tries.attempt,
      options(clock, { deadline: 4_000, deadlineInput: 'timeout-minutes' }),
    ).catch((e: unknown) => e as ServiceError);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      message: "HTTP 429; gave up after 2 attempts within 'timeout-minutes'",
      status: 429,
    });
  });

  test('a cancel ends the wait and throws the last failure', async () => {
    const controller = new AbortController();
    const clock = new FakeClock(0);
    const sleep = clock.sleep;
    clock.sleep = async (ms) => {
      await sleep(ms);
      controller.abort();
    };
    const tries = attempts(http(429), http(429));
    await expect(withRetry(tries.attempt, options(clock, { signal: controller.signal }))).rejects.toThrow('HTTP 429');
    expect(tries.count()).toBe(1);
  });
});

describe('what may be repeated', () => {
  test.each([
    ['a refused connection', new ServiceError('refused', 'unreachable'), true, true],
    ['429', http(429), true, true],
    ['503 with Retry-After', http(503, 1_000), true, true],
    ['503 without Retry-After', http(503), false, true],
    ['500', http(500), false, true],
    ['a timeout', new ServiceError('no answer', 'timeout'), false, true],
    ['a reset', new ServiceError('reset', 'interrupted'), false, true],
    ['a garbled body', new ServiceError('not JSON', 'malformed'), false, true],
    ['a cancel', new ServiceError('stopped', 'cancelled'), false, false],
    ['a request Node would not send', new ServiceError('bad header', 'not-sent'), false, false],
    ['401', http(401), false, false],
    ['404', http(404), false, false],
  ])('%s: a request that changes something %s, a read %s', (_name, error, send, read) => {
    expect(isSafeToRepeat(error)).toBe(send);
    expect(isTransientRead(error)).toBe(read);
  });

  test('a 404 is read again only just after the job was created', () => {
    expect(isTransientRead(http(404), true)).toBe(true);
  });
});
