// Answers are built as plain values and written in one place, so a fault can replace an answer that
// was already computed (the "afterProcessing" case) without the handlers knowing about faults.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, body: JSON.stringify(value), headers: { 'content-type': JSON_TYPE, ...headers } };
}

export function errorReply(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, { error: message }, headers);
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(reply.status, { ...reply.headers, 'content-length': Buffer.byteLength(reply.body) });
  res.end(reply.body);
}

/** Parses a JSON body that must be an object; returns undefined for anything else. */
export function parseJsonObject(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
