// Jest runs in ESM mode (@actions/core 3 and @actions/github 9 are ESM only) under the
// Node 24 that `npm test` puts on PATH. ts-jest only transpiles; `npm run typecheck` type-checks.
/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: { rewriteRelativeImportExtensions: false } }],
  },
  // Child processes of the contract tests are killed on teardown; a slow machine still finishes.
  testTimeout: 30000,
  // `npm run coverage` (scripts/coverage.ts) turns coverage on: V8's, mapped back to src/ through
  // ts-jest's source maps, for every file under src/ whether a test loads it or not.
  coverageProvider: 'v8',
  collectCoverageFrom: ['src/**/*.{ts,cjs}', '!src/**/*.d.ts'],
};
