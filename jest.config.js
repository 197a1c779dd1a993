import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

// Jest runs in ESM mode (@actions/core 3 and @actions/github 9 are ESM only) under the
// Node 24 that `npm test` puts on PATH. jest.transform.js strips the types with Node's own
// stripper (no ts-jest: it loaded TypeScript in every worker and compiled each file anew when the
// cache was cold); `npm run typecheck` type-checks.

// `npm test` with no test files named runs the whole suite, as CI does, and then measures how much
// of src/ the in-process tests run and fails under the thresholds below. Naming files
// (`npm test -- __tests__/inputs.test.ts`) runs just those, unmeasured: a part of the suite cannot
// meet a threshold for all of src/. `--coverage` or `--coverage=false` decides either way.
const named = process.argv.slice(2).some((arg) => !arg.startsWith('-'));

// Node's compile cache (V8's code and the stripped TypeScript, kept on disk) for jest's workers and
// for the processes the tests start with this environment (the demo, the emulators' command lines,
// npm): each then starts in about half the CPU. A cache a developer set already is kept.
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'docs-agent-node-compile-cache');

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': '<rootDir>/jest.transform.js',
  },
  // Child processes of the contract tests are killed on teardown; a slow machine still finishes.
  testTimeout: 30000,
  // Jest's default is one worker fewer than the cores. Much of a test file's time is spent waiting
  // on a child process, the emulators' jobs or the action's scaled polls, so half a worker more per
  // core (three on a two-core runner) keeps the cores busy while one file waits. A number: jest
  // reads a percentage above 100 ('150%') as that many workers.
  maxWorkers: Math.ceil(availableParallelism() * 1.5),
  // The longest files first, also on a fresh clone without jest's timings (jest.sequencer.cjs).
  testSequencer: '<rootDir>/jest.sequencer.cjs',
  // jest's runtime with V8's coverage taken without the inspector's Debugger (jest.runtime.cjs).
  runtime: '<rootDir>/jest.runtime.cjs',
  // V8's coverage of src/ (stripped of types, each file keeps its lines and columns: no source map
  // needed), for every file under src/ whether a test loads it or not. Only in-process tests count:
  // the contract tests' child processes run the bundle, which is not measured (the orchestration
  // runs in-process with a fake runner, so in-process tests can reach every line that matters).
  collectCoverage: !named,
  coverageProvider: 'v8',
  collectCoverageFrom: ['src/**/*.ts', '!src/**/*.d.ts'],
  coverageReporters: ['text-summary', 'html'],
  // In %, of all of src/. Lines are the goal (90); the others are today's figures rounded down.
  coverageThreshold: { global: { lines: 90, statements: 90, functions: 88, branches: 80 } },
};
