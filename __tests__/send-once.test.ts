import { sendOnce } from '../src/service/send-once.ts';
import { ServiceError } from '../src/base/errors.ts';
import type { Job } from '../src/service/client.ts';
import { FakeClock, memoryLogger } from './support/fake-clock.ts';

// The waits, the deadline and the cancel are the shared retry's (retry.test.ts); here, what a
// create may repeat, and what it says when it may have reached the service.

const job: Job = { id: 'job_1', status: 'active', prLink: null };

function attempts(...failures: Error[]) {
  let count = 0;
  const send = async (): Promise<Job> => {
    count++;
    const failure = failures.shift();
    if (failure) throw failure;
    return job;
  };
  return { send, count: () => count };
}

const options = (clock = new FakeClock(0)) => ({
  deadline: clock.now() + 600_000,
  backoff: { minMs: 0, maxMs: 0 },
  clock,
  log: memoryLogger(),
});
const http = (status: number, retryAfterMs?: number) =>
  new ServiceError(`HTTP ${status}`, 'http', { status, retryAfterMs });

describe('sending a create at most once', () => {
  test.each([
    ['a refused connection', new ServiceError('refused', 'unreachable')],
    ['429', http(429)],
    ['503 with Retry-After', http(503, 1_000)],
  ])('repeats after %s', async (_name, error) => {
    const create = attempts(error);
    await expect(sendOnce('Creating the job', create.send, options())).resolves.toBe(job);
    expect(create.count()).toBe(2);
  });

  test.each([
    ['a timeout', new ServiceError('no answer', 'timeout')],
    ['a reset', new ServiceError('reset', 'interrupted')],
    ['a garbled 201', new ServiceError('not JSON', 'malformed')],
    ['500', http(500)],
    ['502', http(502)],
    ['503 without Retry-After', http(503)],
    ['504', http(504)],
  ])('does not repeat after %s and says a job may exist', async (_name, error) => {
    const create = attempts(error);
    await expect(sendOnce('Creating the job', create.send, options())).rejects.toThrow(
      /^Creating the job failed in a way that leaves it unknown whether the service acted on it .*look for a new job/,
    );
    expect(create.count()).toBe(1);
  });

  test.each([400, 401, 403, 404])('fails plainly on %i', async (status) => {
    const create = attempts(http(status));
    await expect(sendOnce('Creating the job', create.send, options())).rejects.toThrow(`HTTP ${status}`);
    expect(create.count()).toBe(1);
  });

  test('stops after five attempts', async () => {
    const create = attempts(...Array.from({ length: 6 }, () => http(429)));
    await expect(sendOnce('Creating the job', create.send, options())).rejects.toThrow('HTTP 429');
    expect(create.count()).toBe(5);
  });
});
