// The emulated service proper: authentication and the v1/v2 endpoints, with no knowledge of faults.
import type { IncomingHttpHeaders } from 'node:http';
import { errorReply, jsonReply, parseJsonObject } from './http.ts';
import type { Reply } from './http.ts';
import type { JobStore } from './jobs.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { Route } from './routes.ts';
import type { JobBehaviour } from './types.ts';
import { toJob, toSession } from './views.ts';

export interface ServiceState {
  jobs: JobStore;
  limiter: RateLimiter;
  /** Read at the moment a job starts, so configure() affects only later jobs. */
  behaviour(): JobBehaviour;
  /** The only project ids the agent endpoints know (404 for any other); every id when not given. */
  projects?: readonly string[];
  /** The only admin keys accepted (401 for any other); any `svc_` key when not given. */
  apiKeys?: readonly string[];
}

/** Undefined when the caller may proceed, otherwise the refusal. */
function authenticate(headers: IncomingHttpHeaders, apiKeys: readonly string[] | undefined): Reply | undefined {
  const key = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
  if (!key?.startsWith('svc_')) return errorReply(401, 'Invalid or missing API key');
  // The assistant key shares the admin prefix; the service tells them apart and refuses it here.
  if (key.startsWith('svc_dsc_')) {
    return errorReply(403, 'This is a public assistant key (svc_dsc_); agent endpoints need an admin key');
  }
  if (apiKeys && !apiKeys.includes(key)) return errorReply(401, 'Invalid API key');
  return undefined;
}

/** `take` as the service reads it: 12 when absent, at most 100; `skip` 0 when absent. */
function page(raw: string | null, fallback: number, max: number): number | undefined {
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  return /^\d+$/.test(raw) ? Math.min(value, max) : undefined;
}

/** The prompt of a create or message body, or the 400 answer explaining what is wrong with it. */
function readPrompt(body: string): string | Reply {
  const parsed = parseJsonObject(body);
  if (!parsed) return errorReply(400, 'Request body must be a JSON object');
  const { prompt } = parsed;
  if (typeof prompt !== 'string' || prompt.trim() === '') {
    return errorReply(400, 'prompt is required and must be a non-empty string');
  }
  return prompt;
}

const jobNotFound = (): Reply => errorReply(404, 'Job not found');
const rateLimited = (): Reply => errorReply(429, 'Rate limit exceeded');

export function handleService(state: ServiceState, route: Route, headers: IncomingHttpHeaders, body: string): Reply {
  switch (route.name) {
    case 'not-found':
      return errorReply(404, 'Not found');
    case 'method-not-allowed':
      return errorReply(405, 'Method not allowed', { allow: route.allow });
    case 'bad-path':
      return errorReply(400, 'Malformed percent-encoding in path');
  }
  // A service that dropped the deprecated endpoints knows them no more than any other path.
  if ((route.name === 'v1-get' || route.name === 'v1-list') && !state.behaviour().v1) {
    return errorReply(404, 'Not found');
  }
  const refusal = authenticate(headers, state.apiKeys);
  if (refusal) return refusal;
  if (state.projects && !state.projects.includes(route.projectId)) return errorReply(404, 'Project not found');
  const { jobs } = state;

  switch (route.name) {
    case 'create': {
      const prompt = readPrompt(body);
      if (typeof prompt !== 'string') return prompt;
      if (!state.limiter.tryConsume(route.projectId)) return rateLimited();
      return jsonReply(201, toJob(jobs, jobs.create(route.projectId, prompt, state.behaviour())));
    }
    case 'get': {
      const job = jobs.find(route.projectId, route.jobId);
      return job ? jsonReply(200, toJob(jobs, job)) : jobNotFound();
    }
    case 'message': {
      const prompt = readPrompt(body);
      if (typeof prompt !== 'string') return prompt;
      const job = jobs.find(route.projectId, route.jobId);
      if (!job) return jobNotFound();
      if (!state.limiter.tryConsume(route.projectId)) return rateLimited();
      jobs.restart(job, prompt, state.behaviour());
      return jsonReply(200, toJob(jobs, job));
    }
    case 'v1-get': {
      const job = jobs.find(route.projectId, route.jobId);
      return job ? jsonReply(200, toSession(jobs, job)) : jobNotFound();
    }
    case 'v1-list': {
      const skip = page(route.skip, 0, Number.MAX_SAFE_INTEGER);
      const take = page(route.take, 12, 100);
      if (skip === undefined || take === undefined) return errorReply(400, 'skip and take must be whole numbers');
      const newest = jobs
        .inProject(route.projectId)
        .reverse()
        .sort((a, b) => b.createdAt - a.createdAt);
      return jsonReply(200, { allSessions: newest.slice(skip, skip + take).map((job) => toSession(jobs, job)) });
    }
  }
}
