import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { countsDirectory } from './jest.coverage.js';

// Jest runs in ESM mode (@actions/core 3 and @actions/github 9 are ESM only) under the
// Node 24 that `npm test` puts on PATH. jest.transform.js strips the types with Node's own
// stripper (no ts-jest: it loaded TypeScript in every worker and compiled each file anew when the
// cache was cold); `npm run typecheck` type-checks.

// `npm test` with no test files named runs the whole suite, as CI does, and then measures how much
// of src/ the in-process tests run and fails under the thresholds in jest.coverage.js. Naming files
// (`npm test -- __tests__/inputs.test.ts`) runs just those, unmeasured: a part of the suite cannot
// meet a threshold for all of src/. `--coverage=false` runs the whole suite unmeasured.
const args = process.argv.slice(2);
const measure = !args.some((arg) => !arg.startsWith('-')) && !args.includes('--coverage=false');
// Read by jest.environment.js in jest's workers, which inherit this process's environment; a run
// that does not measure drops a directory it inherited from a run that does.
if (measure) process.env.DOCS_AGENT_COVERAGE_DIR = countsDirectory();
else delete process.env.DOCS_AGENT_COVERAGE_DIR;

// Node's compile cache (V8's code and the stripped TypeScript, kept on disk) for jest's workers and
// for the processes the tests start with this environment (the demo, the emulators' command lines,
// npm): each then starts in about half the CPU. A cache a developer set already is kept.
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'docs-agent-node-compile-cache');

/** @type {import('jest').Config} */
export default {
  testEnvironment: '<rootDir>/jest.environment.js',
  extensionsToTreatAsEsm: ['.ts'],
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': '<rootDir>/jest.transform.js',
  },
  // undici on its first use, as in the bundle: __tests__/support/undici-on-first-use.cjs says why.
  moduleNameMapper: { '^undici$': '<rootDir>/__tests__/support/undici-on-first-use.cjs' },
  // Child processes of the contract tests are killed on teardown; a slow machine still finishes.
  testTimeout: 30000,
  // Jest's default is one worker fewer than the cores. Much of a test file's time is spent waiting
  // on a child process, the emulators' jobs or the action's scaled polls, so two workers per core
  // and one more (five on a two-core runner) keep the cores busy while files wait. Measured on two
  // cores for the same CPU: 3 workers took 103 s and 4 took 95 s; in four pairs of runs taken in
  // turns, 5 took 84 to 96 s (mean 88.5) where 4 took 88 to 98 s (mean 93.1). The slowest files,
  // which jest starts first, wait the most: with four, the cores were idle a sixth of the first
  // 40 s and 3 % after. A number: jest reads a percentage above 100 ('200%') as that many workers.
  // package.json's `npm test` gives node (and so each worker, which jest forks with the same flags)
  // a 32 MiB young generation: fewer scavenges of the many short-lived objects jest's module loading
  // makes (about 4 % of the suite's CPU on two cores), and V8's efficiency mode (`--efficiency-mode`:
  // fewer helper threads, and TurboFan put off to a function's 15,000th call, `node --v8-options`):
  // most of a test file's code runs a few times and is thrown away with the file, so optimising it
  // was mostly wasted (about 6 % less CPU in the workers, docs/development.md has the figures).
  maxWorkers: availableParallelism() * 2 + 1,
  // V8's coverage of src/, started by jest.environment.js once per worker (not by jest,
  // whose own V8 coverage restarts V8's for every test file), and reported by jest.coverage.js:
  // every file under src/ whether a test loads it or not. Only in-process tests count: the
  // contract tests' child processes run the bundle, which is not measured (the orchestration runs
  // in-process with a fake runner, so in-process tests can reach every line that matters).
  ...(measure ? { globalTeardown: '<rootDir>/jest.coverage.js' } : {}),
};
