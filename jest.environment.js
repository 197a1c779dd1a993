// jest's Node environment, plus V8's coverage of src/ when jest.config.js measures the whole suite
// (it then names this file as `testEnvironment` and sets DOCS_AGENT_COVERAGE_DIR). V8's precise
// coverage is started once per jest worker, on its first test file, and read after each test file;
// jest's own V8 coverage (`coverageProvider: 'v8'`) starts it anew for every file, and each start
// makes V8 drop the worker's optimised code and walk its heap. Each read resets V8's counters, so no
// file's counts are written twice. Only src/ is kept; jest.coverage.js reports it, mapping the
// ranges back to the .ts files, whose lines and columns the type stripping keeps
// (jest.transform.js). It runs in the worker, outside the test files' sandboxes.
import { TestEnvironment } from 'jest-environment-node';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const directory = process.env.DOCS_AGENT_COVERAGE_DIR ?? '';
const src = join(import.meta.dirname, 'src') + '/';

/** The worker's one session, started by its first test file. */
let session;

async function started() {
  if (!session) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
    // With V8's coverage on, a worker that ends by emptying its loop (as jest's workers do) then
    // spends longer than jest's 500 ms grace tearing down, and jest kills it with a warning. Once
    // its loop is empty the worker has nothing left to do: it exits at once. Only in a worker
    // (forked, so it has process.send); jest's own process sets its exit code in an 'exit' handler,
    // which process.exit() without a code would run too.
    if (process.send) process.once('beforeExit', () => process.exit());
  }
  return session;
}

export default class CoveredEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    if (directory) await started();
  }

  async teardown() {
    if (directory && session) {
      const { result } = await session.post('Profiler.takePreciseCoverage');
      // jest names the modules it evaluates by their path, Node by their URL; c8 reads URLs.
      const kept = result
        .map((script) => ({ ...script, url: script.url.startsWith('file:') ? fileURLToPath(script.url) : script.url }))
        .filter((script) => script.url.startsWith(src))
        .map((script) => ({ ...script, url: pathToFileURL(script.url).href }));
      mkdirSync(directory, { recursive: true });
      const name = `coverage-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`;
      writeFileSync(join(directory, name), JSON.stringify({ result: kept }));
    }
    await super.teardown();
  }
}
