// Public entry point of the Documentation Agent emulator: a local stand-in for the hosted service,
// as the action sees it (the v2 jobs, the v1 sessions), with injectable faults for testing the client.
import { FaultQueue } from './faults.ts';
import { JobStore } from './jobs.ts';
import { RateLimiter } from './rate-limit.ts';
import { EmulatorServer, HOST } from './server.ts';
import type { Emulator, EmulatorOptions, FaultRule, JobBehaviour, RecordedRequest } from './types.ts';
import { DEFAULT_BEHAVIOUR, parseBehaviour, parseFaultRules } from './validate.ts';
import { toJob } from './views.ts';

export type { Emulator, EmulatorOptions, FaultRule, Job, RecordedRequest, Session } from './types.ts';

const DEFAULT_RATE_LIMIT_PER_HOUR = 100;

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const now = options.now ?? Date.now;
  const initialBehaviour: JobBehaviour = { ...DEFAULT_BEHAVIOUR, ...parseBehaviour(options.job ?? {}) };
  const rateLimit = options.rateLimitPerHour ?? DEFAULT_RATE_LIMIT_PER_HOUR;
  if (!Number.isInteger(rateLimit) || rateLimit < 0) throw new TypeError('rateLimitPerHour must be an integer >= 0');

  let behaviour = { ...initialBehaviour };
  const jobs = new JobStore(now, options.repository);
  const limiter = new RateLimiter(rateLimit, now);
  const faults = new FaultQueue();
  // One array for the emulator's whole life: reset() empties it, so references held by tests stay live.
  const requests: RecordedRequest[] = [];

  const emulator: Emulator = {
    url: '',
    requests,
    jobsCreated: () => jobs.size,
    jobs: () => jobs.all().map((job) => toJob(jobs, job)),
    configure(job: Partial<JobBehaviour>): void {
      behaviour = { ...behaviour, ...parseBehaviour(job) };
    },
    inject(...rules: FaultRule[]): void {
      // Validate every rule before queueing any, so a bad batch leaves the queue as it was.
      faults.push(parseFaultRules(rules));
    },
    reset(): void {
      jobs.clear();
      limiter.clear();
      faults.clear();
      requests.length = 0;
      behaviour = { ...initialBehaviour };
    },
    close: () => server.close(),
  };

  const server = new EmulatorServer({
    now,
    service: {
      jobs,
      limiter,
      behaviour: () => behaviour,
      ...(options.projects ? { projects: [...options.projects] } : {}),
      ...(options.apiKeys ? { apiKeys: [...options.apiKeys] } : {}),
    },
    faults,
    requests,
    control: emulator,
    ...(options.tls ? { tls: options.tls } : {}),
  });
  const port = await server.listen(options.port ?? 0);
  emulator.url = `${options.tls ? 'https' : 'http'}://${HOST}:${port}`;
  return emulator;
}
