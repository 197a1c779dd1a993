// Maps a request line to one of the service's endpoints. Matching is done on the raw segments and
// only then decoded, so an encoded slash inside a project id stays part of the id.
import type { FaultRoute } from './types.ts';

export type Route =
  | { name: 'create'; projectId: string }
  | { name: 'get'; projectId: string; jobId: string }
  | { name: 'message'; projectId: string; jobId: string }
  | { name: 'v1-get'; projectId: string; jobId: string }
  | { name: 'v1-list'; projectId: string; skip: string | null; take: string | null }
  | { name: 'not-found' }
  | { name: 'method-not-allowed'; allow: string }
  | { name: 'bad-path' };

interface Pattern {
  method: string;
  /** Literal segments, with ':project' and ':job' as the variable ones. */
  segments: readonly string[];
  build(params: Record<string, string>): Route;
}

const PATTERNS: readonly Pattern[] = [
  {
    method: 'POST',
    segments: ['v2', 'agent', ':project', 'job'],
    build: (p) => ({ name: 'create', projectId: p.project ?? '' }),
  },
  {
    method: 'GET',
    segments: ['v2', 'agent', ':project', 'job', ':job'],
    build: (p) => ({ name: 'get', projectId: p.project ?? '', jobId: p.job ?? '' }),
  },
  {
    method: 'POST',
    segments: ['v2', 'agent', ':project', 'job', ':job', 'message'],
    build: (p) => ({ name: 'message', projectId: p.project ?? '', jobId: p.job ?? '' }),
  },
  {
    method: 'GET',
    segments: ['v1', 'agent', ':project', 'job', ':job'],
    build: (p) => ({ name: 'v1-get', projectId: p.project ?? '', jobId: p.job ?? '' }),
  },
  {
    method: 'GET',
    segments: ['v1', 'agent', ':project', 'jobs'],
    build: (p) => ({ name: 'v1-list', projectId: p.project ?? '', skip: null, take: null }),
  },
];

/** Raw captures of the variable segments, or undefined when the shape does not match. */
function capture(pattern: Pattern, segments: string[]): Record<string, string> | undefined {
  if (pattern.segments.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, expected] of pattern.segments.entries()) {
    const actual = segments[index] ?? '';
    if (expected.startsWith(':')) {
      if (actual === '') return undefined;
      params[expected.slice(1)] = actual;
    } else if (actual !== expected) {
      return undefined;
    }
  }
  return params;
}

function decodeAll(params: Record<string, string>): Record<string, string> | undefined {
  try {
    return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, decodeURIComponent(value)]));
  } catch {
    return undefined;
  }
}

export function matchRoute(method: string, target: string): Route {
  // Split by hand: URL parsing would normalise dot segments and re-encode characters.
  const pathname = target.split('?', 1)[0] ?? '';
  const segments = pathname.split('/').slice(1);
  const allowed: string[] = [];
  for (const pattern of PATTERNS) {
    const raw = capture(pattern, segments);
    if (!raw) continue;
    if (pattern.method !== method) {
      allowed.push(pattern.method);
      continue;
    }
    const params = decodeAll(raw);
    if (!params) return { name: 'bad-path' };
    const route = pattern.build(params);
    if (route.name !== 'v1-list') return route;
    const query = new URLSearchParams(target.slice(pathname.length + 1));
    return { ...route, skip: query.get('skip'), take: query.get('take') };
  }
  return allowed.length > 0 ? { name: 'method-not-allowed', allow: allowed.join(', ') } : { name: 'not-found' };
}

/** The fault-rule route a request counts as; endpoints outside the service match only 'any'. */
export function faultRouteOf(route: Route): FaultRoute | undefined {
  switch (route.name) {
    case 'create':
    case 'get':
    case 'message':
      return route.name;
    case 'v1-get':
    case 'v1-list':
      return 'get';
    default:
      return undefined;
  }
}
