// The whole suite's coverage of src/: jest.config.js names this file as jest's globalTeardown when
// it measures. jest.environment.js writes each worker's counts every few files; c8 (the V8 coverage
// reporter) maps them back to the .ts files, adds the files no test loaded at 0 %, writes the
// summary and the HTML report to coverage/, and the run fails under THRESHOLDS.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

/** In %, of all of src/. Lines are the goal (90); the others are today's figures rounded down. */
export const THRESHOLDS = { lines: 90, statements: 90, functions: 88, branches: 80 };

const REPORTS = join(import.meta.dirname, 'coverage');

/**
 * Where this run's workers write their counts (jest.config.js hands it to them in
 * DOCS_AGENT_COVERAGE_DIR): a directory of this process's own, so that a jest a test starts (`npm
 * test -- --help`) never touches the counts of the run that started it. Emptied first.
 */
export function countsDirectory() {
  const counts = join(REPORTS, 'tmp', String(process.pid));
  rmSync(counts, { recursive: true, force: true });
  return counts;
}

export default async function reportCoverage() {
  // Loaded here, so that a run of named files does not load c8.
  const { Report } = await import('c8');
  const counts = process.env.DOCS_AGENT_COVERAGE_DIR ?? '';
  const report = new Report({
    include: ['src/**/*.ts'],
    exclude: ['src/**/*.d.ts'],
    extension: ['.ts'],
    reporter: ['text-summary', 'html'],
    reportsDirectory: REPORTS,
    tempDirectory: counts,
    all: true,
    src: [join(import.meta.dirname, 'src')],
    excludeNodeModules: true,
  });
  await report.run();
  const summary = (await report.getCoverageMapFromAllCoverageFiles()).getCoverageSummary();
  rmSync(counts, { recursive: true, force: true });
  const under = Object.entries(THRESHOLDS)
    .filter(([kind, least]) => summary[kind].pct < least)
    .map(([kind, least]) => `${kind} ${summary[kind].pct} % (at least ${least} %)`);
  if (under.length > 0)
    throw new Error(`Coverage of src/ under the thresholds in jest.coverage.js: ${under.join(', ')}`);
}
