// Jest runs in ESM mode (@actions/core 3 and @actions/github 9 are ESM only) under the
// Node 24 that `npm test` puts on PATH. jest.transform.js strips the types with Node's own
// stripper (no ts-jest: it loaded TypeScript in every worker and compiled each file anew when the
// cache was cold); `npm run typecheck` type-checks.

// `npm test` with no test files named runs the whole suite, as CI does, and then measures how much
// of src/ the in-process tests run and fails under the thresholds below. Naming files
// (`npm test -- __tests__/inputs.test.ts`) runs just those, unmeasured: a part of the suite cannot
// meet a threshold for all of src/. `--coverage` or `--coverage=false` decides either way.
const named = process.argv.slice(2).some((arg) => !arg.startsWith('-'));

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
  // Jest's default is one worker fewer than the cores: one on a two-core runner, where much of a
  // test's time is spent waiting on a child process or the emulators. Two keep both cores busy.
  maxWorkers: '100%',
  // jest's runtime with V8's coverage taken without the inspector's Debugger (jest.runtime.cjs).
  runtime: '<rootDir>/jest.runtime.cjs',
  // V8's coverage, mapped back to src/ through ts-jest's source maps, for every file under src/
  // whether a test loads it or not. Only in-process tests count: the contract tests' child
  // processes run the bundle, which is not measured (the orchestration runs in-process with a fake
  // runner, so in-process tests can reach every line that matters).
  collectCoverage: !named,
  coverageProvider: 'v8',
  collectCoverageFrom: ['src/**/*.ts', '!src/**/*.d.ts'],
  coverageReporters: ['text-summary', 'html'],
  // In %, of all of src/. Lines are the goal (90); the others are today's figures rounded down.
  coverageThreshold: { global: { lines: 90, statements: 90, functions: 88, branches: 80 } },
};
