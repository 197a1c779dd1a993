// A runner for in-process tests: the Runner port (src/step/runner.ts) kept in memory. Its log goes
// through the same gate as production's, its job summary is built by @actions/core's own summary
// class (the same HTML the runner's file gets), and it refuses what the real runner would make a
// mess of: an output written twice.
import { summary as coreSummary } from '@actions/core';
import type { Runner, SummaryWriter } from '../../src/step/runner.ts';
import { gateLines, gatedLogger } from '../../src/text/text-gate.ts';

export interface LogLine {
  level: 'info' | 'notice' | 'warning' | 'debug';
  message: string;
}

export class FakeRunner implements Runner {
  readonly outputs: Record<string, string> = {};
  readonly state: Record<string, string>;
  readonly lines: LogLine[] = [];
  readonly groups: string[] = [];
  /** Each write of the job summary, as @actions/core would append it to the runner's file. */
  readonly summaries: string[] = [];
  failed: string | undefined;
  readonly log = gatedLogger({
    info: (message) => void this.lines.push({ level: 'info', message }),
    notice: (message) => void this.lines.push({ level: 'notice', message }),
    warning: (message) => void this.lines.push({ level: 'warning', message }),
    debug: (message) => void this.lines.push({ level: 'debug', message }),
  });

  /** `state`: what an earlier step saved, for a post step. */
  constructor(state: Record<string, string> = {}) {
    this.state = { ...state };
  }

  setOutput(name: string, value: string): void {
    if (name in this.outputs) throw new Error(`output '${name}' written twice`);
    this.outputs[name] = value;
  }

  saveState(name: string, value: string): void {
    this.state[name] = value;
  }

  getState(name: string): string {
    return this.state[name] ?? '';
  }

  async group<T>(name: string, work: () => Promise<T>): Promise<T> {
    this.groups.push(name);
    return work();
  }

  summary(): SummaryWriter {
    // core exports one summary bound to the runner's file; a fresh one of its class keeps each
    // write of this fake apart, and only write() touches the file, so it is replaced here.
    const Summary = coreSummary.constructor as new () => typeof coreSummary;
    const built = new Summary();
    const writer: SummaryWriter = {
      addHeading: (text, level) => (built.addHeading(text, level), writer),
      addTable: (rows) => (built.addTable(rows), writer),
      addRaw: (text, addEOL) => (built.addRaw(text, addEOL), writer),
      write: async () => void this.summaries.push(built.stringify()),
    };
    return writer;
  }

  setFailed(message: string): void {
    this.failed = gateLines(message);
  }

  /** Every message logged at `level`, or at any level. */
  messages(level?: LogLine['level']): string[] {
    return this.lines.filter((line) => !level || line.level === level).map((line) => line.message);
  }
}
