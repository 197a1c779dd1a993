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
}

/** Undefined when the caller may proceed, otherwise the refusal. */
function authenticate(headers: IncomingHttpHeaders): Reply | undefined {
  const key = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
  if (!key?.startsWith('svc_')) return errorReply(401, 'Invalid or missing API key');
  // The assistant key shares the admin prefix; the service tells them apart and refuses it here.
  if (key.startsWith('svc_dsc_')) {
    return errorReply(403, 'This is a public assistant key (svc_dsc_); agent endpoints need an admin key');
  }
  return undefined;
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
  if (route.name === 'v1-get' && !state.behaviour().v1) return errorReply(404, 'Not found');
  const refusal = authenticate(headers);
  if (refusal) return refusal;
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
  }
}
