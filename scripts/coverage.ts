// `npm run coverage`: how much of src/ the tests run, per file, from one run of the whole suite
// with coverage from two sources:
//   in-process  the jest tests, with jest's own V8 coverage (jest.config.js), which it maps back to
//               src/ through ts-jest's source maps. (c8 cannot measure these: jest evaluates
//               modules with node:vm, for which Node records no source maps.)
//   bundle      the contract tests' child processes (__tests__/support/runner.ts): they run a copy
//               of dist/ built with source maps into coverage/dist/, with NODE_V8_COVERAGE, and c8
//               maps what they ran back to src/.
// The two are merged with istanbul-lib-coverage, the library both tools report with, and only src/
// is reported. It prints the in-process summary and the combined table, and fails when either is
// under its THRESHOLDS below.
//
// `npm run coverage -- --in-process`: the in-process tests alone (the children run the committed
// dist/, unmeasured), with their per-file table. Other arguments go to jest. HTML, lcov and JSON
// summaries land in coverage/combined/ and coverage/in-process/ (gitignored, like all of coverage/).
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import libCoverage, { type CoverageMap, type CoverageMapData } from 'istanbul-lib-coverage';
import libReport from 'istanbul-lib-report';
import reports from 'istanbul-reports';

/**
 * The floor, in % of src/, for each view. Lines: at least 90 % from the in-process tests alone
 * (the orchestration runs in-process with a fake runner), and 95 % with the bundle's runs added.
 * The others are today's figures rounded down, a few points of room for a new branch.
 */
const THRESHOLDS = {
  inProcess: { lines: 90, statements: 90, functions: 88, branches: 80 },
  combined: { lines: 95, statements: 95, functions: 97, branches: 91 },
};
type View = keyof typeof THRESHOLDS;
type Metric = keyof (typeof THRESHOLDS)[View];

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'coverage');
const DIST = join(OUT, 'dist');
const V8 = join(OUT, 'v8');
const IN_PROCESS = join(OUT, 'in-process');
const BUNDLE = join(OUT, 'bundle');

const USAGE = `Usage: npm run coverage -- [--in-process] [jest options]

Runs the whole suite with coverage of src/ and fails under the thresholds in scripts/coverage.ts.
  (no option)     in-process tests and the bundle the contract tests run, merged
  --in-process    the in-process tests alone, with their per-file table
  --help          show this text
Other options go to jest. Reports land in coverage/combined/ and coverage/in-process/.`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const inProcessOnly = args.includes('--in-process');
const jestArgs = args.filter((arg) => arg !== '--in-process');

function run(command: string[], options: SpawnSyncOptions = {}): void {
  const result = spawnSync(process.execPath, command, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error(`Failed: ${relative(ROOT, command.find((part) => !part.startsWith('-')) ?? '')}`);
    process.exit(result.status ?? 1);
  }
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(V8, { recursive: true });

if (!inProcessOnly) {
  console.log('Building a copy of dist/ with source maps into coverage/dist/ …');
  run(['scripts/bundle.ts', '--out', DIST, '--source-map'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

// As `npm test` runs jest, with coverage on, and the children pointed at the copy.
run(
  [
    '--experimental-vm-modules',
    '--disable-warning=ExperimentalWarning',
    'node_modules/jest/bin/jest.js',
    '--coverage',
    '--coverageReporters=json',
    `--coverageDirectory=${IN_PROCESS}`,
    ...jestArgs,
  ],
  inProcessOnly ? {} : { env: { ...process.env, DOCS_AGENT_COVERAGE_DIST: DIST, DOCS_AGENT_COVERAGE_V8: V8 } },
);

if (!inProcessOnly) {
  // Every script the children ran from the copy; the maps spread it over src/ and node_modules/.
  run([
    'node_modules/c8/bin/c8.js',
    'report',
    `--temp-directory=${V8}`,
    `--reports-dir=${BUNDLE}`,
    '--reporter=json',
    // The copy only (c8's default exclude has coverage/**); undici.cjs has no map and nothing of src/.
    `--include=${relative(ROOT, DIST)}/**`,
    '--exclude=**/undici.cjs',
  ]);
}

/** The coverage of src/ files in a coverage-final.json; none of node_modules/ or the copy. */
function srcCoverage(file: string): CoverageMap {
  const map = libCoverage.createCoverageMap(JSON.parse(readFileSync(file, 'utf8')) as CoverageMapData);
  map.filter((path) => relative(ROOT, path).startsWith(`src${sep}`));
  return map;
}

/** Prints `text` (a table or a summary), writes html, lcov and JSON into `dir`; false when under THRESHOLDS. */
function report(map: CoverageMap, view: View, dir: string, text: 'text' | 'text-summary'): boolean {
  const context = libReport.createContext({ dir, coverageMap: map, defaultSummarizer: 'nested' });
  reports.create(text, { maxCols: process.stdout.columns || 120 }).execute(context);
  reports.create('html').execute(context);
  reports.create('lcovonly').execute(context);
  reports.create('json-summary').execute(context);
  const summary = map.getCoverageSummary();
  let ok = true;
  for (const metric of Object.keys(THRESHOLDS[view]) as Metric[]) {
    const [pct, minimum] = [summary[metric].pct, THRESHOLDS[view][metric]];
    if (pct < minimum) {
      console.error(
        `${view}: ${metric} ${pct} % is under the threshold of ${minimum} % (THRESHOLDS in scripts/coverage.ts).`,
      );
      ok = false;
    }
  }
  return ok;
}

const inProcess = srcCoverage(join(IN_PROCESS, 'coverage-final.json'));
console.log(`\nIn-process tests alone (${relative(ROOT, IN_PROCESS)}/):`);
let ok = report(inProcess, 'inProcess', IN_PROCESS, inProcessOnly ? 'text' : 'text-summary');

if (!inProcessOnly) {
  const combined = srcCoverage(join(BUNDLE, 'coverage-final.json'));
  combined.merge(inProcess);
  console.log('\nIn-process tests and the bundle the contract tests run (coverage/combined/):');
  ok = report(combined, 'combined', join(OUT, 'combined'), 'text') && ok;
}

if (!ok) process.exit(1);
