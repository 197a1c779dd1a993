// The whole suite's coverage of src/: jest.config.js names this file as jest's globalTeardown when
// it measures. The counts are taken once per worker by
// jest.environment.js; c8 (the V8 coverage reporter) maps them back to the .ts files,
// adds the files no test loaded at 0 %, writes the summary and the HTML report to coverage/, and
// the run fails under THRESHOLDS.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

/** In %, of all of src/. Lines are the goal (90); the others are today's figures rounded down. */
export const THRESHOLDS = { lines: 90, statements: 90, functions: 88, branches: 80 };

export const REPORTS = join(import.meta.dirname, 'coverage');
export const COUNTS = join(REPORTS, 'tmp');

/** Before the run, in jest.config.js: no counts of an earlier run are read. */
export function clearCoverage() {
  rmSync(REPORTS, { recursive: true, force: true });
}

export default async function reportCoverage() {
  // Loaded here, so that a run of named files does not load c8.
  const { Report } = await import('c8');
  const report = new Report({
    include: ['src/**/*.ts'],
    exclude: ['src/**/*.d.ts'],
    extension: ['.ts'],
    reporter: ['text-summary', 'html'],
    reportsDirectory: REPORTS,
    tempDirectory: COUNTS,
    all: true,
    src: [join(import.meta.dirname, 'src')],
    excludeNodeModules: true,
  });
  await report.run();
  const summary = (await report.getCoverageMapFromAllCoverageFiles()).getCoverageSummary();
  const under = Object.entries(THRESHOLDS)
    .filter(([kind, least]) => summary[kind].pct < least)
    .map(([kind, least]) => `${kind} ${summary[kind].pct} % (at least ${least} %)`);
  if (under.length > 0)
    throw new Error(`Coverage of src/ under the thresholds in jest.coverage.js: ${under.join(', ')}`);
}
