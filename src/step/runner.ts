import type * as core from '@actions/core';
import type { Logger } from '../base/log.ts';
import { gateLines, gatedLogger } from '../text/text-gate.ts';

/** The job summary's builder, as much of @actions/core's as the report uses. */
export interface SummaryWriter {
  addHeading(text: string, level?: number): SummaryWriter;
  addTable(rows: (string | { data: string; header?: boolean })[][]): SummaryWriter;
  addRaw(text: string, addEOL?: boolean): SummaryWriter;
  write(): Promise<unknown>;
}

/**
 * What the orchestration asks of the GitHub runner: the log, outputs, step state for the post
 * step, log groups and the job summary. The entry passes @actions/core (coreRunner); tests pass
 * a fake that records each call, so a whole run can be followed in-process.
 */
export interface Runner {
  /** Every line passes the text gate (secrets redacted, no runner commands). */
  log: Logger;
  setOutput(name: string, value: string): void;
  saveState(name: string, value: string): void;
  getState(name: string): string;
  group<T>(name: string, work: () => Promise<T>): Promise<T>;
  summary(): SummaryWriter;
  /** Fails the step with a message that passes the text gate. */
  setFailed(message: string): void;
}

/** The runner as @actions/core reaches it: files for outputs, state and the summary, stdout for the log. */
export function coreRunner(toolkit: typeof core): Runner {
  return {
    log: gatedLogger(toolkit),
    setOutput: (name, value) => toolkit.setOutput(name, value),
    saveState: (name, value) => toolkit.saveState(name, value),
    getState: (name) => toolkit.getState(name),
    group: (name, work) => toolkit.group(name, work),
    summary: () => toolkit.summary,
    setFailed: (message) => toolkit.setFailed(gateLines(message)),
  };
}
