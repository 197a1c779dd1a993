/**
 * Calls a function in a worker thread, under a deadline: the guard for the checks that outside
 * text of the worst shapes is read in bounded time (markdown.test, ask-render.test), and where
 * layers.test builds src/'s import graph with TypeScript (support/import-graph.ts).
 *
 * - jest's timeout cannot stop a synchronous loop: a test that scans for a minute passes, a minute
 *   late. A worker is terminated at the deadline, and the test (named after its input) fails.
 * - The worker is its own V8 isolate, where the suite's coverage counters (jest.environment.js) are
 *   off: under them markdown-it's inner loops ran 2 to 10 times slower. The same functions are
 *   covered by the other tests in this process.
 * - The worker runs the module as Node runs it (its own type stripping and compile cache), not
 *   through jest's transform and module registry.
 */
import { Worker } from 'node:worker_threads';

/** Evaluated in the worker: imports each module once, and answers each call by its number. */
const WORKER = `
const { parentPort } = require('node:worker_threads');
const modules = new Map();
parentPort.on('message', async ({ id, module, name, args }) => {
  try {
    if (!modules.has(module)) modules.set(module, import(module));
    const result = (await modules.get(module))[name](...args);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.stack || error) });
  }
});
`;

export interface InWorker {
  /**
   * `name(...args)` from `module` (a file URL) in the worker; rejects if it has not
   * returned within `deadlineMs`, and the next call gets a fresh worker.
   */
  call(module: URL, name: string, args: unknown[], deadlineMs: number): Promise<unknown>;
  close(): Promise<void>;
}

/** A worker thread, started on the first call. */
export function inWorker(): InWorker {
  let worker: Worker | undefined;
  let next = 0;
  const start = (): Worker => {
    const started = new Worker(WORKER, { eval: true });
    started.unref();
    return started;
  };
  return {
    call(module, name, args, deadlineMs) {
      const current = (worker ??= start());
      const id = next++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          cleanup();
          worker = undefined;
          void current.terminate();
          reject(new Error(`${name} did not return within ${deadlineMs} ms`));
        }, deadlineMs);
        const onMessage = (message: { id: number; result?: unknown; error?: string }): void => {
          if (message.id !== id) return;
          cleanup();
          if (message.error === undefined) resolve(message.result);
          else reject(new Error(message.error));
        };
        const onError = (error: Error): void => {
          cleanup();
          worker = undefined;
          reject(error);
        };
        const cleanup = (): void => {
          clearTimeout(timer);
          current.off('message', onMessage).off('error', onError);
        };
        current.on('message', onMessage).on('error', onError);
        current.postMessage({ id, module: module.href, name, args });
      });
    },
    async close() {
      await worker?.terminate();
      worker = undefined;
    },
  };
}
