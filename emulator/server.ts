// The HTTP server: records each request, applies the fault queue around the service, and keeps
// track of sockets and delay timers so that close() never waits on a client or a pending fault.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { handleControl, isControlPath } from './control.ts';
import type { ControlTarget } from './control.ts';
import { faultReply } from './faults.ts';
import type { FaultQueue } from './faults.ts';
import { errorReply, readBody, send } from './http.ts';
import { faultRouteOf, matchRoute } from './routes.ts';
import { handleService } from './service.ts';
import type { ServiceState } from './service.ts';
import type { Fault, RecordedRequest, TlsOptions } from './types.ts';

export const HOST = '127.0.0.1';

interface ServerParts {
  now: () => number;
  service: ServiceState;
  faults: FaultQueue;
  requests: RecordedRequest[];
  control: ControlTarget;
  /** Serve https instead of http. */
  tls?: TlsOptions;
}

export class EmulatorServer {
  readonly #parts: ServerParts;
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  /** Pending delays, each with the function that ends its wait early. */
  readonly #delays = new Map<NodeJS.Timeout, (completed: boolean) => void>();
  #closing: Promise<void> | undefined;

  constructor(parts: ServerParts) {
    this.#parts = parts;
    const listener = (req: IncomingMessage, res: ServerResponse): void => {
      this.#handle(req, res).catch((error: unknown) => {
        send(res, errorReply(500, `Emulator error: ${error instanceof Error ? error.message : String(error)}`));
      });
    };
    this.#server = parts.tls ? createTlsServer(parts.tls, listener) : createServer(listener);
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.once('close', () => this.#sockets.delete(socket));
    });
  }

  /** Resolves with the bound port. */
  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, HOST, () => {
        this.#server.off('error', reject);
        resolve((this.#server.address() as AddressInfo).port);
      });
    });
  }

  close(): Promise<void> {
    this.#closing ??= new Promise((resolve) => {
      for (const [timer, finish] of this.#delays) {
        clearTimeout(timer);
        finish(false);
      }
      this.#delays.clear();
      // The callback fires once every connection is gone, which the destroy loop below ensures.
      this.#server.close(() => resolve());
      for (const socket of this.#sockets) socket.destroy();
    });
    return this.#closing;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { now, service, faults, requests, control } = this.#parts;
    const body = await readBody(req);
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    if (isControlPath(target)) {
      send(res, handleControl(control, method, target, body));
      return;
    }

    requests.push({ method, path: target, headers: { ...req.headers }, body, at: now() });
    const route = matchRoute(method, target);
    const taken = faults.take(faultRouteOf(route));
    const before = taken && !taken.afterProcessing ? taken.fault : undefined;
    const after = taken?.afterProcessing ? taken.fault : undefined;

    if (before && !(await this.#applyFault(before, req, res))) return;
    const reply = handleService(service, route, req.headers, body);
    if (after && !(await this.#applyFault(after, req, res))) return;
    send(res, reply);
  }

  /** Returns true when the service's own answer should still be sent (a delay that ran its course). */
  async #applyFault(fault: Fault, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (fault.kind === 'delay') return this.#wait(fault.ms);
    const reply = faultReply(fault);
    if (reply === 'reset') req.socket.destroy();
    else send(res, reply);
    return false;
  }

  /** Resolves true after ms, or false at once if the emulator is closed first. */
  #wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#delays.delete(timer);
        resolve(true);
      }, ms);
      this.#delays.set(timer, resolve);
    });
  }
}
