// HTTP control endpoints, so a process that did not start the emulator (a demo script, the action
// run as a child process) can drive it. They need no key and are neither recorded nor faulted.
import { errorReply, jsonReply } from './http.ts';
import type { Reply } from './http.ts';
import type { Emulator } from './types.ts';

export const CONTROL_PREFIX = '/_emulator/';

export type ControlTarget = Pick<Emulator, 'configure' | 'inject' | 'reset' | 'jobs' | 'requests'>;

export function isControlPath(target: string): boolean {
  return target.startsWith(CONTROL_PREFIX);
}

function parseBody(body: string): unknown {
  return body.trim() === '' ? {} : JSON.parse(body);
}

function dispatch(target: ControlTarget, method: string, name: string, body: string): Reply {
  const endpoint = `${method} ${name}`;
  switch (endpoint) {
    case 'POST configure':
      // Validation lives in configure() and inject(); their TypeErrors become 400 answers below.
      target.configure(parseBody(body) as Parameters<ControlTarget['configure']>[0]);
      return jsonReply(200, { ok: true });
    case 'POST inject': {
      const input = parseBody(body);
      const rules = (Array.isArray(input) ? input : [input]) as Parameters<ControlTarget['inject']>;
      target.inject(...rules);
      return jsonReply(200, { ok: true, injected: rules.length });
    }
    case 'POST reset':
      target.reset();
      return jsonReply(200, { ok: true });
    case 'GET requests':
      return jsonReply(200, target.requests);
    case 'GET jobs':
      return jsonReply(200, target.jobs());
  }
  const known = ['configure', 'inject', 'reset', 'requests', 'jobs'].includes(name);
  return known ? errorReply(405, 'Method not allowed') : errorReply(404, 'Not found');
}

export function handleControl(target: ControlTarget, method: string, path: string, body: string): Reply {
  const name = path.slice(CONTROL_PREFIX.length).split('?')[0] ?? '';
  try {
    return dispatch(target, method, name, body);
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof TypeError) return errorReply(400, error.message);
    throw error;
  }
}
