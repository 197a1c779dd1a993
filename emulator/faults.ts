// The fault queue and what each fault puts on the wire.
import { STATUS_CODES } from 'node:http';
import { JSON_TYPE } from './http.ts';
import type { Reply } from './http.ts';
import type { Fault, FaultRoute, FaultRule } from './types.ts';

/** A rule taken off the queue for one request. */
interface TakenFault {
  fault: Fault;
  afterProcessing: boolean;
}

export class FaultQueue {
  #rules: Required<FaultRule>[] = [];

  /** Rules must already be normalised copies (see parseFaultRule): their times are decremented in place. */
  push(rules: Required<FaultRule>[]): void {
    this.#rules.push(...rules);
  }

  /** Consumes one use of the first rule matching the route, if any. */
  take(route: FaultRoute | undefined): TakenFault | undefined {
    const index = this.#rules.findIndex((rule) => rule.route === 'any' || rule.route === route);
    const rule = this.#rules[index];
    if (!rule) return undefined;
    rule.times -= 1;
    if (rule.times <= 0) this.#rules.splice(index, 1);
    return { fault: rule.fault, afterProcessing: rule.afterProcessing };
  }

  clear(): void {
    this.#rules = [];
  }
}

function reasonOf(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** The kind of page nginx or a cloud load balancer sends when the service behind it is unwell. */
function htmlPage(status: number): string {
  const title = `${status} ${reasonOf(status)}`;
  return [
    '<!DOCTYPE html>',
    `<html><head><title>${title}</title></head>`,
    `<body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>`,
    '',
  ].join('\n');
}

/**
 * The answer a fault sends instead of the service's, or 'reset' when the connection is to be cut.
 * A delay is not an answer of its own: the caller waits and then sends the service's answer.
 */
export function faultReply(fault: Exclude<Fault, { kind: 'delay' }>): Reply | 'reset' {
  switch (fault.kind) {
    case 'reset':
      return 'reset';
    case 'malformed':
      return { status: 200, body: '{"id": "job_', headers: { 'content-type': JSON_TYPE } };
    case 'html':
      return { status: fault.status, body: htmlPage(fault.status), headers: { 'content-type': 'text/html' } };
    case 'status':
      return {
        status: fault.status,
        body: fault.body ?? JSON.stringify({ error: `Emulated fault ${fault.status}` }),
        headers: { 'content-type': fault.contentType ?? JSON_TYPE, ...lowerCaseKeys(fault.headers ?? {}) },
      };
  }
}

// Header names from a rule may be in any case; lower-casing them keeps 'Content-Type' in a rule's
// headers from sitting next to our own 'content-type' as a duplicate.
function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
