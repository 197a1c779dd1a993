import { JobMayExist, sendOnce } from '../src/service/send-once.ts';
import { ServiceError } from '../src/base/errors.ts';
import type { Job } from '../src/service/client.ts';
import { FakeClock, memoryLogger } from './support/fake-clock.ts';

// The waits and the deadline are the shared retry's (retry.test.ts); here, what a create may
// repeat, and the one decision of whether a job may exist: the mode's record kept or taken back.

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

const options = (clock = new FakeClock(0), signal = new AbortController().signal) => ({
  deadline: clock.now() + 600_000,
  backoff: { minMs: 0, maxMs: 0 },
  clock,
  log: memoryLogger(),
  signal,
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
    const failure = sendOnce('Creating the job', create.send, options());
    await expect(failure).rejects.toThrow(
      /^Creating the job failed in a way that leaves it unknown whether the service acted on it .*look for a new job/,
    );
    await expect(failure).rejects.toBeInstanceOf(JobMayExist);
    expect(create.count()).toBe(1);
  });

  test('a follow-up it did not repeat is said as one: the job is not told twice, no word of a second job', async () => {
    const followUp = attempts(http(502));
    const failure = sendOnce('Sending the follow-up to job job_1', followUp.send, {
      ...options(),
      followUpTo: 'job_1',
    });
    await expect(failure).rejects.toThrow(
      'Sending the follow-up to job job_1 failed in a way that leaves it unknown whether the service acted on it (HTTP 502). It was not repeated, so that job job_1 is not told twice.',
    );
    expect(followUp.count()).toBe(1);
  });

  test.each([400, 401, 403, 404])('fails plainly on %i', async (status) => {
    const create = attempts(http(status));
    const failure = sendOnce('Creating the job', create.send, options());
    await expect(failure).rejects.toThrow(`HTTP ${status}`);
    await expect(failure).rejects.not.toBeInstanceOf(JobMayExist);
    expect(create.count()).toBe(1);
  });

  test('stops after five attempts', async () => {
    const create = attempts(...Array.from({ length: 6 }, () => http(429)));
    await expect(sendOnce('Creating the job', create.send, options())).rejects.toThrow('HTTP 429');
    expect(create.count()).toBe(5);
  });
});

describe('the record that a job may exist', () => {
  /** A record whose every write and take-back is listed, with the requests sent between them. */
  function recorded() {
    const events: string[] = [];
    const record = {
      write: async () => void events.push('write'),
      takeBack: async () => void events.push('take back'),
    };
    return { events, record };
  }

  test('written before the request leaves, kept after an ambiguous failure', async () => {
    const { events, record } = recorded();
    const send = async () => {
      events.push('send');
      throw http(502);
    };
    await expect(sendOnce('Creating the job', send, { ...options(), record })).rejects.toBeInstanceOf(JobMayExist);
    expect(events).toEqual(['write', 'send']);
  });

  test('taken back when nothing reached the service', async () => {
    const { events, record } = recorded();
    const send = async () => {
      events.push('send');
      throw http(400);
    };
    await expect(sendOnce('Creating the job', send, { ...options(), record })).rejects.toThrow('HTTP 400');
    expect(events).toEqual(['write', 'send', 'take back']);
  });

  test('a cancel before the request left: nothing written or sent, not a job that may exist', async () => {
    const { events, record } = recorded();
    const cancel = new AbortController();
    cancel.abort();
    const send = async () => (events.push('send'), job);
    const failure = sendOnce('Creating the job', send, { ...options(new FakeClock(0), cancel.signal), record });
    await expect(failure).rejects.toThrow('Creating the job was not sent: the run was cancelled');
    await expect(failure).rejects.not.toBeInstanceOf(JobMayExist);
    expect(events).toEqual(['take back']);
  });

  test('a cancel while the record is written: the request is not sent and the record is taken back', async () => {
    const { events, record } = recorded();
    const cancel = new AbortController();
    const writing = { ...record, write: async () => (events.push('write'), cancel.abort()) };
    const send = async () => (events.push('send'), job);
    const failure = sendOnce('Creating the job', send, {
      ...options(new FakeClock(0), cancel.signal),
      record: writing,
    });
    await expect(failure).rejects.not.toBeInstanceOf(JobMayExist);
    expect(events).toEqual(['write', 'take back']);
  });

  test.each([
    ['a cancel cut it', true, 'Creating the job was not sent: the run was cancelled'],
    ['GitHub refused it', false, 'refused'],
  ])('a record whose write failed because %s: nothing sent, the record taken back', async (_, cut, said) => {
    const { events, record } = recorded();
    const cancel = new AbortController();
    const failing = {
      ...record,
      write: async () => {
        events.push('write');
        if (cut) cancel.abort();
        throw new Error('refused');
      },
    };
    const send = async () => (events.push('send'), job);
    const failure = sendOnce('Creating the job', send, {
      ...options(new FakeClock(0), cancel.signal),
      record: failing,
    });
    await expect(failure).rejects.toThrow(said);
    await expect(failure).rejects.not.toBeInstanceOf(JobMayExist);
    expect(events).toEqual(['write', 'take back']);
  });

  test('a cancel while the request is on the wire: a job may exist, the record kept, the wait ended at once', async () => {
    const { events, record } = recorded();
    const cancel = new AbortController();
    // A request the service holds: its answer never comes, whatever the signal says.
    const send = () => (events.push('send'), cancel.abort(), new Promise<Job>(() => {}));
    const failure = sendOnce('Creating the job', send, { ...options(new FakeClock(0), cancel.signal), record });
    await expect(failure).rejects.toBeInstanceOf(JobMayExist);
    await expect(failure).rejects.toThrow(/leaves it unknown .*the run was cancelled/);
    expect(events).toEqual(['write', 'send']);
  });

  test('a cancel during the wait between tries: nothing reached the service, the record is taken back', async () => {
    const { events, record } = recorded();
    const cancel = new AbortController();
    const clock = new FakeClock(0);
    clock.sleep = async () => cancel.abort();
    const send = async () => {
      events.push('send');
      throw http(429);
    };
    const failure = sendOnce('Creating the job', send, { ...options(clock, cancel.signal), record });
    await expect(failure).rejects.toThrow('Creating the job was stopped: the run was cancelled');
    await expect(failure).rejects.not.toBeInstanceOf(JobMayExist);
    expect(events).toEqual(['write', 'send', 'take back']);
  });
});
