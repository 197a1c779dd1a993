// HTTP front of the fake: records each call, then authenticates, validates against GitHub's
// OpenAPI description, applies scheduled failures and finally dispatches to a route handler.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { Bases } from './render.ts';
import { errorReply, failureReply, rateLimitReply } from './respond.ts';
import type { Reply } from './respond.ts';
import { routes } from './routes.ts';
import type { Store } from './state.ts';
import type { RecordedCall } from './types.ts';
import { validateRequest } from './validate.ts';

interface Context {
  store: Store;
  token: string;
  actor: string;
  url: string;
  calls: RecordedCall[];
  violations: string[];
  unimplemented: string[];
}

const GHES_PREFIX = '/api/v3';
const GHES_GRAPHQL = '/api/graphql';

/** A scheduled failure that answers nothing: the connection stays open until the client gives up. */
export const HANG = 0;
const NO_REPLY: Reply = { status: HANG };

export async function listen(
  port: number,
  listener: RequestListener,
  tls?: { key: string | Buffer; cert: string | Buffer },
) {
  const server = tls ? createTlsServer(tls, listener) : createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake GitHub: no TCP address');
  return { server, url: `${tls ? 'https' : 'http'}://127.0.0.1:${address.port}` };
}

/** Resolves once the port is free; Octokit's keep-alive sockets would otherwise hold it open. */
export function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

export function handler(ctx: Context) {
  const rate = { remaining: 5000 };
  return (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let reply: Reply;
      try {
        reply = respond(ctx, req, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        // A crash here is a bug in the fake, not in the caller; say so instead of hanging.
        reply = errorReply(500, `fake GitHub crashed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (reply === NO_REPLY) return;
      send(res, reply, rate);
    });
  };
}

function respond(ctx: Context, req: IncomingMessage, raw: string): Reply {
  const full = new URL(req.url ?? '/', ctx.url);
  const ghes = full.pathname === GHES_PREFIX || full.pathname.startsWith(`${GHES_PREFIX}/`);
  // A GitHub Enterprise Server's GraphQL endpoint is /api/graphql, beside /api/v3 (Octokit's graphql goes there).
  const path = ghes
    ? full.pathname.slice(GHES_PREFIX.length) || '/'
    : full.pathname === GHES_GRAPHQL
      ? '/graphql'
      : full.pathname;
  const method = (req.method ?? 'GET').toUpperCase();
  ctx.calls.push({
    method,
    path,
    query: full.search.slice(1),
    body: parseLoose(raw),
    headers: { ...req.headers },
    at: Date.now(),
  });

  if (!authorized(req.headers.authorization, ctx.token)) return errorReply(401);

  const verdict = validateRequest(method, path, full.searchParams, raw);
  if (!verdict.ok) {
    ctx.violations.push(verdict.violation);
    return errorReply(verdict.status, verdict.message);
  }
  const failure = ctx.store.takeFailure(verdict.op.key);
  if (failure === HANG) return NO_REPLY;
  if (failure !== undefined) return failureReply(failure);
  const limit = ctx.store.takeRateLimit(verdict.op.key);
  if (limit !== undefined) return rateLimitReply(limit);

  const route = routes[verdict.op.key];
  if (route === undefined) {
    ctx.unimplemented.push(`${verdict.op.key} (${method} ${path})`);
    return errorReply(501, `fake GitHub does not implement ${verdict.op.key}`);
  }
  const { owner, repo } = verdict.params;
  // GitHub treats owner and repository names case-insensitively.
  const sameRepo =
    owner?.toLowerCase() === ctx.store.owner.toLowerCase() && repo?.toLowerCase() === ctx.store.repo.toLowerCase();
  // Operations outside a repository (GraphQL) have no owner to compare.
  if (owner !== undefined && !sameRepo) return errorReply(404);

  const bases: Bases = { api: ghes ? `${ctx.url}${GHES_PREFIX}` : ctx.url, web: ctx.url };
  return route({
    params: verdict.params,
    url: full,
    body: parseLoose(raw),
    store: ctx.store,
    bases,
    actor: ctx.actor,
  });
}

function authorized(header: string | undefined, token: string): boolean {
  const match = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] === token;
}

function parseLoose(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

// Cosmetic rate-limit headers; clients log them, none of the tests depend on their values.
function send(res: ServerResponse, reply: Reply, rate: { remaining: number }): void {
  rate.remaining = rate.remaining > 1 ? rate.remaining - 1 : 5000;
  const remaining = rate.remaining;
  const headers: Record<string, string> = {
    'x-github-media-type': 'github.v3; format=json',
    'x-github-api-version-selected': '2022-11-28',
    'x-github-request-id': randomBytes(8).toString('hex').toUpperCase(),
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-used': String(5000 - remaining),
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
    'x-ratelimit-resource': 'core',
    ...reply.headers,
  };
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers).end();
    return;
  }
  headers['content-type'] = 'application/json; charset=utf-8';
  res.writeHead(reply.status, headers).end(JSON.stringify(reply.body));
}
