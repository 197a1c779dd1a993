/**
 * The whole suite's coverage of src/ (jest.config.js loads this file after each test file's
 * environment when it measures; jest.coverage.js reports and checks it). V8's precise coverage is
 * started once per jest worker and read after each test file, where jest's own V8 coverage starts
 * it anew for every file: each start makes V8 drop the worker's optimised code and walk its heap,
 * which cost the suite about a quarter of its CPU. Each read resets V8's counters, so no file's
 * counts are written twice. Only src/ is kept; the report maps the ranges back to the .ts files,
 * whose lines and columns the type stripping keeps (jest.transform.js).
 */
import inspector from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface ScriptCoverage {
  url: string;
}

// jest gives each test file a fresh global object, but core modules are the worker's own: the
// session hangs on the inspector module, so the worker keeps one for all its test files.
const SESSION = Symbol.for('docs-agent.coverage-session');
const holder = inspector as unknown as { [SESSION]?: inspector.Session };
const directory = process.env.DOCS_AGENT_COVERAGE_DIR ?? '';
const src = join(process.cwd(), 'src') + '/';

function post<T>(session: inspector.Session, method: string, params: object = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T)));
  });
}

async function started(): Promise<inspector.Session> {
  const known = holder[SESSION];
  if (known) return known;
  const session = new inspector.Session();
  session.connect();
  holder[SESSION] = session;
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  return session;
}

if (directory) {
  const session = await started();
  afterAll(async () => {
    const { result } = await post<{ result: ScriptCoverage[] }>(session, 'Profiler.takePreciseCoverage');
    // jest names the modules it evaluates by their path, Node by their URL; c8 reads URLs.
    const kept = result
      .map((script) => ({ ...script, url: script.url.startsWith('file:') ? fileURLToPath(script.url) : script.url }))
      .filter((script) => script.url.startsWith(src))
      .map((script) => ({ ...script, url: pathToFileURL(script.url).href }));
    mkdirSync(directory, { recursive: true });
    const name = `coverage-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`;
    writeFileSync(join(directory, name), JSON.stringify({ result: kept }));
  });
}
