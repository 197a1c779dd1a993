// Behaviour and fault rules arrive from three places: the TypeScript API, the HTTP control endpoints
// and the command line. All of them go through these checks, so a typo in a test setup fails loudly
// at configuration time instead of making the emulator behave in some unexpected way later.
import type { Fault, FaultRule, JobBehaviour, JobOutcome } from './types.ts';

export const DEFAULT_BEHAVIOUR: Readonly<JobBehaviour> = Object.freeze({
  durationMs: 1500,
  outcome: 'pr',
  runningStatus: 'active',
  v1: true,
});

export const OUTCOMES: readonly JobOutcome[] = ['pr', 'no-change', 'failed', 'archived', 'never'];
const ROUTES = ['create', 'get', 'message', 'any'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNonNegativeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function isHttpStatus(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 599;
}

export function isOutcome(value: unknown): value is JobOutcome {
  return OUTCOMES.includes(value as JobOutcome);
}

export function parseBehaviour(input: unknown): Partial<JobBehaviour> {
  if (!isObject(input)) throw new TypeError('job behaviour must be an object');
  const result: Partial<JobBehaviour> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (key === 'durationMs') {
      if (!isNonNegativeNumber(value)) throw new TypeError('durationMs must be a number >= 0');
      result.durationMs = value;
    } else if (key === 'outcome') {
      if (!isOutcome(value)) throw new TypeError(`outcome must be one of ${OUTCOMES.join(', ')}`);
      result.outcome = value;
    } else if (key === 'runningStatus') {
      if (typeof value !== 'string' || value === '') throw new TypeError('runningStatus must be a non-empty string');
      result.runningStatus = value;
    } else if (key === 'v1') {
      if (typeof value !== 'boolean') throw new TypeError('v1 must be true or false');
      result.v1 = value;
    } else if (key === 'planSteps') {
      if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 1_000)
        throw new TypeError('planSteps must be a whole number from 1 to 1000');
      result.planSteps = value as number;
    } else if (key === 'finalMessage') {
      if (typeof value !== 'string') throw new TypeError('finalMessage must be a string');
      result.finalMessage = value;
    } else {
      throw new TypeError(`unknown job behaviour field: ${key}`);
    }
  }
  return result;
}

function parseHeaders(input: unknown): Record<string, string> {
  if (!isObject(input)) throw new TypeError('fault headers must be an object');
  for (const [name, value] of Object.entries(input)) {
    if (typeof value !== 'string') throw new TypeError(`fault header ${name} must be a string`);
  }
  return { ...(input as Record<string, string>) };
}

function parseFault(input: unknown): Fault {
  if (!isObject(input)) throw new TypeError('fault must be an object');
  switch (input.kind) {
    case 'reset':
    case 'malformed':
      return { kind: input.kind };
    case 'delay':
      if (!isNonNegativeNumber(input.ms)) throw new TypeError('delay fault needs ms >= 0');
      return { kind: 'delay', ms: input.ms };
    case 'html':
      if (!isHttpStatus(input.status)) throw new TypeError('html fault needs an HTTP status');
      return { kind: 'html', status: input.status };
    case 'status': {
      if (!isHttpStatus(input.status)) throw new TypeError('status fault needs an HTTP status');
      const fault: Extract<Fault, { kind: 'status' }> = { kind: 'status', status: input.status };
      if (input.body !== undefined) {
        if (typeof input.body !== 'string') throw new TypeError('status fault body must be a string');
        fault.body = input.body;
      }
      if (input.contentType !== undefined) {
        if (typeof input.contentType !== 'string') throw new TypeError('status fault contentType must be a string');
        fault.contentType = input.contentType;
      }
      if (input.headers !== undefined) fault.headers = parseHeaders(input.headers);
      return fault;
    }
    default:
      throw new TypeError(`unknown fault kind: ${String(input.kind)}`);
  }
}

/** Returns a normalised copy with defaults filled in, so queued rules never alias caller objects. */
function parseFaultRule(input: unknown): Required<FaultRule> {
  if (!isObject(input)) throw new TypeError('fault rule must be an object');
  const route = input.route ?? 'any';
  if (!ROUTES.includes(route as (typeof ROUTES)[number])) {
    throw new TypeError(`route must be one of ${ROUTES.join(', ')}`);
  }
  const times = input.times ?? 1;
  if (!Number.isInteger(times) || (times as number) < 1) throw new TypeError('times must be an integer >= 1');
  const afterProcessing = input.afterProcessing ?? false;
  if (typeof afterProcessing !== 'boolean') throw new TypeError('afterProcessing must be a boolean');
  return {
    route: route as Required<FaultRule>['route'],
    times: times as number,
    afterProcessing,
    fault: parseFault(input.fault),
  };
}

export function parseFaultRules(input: unknown): Required<FaultRule>[] {
  return (Array.isArray(input) ? input : [input]).map(parseFaultRule);
}
