// Public types of the emulator. Other code (tests, demo scripts, benchmarks) builds against these
// shapes, so they change only together with everything that uses them.

export interface EmulatorOptions {
  /** Port to listen on; default 0 (ephemeral). The emulator always binds 127.0.0.1. */
  port?: number;
  /** Clock in ms, default Date.now. Job status is computed from it, so a fake clock needs no sleeping. */
  now?: () => number;
  /** Initial behaviour for new jobs. */
  job?: Partial<JobBehaviour>;
  /** Creations plus follow-up messages allowed per project per hour; default 100. */
  rateLimitPerHour?: number;
  /** Serve https with this key and certificate (PEM) instead of http; `url` then starts with https://. */
  tls?: TlsOptions;
  /** The docs repository jobs open their pull requests on; default https://github.com/acme/docs. */
  repository?: string;
  /** The only project ids the agent endpoints know, others answered 404 as the service does; default any. */
  projects?: readonly string[];
  /** The only admin keys accepted, others answered 401; default any `svc_` key that is not an assistant key. */
  apiKeys?: readonly string[];
}

/** A server's key and certificate, PEM. */
export interface TlsOptions {
  key: string | Buffer;
  cert: string | Buffer;
}

export type JobOutcome = 'pr' | 'no-change' | 'failed' | 'archived' | 'never';

export interface JobBehaviour {
  /** How long a job stays running; default 1500. */
  durationMs: number;
  /** How a job ends; 'never' keeps it running forever. */
  outcome: JobOutcome;
  /** Status reported while running; default 'active'. Lets a client be tested against unknown statuses. */
  runningStatus: string;
  /** The v1 session's messageToUser once the job has ended; default a sentence per outcome. */
  finalMessage?: string;
  /**
   * Whether the deprecated v1 endpoints are served; default true. false answers them 404, as the
   * service will once it drops them. Read at each request, so it applies to every job at once.
   */
  v1: boolean;
  /**
   * How many steps the running plan has; default 4. A long plan on a short job advances a step at
   * nearly every read, which is how a test shows that the action bounds its edits, not the plan.
   */
  planSteps?: number;
}

export type Fault =
  | { kind: 'status'; status: number; body?: string; contentType?: string; headers?: Record<string, string> }
  /** Destroy the socket without answering. */
  | { kind: 'reset' }
  /** Answer normally, but only after ms. */
  | { kind: 'delay'; ms: number }
  /** 200 with Content-Type application/json and a truncated JSON body. */
  | { kind: 'malformed' }
  /** An HTML error page as a proxy or gateway would send it. */
  | { kind: 'html'; status: number };

export type FaultRoute = 'create' | 'get' | 'message' | 'any';

export interface FaultRule {
  /** Which requests the rule applies to; default 'any'. 'get' covers the v1 GET endpoints too. */
  route?: FaultRoute;
  /** How many matching requests it applies to; default 1. */
  times?: number;
  /**
   * Default false. When true the request is processed first (a create really makes a job) and the
   * fault then replaces the answer: this is how ambiguous failures are simulated.
   */
  afterProcessing?: boolean;
  fault: Fault;
}

export interface RecordedRequest {
  method: string;
  /** The request target as received: raw (still percent-encoded) path plus query string. */
  path: string;
  /** Header names are lower case, as Node delivers them. */
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Emulator clock at arrival. */
  at: number;
}

/** The job as the v2 API returns it. */
export interface Job {
  id: string;
  status: string;
  source: { repository: string; ref: string | null };
  model: string;
  prLink: string | null;
  createdAt: string;
  archivedAt: string | null;
}

export interface Todo {
  id: string;
  content: string;
  status: 'pending' | 'in_progress' | 'completed' | 'cancelled';
  priority: 'high' | 'medium' | 'low';
}

/** The deprecated v1 "session" view of a job; field names are the service's, typos included. */
export interface Session {
  sessionId: string;
  subdomain: string;
  branch: string | null;
  haulted: boolean;
  haultReason: 'processing' | 'completed' | 'error';
  pullRequestLink: string | null;
  messageToUser: string;
  todos: Todo[];
  userId: string;
  title: string;
  createdAt: string;
}

export interface Emulator {
  /** Base address without trailing slash, e.g. 'http://127.0.0.1:41234'. */
  url: string;
  /** Every non-control request in arrival order, faulted ones included. */
  requests: RecordedRequest[];
  jobsCreated(): number;
  /** Every job as the v2 API shows it now, oldest first. */
  jobs(): Job[];
  /** Behaviour for jobs created (or restarted by a message) from now on. */
  configure(job: Partial<JobBehaviour>): void;
  /** Appends to the fault queue; the first rule matching a request is used and its times decremented. */
  inject(...rules: FaultRule[]): void;
  /** Clears jobs, requests, faults and rate counters; behaviour goes back to the options given. */
  reset(): void;
  /** Closes the server, open sockets and pending delays promptly. */
  close(): Promise<void>;
}
