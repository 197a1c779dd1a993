// `npm run bench`: measures what the action costs a team and writes BENCHMARKS.md, each section from
// the bench file that measures it. About 5 minutes; a benchmark, not a test: it exits non-zero only
// when something crashes.
//
//   --rounds N       start-up rounds (default 20), each running the four programs once
//   --runs N         real runs per request kind and job length (default 3)
//   --lengths 5,30   job lengths in s for the real runs (default 5,30)
//   --in-flight N    detached requests a sweep finds in flight (default 50)
//   --quick          4 rounds, 1 run of a 5 s job, 10 in flight; prints the report, writes nothing
//   --note TEXT      a line for BENCHMARKS.md, e.g. what else was using the machine
//   --billed         rewrites only BENCHMARKS.md's billed minutes (bench/billed.ts), measuring nothing
// Start-up runs first and alone; the requests, which sleep, run side by side after it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NODE24, ROOT } from '../__tests__/support/runner.ts';
import { billedSection } from './billed.ts';
import { table } from './child.ts';
import { measureRequests, measureSweep, requestsSection, sweepSection } from './requests.ts';
import { buildPrograms, measureStartup, startupSection } from './startup.ts';

const scratch = mkdtempSync(join(tmpdir(), 'docs-agent-bench-'));

async function main(): Promise<void> {
  const text = (value: string) => ({ type: 'string', default: value }) as const;
  const flag = { type: 'boolean', default: false } as const;
  const sizes = { rounds: text('20'), runs: text('3'), lengths: text('5,30'), 'in-flight': text('50') };
  const flags = { note: text(''), quick: flag, billed: flag, help: { ...flag, short: 'h' } } as const;
  const { values } = parseArgs({ options: { ...sizes, ...flags } });
  if (values.help) {
    // The comment at the top of this file, so that the help and the header cannot drift apart.
    const header = /^(?:\/\/.*\n)+/.exec(readFileSync(import.meta.filename, 'utf8'))?.[0] ?? '';
    return console.log(header.replace(/^\/\/ ?/gm, '').trimEnd());
  }
  if (values.billed) return await writeReport(billedInto(readFileSync(join(ROOT, 'BENCHMARKS.md'), 'utf8')));
  const given = values.quick ? { rounds: '4', runs: '1', lengths: '5', 'in-flight': '10' } : values;
  const [rounds, runs, inFlight] = [Number(given.rounds), Number(given.runs), Number(given['in-flight'])];
  const lengths = given.lengths.split(',').map(Number);
  if (![rounds, runs, inFlight, ...lengths].every((n) => Number.isInteger(n) && n > 0)) {
    throw new Error('--rounds, --runs, --in-flight and --lengths take whole numbers above 0');
  }
  const started = performance.now();
  const seconds = (): string => ((performance.now() - started) / 1000).toFixed(0);
  const step = (what: string): void => console.error(`[bench ${seconds()} s] ${what}`);
  const loadAtStart = loadavg();

  step('building dist/ from the working tree, the conventional action and src/ without the stand-in');
  const programs = buildPrograms(scratch);
  step(`start-up: ${rounds} rounds`);
  const startup = await measureStartup(rounds, programs, scratch);
  step(`requests: ${runs} run(s) each of ${lengths.join(', ')} s jobs, dispatch and comment, at once`);
  const dist = programs[programs.length - 1]!.script;
  const requests = await measureRequests(lengths, runs, dist);
  step(`sweep: ${runs} waiting request(s), ${inFlight} detached, two sweeps`);
  const sweep = await measureSweep(inFlight, runs, dist);

  const load = (values: number[]): string => values.map((v) => v.toFixed(2)).join(', ');
  const run = (command: string, ...args: string[]): string =>
    execFileSync(command, args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = run('git', 'status', '--porcelain', '--', 'src', 'package-lock.json') ? ' with changes' : '';
  const machine: Record<string, string> = {
    Machine: `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores; Node ${run(NODE24, '--version')}`,
    Code: `${run('git', 'rev-parse', '--short', 'HEAD')}${dirty}, ${new Date().toISOString().slice(0, 16)}Z; ${seconds()} s`,
    'Load average (1, 5, 15 min)': `${load(loadAtStart)} at the start, ${load(loadavg())} at the end`,
    ...(values.note ? { Note: values.note } : {}),
  };
  const markdown = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/run.ts) from one run on one machine; run it again rather than',
    'editing this file. Figures are min / median / max. A benchmark, not a test: it fails only when',
    'something crashes.',
    '',
    table(['', ''], Object.entries(machine)),
    '',
    ...startupSection(rounds, startup),
    ...requestsSection(requests, values.quick ? 200 : 2_000),
    ...sweepSection(sweep),
    ...billedSection(),
  ].join('\n');
  if (values.quick) return console.log(markdown);
  await writeReport(markdown);
  step('wrote BENCHMARKS.md');
}

/** The report with its billed-minutes section made anew (appended when it has none). */
const billedInto = (report: string): string =>
  `${report.replace(/\n## Billed minutes[\s\S]*?(?=\n## |$)/, '').trimEnd()}\n\n${billedSection().join('\n')}`;

async function writeReport(markdown: string): Promise<void> {
  const path = join(ROOT, 'BENCHMARKS.md');
  // Formatted as `npm run format:check` expects, so the generated file passes it as written.
  const prettier = await import('prettier');
  writeFileSync(path, await prettier.format(markdown, { ...(await prettier.resolveConfig(path)), filepath: path }));
}

try {
  await main();
} catch (error) {
  // A flag parseArgs refused is the user's mistake, not a crash: its message, without a stack.
  const usage = error instanceof TypeError && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
  if (usage) console.error(`${error.message}\nRun "npm run bench -- --help" for the options.`);
  else console.error('The benchmark crashed:', error);
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
