// `npm run bench`: measures what the action costs beside its baselines, prints the table and writes
// BENCHMARKS.md. A benchmark, not a timed test: it exits non-zero only when something crashes.
//
//   node bench/run.ts            the full run (about 3 minutes; most of it waiting on 2-minute jobs)
//   node bench/run.ts --quick    a smoke run with few samples; prints, does not write BENCHMARKS.md
//   --alternatives               also measures other builds of src/ (bench/alternatives.ts): the dist/
//                                of --baseline-rev (default: where this branch left main) and
//                                esbuild's, beside dist/
//   --note TEXT                  a note for BENCHMARKS.md, e.g. what else was using the machine
//
// Sections run one after another so that the start-up and memory runs have the machine to
// themselves; only the waiting runs, which sleep, run side by side.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildAlternatives } from './alternatives.ts';
import { measureBundle, staleDist } from './bundle.ts';
import { cleanup, ROOT, type Candidate } from './child.ts';
import { measureCommentFlow } from './comment-flow.ts';
import { describeMachine } from './machine.ts';
import { measureMemory } from './memory.ts';
import { renderMarkdown, summaryRows, summaryTable, type Results } from './report.ts';
import { simulate } from './schedule.ts';
import { measureBreakdown } from './startup-breakdown.ts';
import { measureStartup } from './startup.ts';
import type { LengthSchedules } from './targets.ts';
import { measureWaiting } from './waiting.ts';

const FULL = {
  startupRounds: 30,
  commentFlowRounds: 20,
  breakdownRuns: 10,
  memoryRounds: 10,
  waitLengthsS: [5, 30, 120],
  waitRunsEach: 10,
  simulatedLengthsS: [5, 30, 120, 600, 1800],
  simulatedJobs: 2_000,
};
const QUICK = {
  ...FULL,
  startupRounds: 4,
  commentFlowRounds: 2,
  breakdownRuns: 2,
  memoryRounds: 2,
  waitLengthsS: [5],
  waitRunsEach: 2,
  simulatedJobs: 200,
};
const FIXED_INTERVALS_S = [10, 30];

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      alternatives: { type: 'boolean', default: false },
      'baseline-rev': { type: 'string' },
      note: { type: 'string' },
    },
  });
  const plan = values.quick ? QUICK : FULL;
  const started = performance.now();
  const step = (what: string): void =>
    console.error(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${what}`);

  const machine = describeMachine();
  // A report of a stale dist/ would describe other code: a full run refuses, a quick one warns.
  const stale = staleDist();
  if (stale && !values.quick) {
    console.error(`Not measuring: ${stale}`);
    process.exitCode = 1;
    return;
  }
  if (stale) console.error(`Warning: ${stale}`);
  const bundle = measureBundle();

  let baseline: Candidate | undefined;
  let others: Candidate[] = [];
  if (values.alternatives) {
    step(`building other builds (dist/ of ${values['baseline-rev'] ?? 'the merge base with main'}, esbuild)`);
    ({ baseline, others } = await buildAlternatives(values['baseline-rev']));
  }
  const candidates = [...(baseline ? [baseline] : []), ...others];

  step(`start-up: ${plan.startupRounds} interleaved rounds`);
  const startup = await measureStartup(plan.startupRounds, candidates);
  step(`start-up breakdown: ${plan.breakdownRuns} runs`);
  const breakdown = await measureBreakdown(plan.breakdownRuns);
  step(`memory: ${plan.memoryRounds} interleaved rounds`);
  const memory = await measureMemory(plan.memoryRounds, candidates);
  step(`comment flow: ${plan.commentFlowRounds} interleaved rounds`);
  const commentFlow = await measureCommentFlow(plan.commentFlowRounds, baseline ? [baseline] : []);

  step(`waiting on the virtual clock: ${plan.simulatedJobs} jobs per length and poller`);
  const schedules: LengthSchedules[] = plan.simulatedLengthsS.map((lengthS) => ({
    lengthS,
    action: simulate({ kind: 'action' }, lengthS, plan.simulatedJobs),
    fixed: FIXED_INTERVALS_S.map((intervalS) => ({
      intervalS,
      figures: simulate({ kind: 'fixed', intervalS }, lengthS, plan.simulatedJobs),
    })),
  }));
  const longest = Math.max(...plan.waitLengthsS);
  step(
    `waiting for real: ${plan.waitRunsEach} runs each of ${plan.waitLengthsS.join(', ')} s jobs at once (about ${longest + 20} s)`,
  );
  const { figures: waiting } = await measureWaiting(plan.waitLengthsS, plan.waitRunsEach);

  const results: Results = {
    machine,
    bundle,
    startup,
    breakdown,
    memory,
    commentFlow,
    alternatives: candidates.map((c) => ({ name: c.name, bundle: measureBundle(dirname(c.script)) })),
    ...(baseline ? { baselineName: baseline.name } : {}),
    ...(values.note ? { note: values.note } : {}),
    waiting,
    schedules,
    elapsedS: (performance.now() - started) / 1000,
    loadAtEnd: loadavg(),
  };
  const markdown = renderMarkdown(results);
  if (values.quick) {
    console.log(markdown);
    console.error('Quick run: BENCHMARKS.md left as it was.');
  } else {
    const path = join(ROOT, 'BENCHMARKS.md');
    // Formatted as `npm run format:check` expects, so the generated file passes it as written.
    const prettier = await import('prettier');
    writeFileSync(path, await prettier.format(markdown, { ...(await prettier.resolveConfig(path)), filepath: path }));
    const rows = summaryRows(results);
    console.log(summaryTable(rows));
    console.log(`\nTargets met: ${rows.filter((row) => row.met).length} of ${rows.length}. Details in BENCHMARKS.md.`);
  }
}

try {
  await main();
} catch (error) {
  console.error('The benchmark crashed:', error);
  process.exitCode = 1;
} finally {
  cleanup();
}
