// The HTTP control endpoint, so whoever runs the emulator from the command line can have faults on
// demand: POST /_emulator/inject with one fault rule or an array of them. It needs no key and is
// neither recorded nor faulted.
import { errorReply, jsonReply } from './http.ts';
import type { Reply } from './http.ts';
import type { Emulator, FaultRule } from './types.ts';

const CONTROL_PREFIX = '/_emulator/';
const INJECT = `${CONTROL_PREFIX}inject`;

export type ControlTarget = Pick<Emulator, 'inject'>;

export function isControlPath(target: string): boolean {
  return target.startsWith(CONTROL_PREFIX);
}

export function handleControl(target: ControlTarget, method: string, path: string, body: string): Reply {
  if (path.split('?', 1)[0] !== INJECT) return errorReply(404, 'Not found');
  if (method !== 'POST') return errorReply(405, 'Method not allowed');
  try {
    const input: unknown = body.trim() === '' ? {} : JSON.parse(body);
    const rules = (Array.isArray(input) ? input : [input]) as FaultRule[];
    // Validation lives in inject(); its TypeErrors become 400 answers below.
    target.inject(...rules);
    return jsonReply(200, { ok: true, injected: rules.length });
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof TypeError) return errorReply(400, error.message);
    throw error;
  }
}
