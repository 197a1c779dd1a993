// jest's Node environment, plus V8's coverage of src/ when jest.config.js measures the whole suite
// (it then names this file as `testEnvironment` and sets DOCS_AGENT_COVERAGE_DIR). V8's precise
// coverage is started once per jest worker, on its first test file; jest's own V8 coverage
// (`coverageProvider: 'v8'`) starts it anew for every file, and each start makes V8 drop the
// worker's optimised code and walk its heap. While it runs, V8 keeps every function it counted, so
// the counts of a file's modules outlive the file until they are read. A read costs 85 to 200 ms of
// CPU however little ran since the last one (more as the worker's code grows), so a worker reads
// every BATCH files, when it falls idle, and before it exits (jest's own process, running tests in
// band, reads after each file).
// Each read resets V8's counters, so no count is written twice. Only src/ is kept; jest.coverage.js
// reports it, mapping the ranges back to the .ts files, whose lines and columns the type stripping
// keeps (jest.transform.js). It runs in the worker, outside the test files' sandboxes.
//
// It also hosts the emulators (the service's, the fake GitHub's, the assistant's and the offline
// service that fronts two of them) for __tests__/support/emulators.ts, and the test renderer
// (__tests__/support/markdown-html.ts, micromark) for support/render.ts: loaded once per worker,
// outside jest's module registry, which loads every module anew for each test file. Each file still
// starts servers of its own, with their own state; only the code is shared. They are test
// infrastructure, not src/: no test file's module mocks reach them, and they keep no state outside
// their servers. Both are warmed before the worker starts V8's coverage: the renderer over a document
// of the constructs the tests use, the emulators by one short round of requests
// (support/warm-emulators.ts). What V8 compiled before its coverage started carries no counters and
// runs as fast as without coverage (markdown-html.ts has the figures); what the warming did not
// reach still works, compiled with counters on its first use.
import { TestEnvironment } from 'jest-environment-node';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const directory = process.env.DOCS_AGENT_COVERAGE_DIR ?? '';
const src = join(import.meta.dirname, 'src') + '/';

/** Where the test files find the emulators' loader: __tests__/support/emulators.ts reads it. */
const EMULATORS = Symbol.for('docs-agent-action.emulators');
/** The worker's one copy of the emulators, loaded by Node itself (its type stripping). */
let emulators;
function loadEmulators() {
  emulators ??= Promise.all(
    ['index.ts', 'github/index.ts', 'assistant/index.ts', 'offline.ts'].map(
      (file) => import(new URL(`emulator/${file}`, import.meta.url).href),
    ),
  ).then(([agent, github, assistant, offline]) => ({ ...agent, ...github, ...assistant, ...offline }));
  return emulators;
}

/** Where support/render.ts finds the hosted renderer. */
const RENDER_HTML = Symbol.for('docs-agent-action.render-html');

const hosted = (file) => import(new URL(`__tests__/support/${file}`, import.meta.url).href);
/**
 * What each setup awaits before it starts the coverage: the renderer, warmed, and when the run
 * measures, the emulators warmed too (unmeasured, they load on the first file that asks).
 */
const warmed = Promise.all([
  hosted('markdown-html.ts').then((module) => {
    module.warmUp();
    return module.renderHtml;
  }),
  directory
    ? Promise.all([loadEmulators(), hosted('warm-emulators.ts')]).then(([loaded, module]) =>
        module.warmEmulators(loaded),
      )
    : undefined,
]);

/** Files run since the last read, after which a worker reads; at most this many files' counts wait. */
const BATCH = 8;
/** How long a worker waits, once a file ends, for jest to hand it the next before it reads. */
const IDLE_MS = 100;

/** The worker's one session, started by its first test file. */
let session;
/** Test files whose counts have not been read. */
let unread = 0;
let idle;

function started() {
  if (!session) {
    session = new Session();
    session.connect();
    // The in-thread inspector answers each call before `post` returns: reads are synchronous, so
    // an exit or a signal can read what is left.
    session.post('Profiler.enable');
    session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
    // With V8's coverage on, a worker that ends by emptying its loop (as jest's workers do) then
    // spends longer than jest's 500 ms grace tearing down, and jest kills it with a warning. Once
    // its loop is empty the worker has nothing left to do: it reads what is left and exits at
    // once. jest sends SIGTERM to a worker it stops waiting for; the counts are read then too.
    // Only in a worker (forked, so it has process.send); jest's own process sets its exit code in
    // an 'exit' handler, which process.exit() without a code would run too.
    if (process.send) {
      for (const event of ['beforeExit', 'SIGTERM'])
        process.once(event, () => {
          read();
          process.exit();
        });
    }
  }
}

/** Writes the counts of src/ since the last read, if any test file ran since. */
function read() {
  clearTimeout(idle);
  if (unread === 0) return;
  unread = 0;
  let result = [];
  session.post('Profiler.takePreciseCoverage', (error, taken) => {
    if (error) throw error;
    result = taken.result;
  });
  // jest names the modules it evaluates by their path, Node by their URL; c8 reads URLs.
  const kept = result
    .map((script) => ({ ...script, url: script.url.startsWith('file:') ? fileURLToPath(script.url) : script.url }))
    .filter((script) => script.url.startsWith(src))
    .map((script) => ({ ...script, url: pathToFileURL(script.url).href }));
  mkdirSync(directory, { recursive: true });
  const name = `coverage-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`;
  writeFileSync(join(directory, name), JSON.stringify({ result: kept }));
}

export default class CoveredEnvironment extends TestEnvironment {
  async setup() {
    clearTimeout(idle);
    await super.setup();
    this.global[EMULATORS] = loadEmulators;
    // Before the coverage starts: the header says why.
    [this.global[RENDER_HTML]] = await warmed;
    if (directory) started();
  }

  async teardown() {
    if (directory && session) {
      unread += 1;
      if (!process.send || unread >= BATCH) read();
      else idle = setTimeout(read, IDLE_MS);
    }
    await super.teardown();
  }
}
