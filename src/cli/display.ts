// What the command line shows, in one of three forms:
// - live: on a terminal (stdout is a TTY, not in CI, TERM not `dumb`), one line redrawn in place
//   with the elapsed time and what the agent does, permanent lines above it for what happened;
// - plain: in CI or when piped, the same permanent lines and no control character at all;
// - json: one JSON object on stdout at the end (the action's output names), and the plain lines on
//   stderr, so that `docs-agent run … --json | jq` reads only the object.
// Every text passes the terminal gate (src/text/terminal.ts) here, whoever wrote it: the service's
// words can hold escape sequences and echoes of a key. Only the live line's own sequences (return,
// erase line) are added after it.
import { formatDuration } from '../base/format.ts';
import { forTerminalLine, forTerminalText } from '../text/terminal.ts';

export interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Io {
  stdout: Stream;
  stderr: Stream;
  env: NodeJS.ProcessEnv;
  /** How to run this command again (src/cli/invocation.ts); `docs-agent` when not given. */
  command?: string;
}

export type Mode = 'live' | 'plain' | 'json';

export function chooseMode(io: Io, json: boolean): Mode {
  if (json) return 'json';
  const ci = io.env.CI !== undefined && io.env.CI !== '' && io.env.CI !== 'false' && io.env.CI !== '0';
  return io.stdout.isTTY === true && !ci && io.env.TERM !== 'dumb' ? 'live' : 'plain';
}

/** Erase the line the cursor is on and go to its start. */
const CLEAR_LINE = '\r\x1b[2K';
const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** Longest line shown: a hostile service's message is cut, not scrolled through. */
const MAX_LINE = 2_000;

export class Display {
  readonly mode: Mode;
  readonly #io: Io;
  readonly #now: () => number;
  readonly #started: number;
  #live = '';
  #shown = false;
  #frame = 0;
  #ticker: NodeJS.Timeout | undefined;
  #firstError = '';
  #printedJson = false;

  constructor(io: Io, mode: Mode, now: () => number = Date.now) {
    this.#io = io;
    this.mode = mode;
    this.#now = now;
    this.#started = now();
  }

  /** The command to name in a hint (`… status <id> --wait`): one that works however this one was started. */
  get command(): string {
    return this.#io.command ?? 'docs-agent';
  }

  get elapsed(): string {
    return formatDuration(this.#now() - this.#started);
  }

  /** Where people read progress: stdout, or stderr when stdout carries the JSON object. */
  get #human(): Stream {
    return this.mode === 'json' ? this.#io.stderr : this.#io.stdout;
  }

  /** A permanent line of progress or outcome, gated. */
  line(text: string): void {
    this.#clear();
    this.#human.write(`${forTerminalLine(text, MAX_LINE)}\n`);
    this.#draw();
  }

  /** An error line on stderr, gated. */
  error(text: string): void {
    this.#clear();
    const line = forTerminalLine(text, MAX_LINE);
    this.#firstError ||= line;
    this.#io.stderr.write(`${line}\n`);
    this.#draw();
  }

  /** Lines that stay lines (an input error list), each gated. */
  errorLines(text: string): void {
    // --json's message is the whole list, not its heading.
    this.#firstError ||= text
      .split('\n')
      .map((line) => forTerminalLine(line, MAX_LINE))
      .join(' ');
    for (const line of text.split('\n')) this.error(line);
  }

  /** The live line's text (live form only): redrawn with the elapsed time every second. */
  status(text: string): void {
    if (this.mode !== 'live') return;
    this.#live = forTerminalLine(text, MAX_LINE);
    this.#ticker ??= setInterval(() => this.#draw(), 1_000).unref();
    this.#draw();
  }

  /** Multi-line outside text (the answer) as it arrives, gated; on stdout unless --json. */
  text(text: string): void {
    this.#clear();
    this.#human.write(forTerminalText(text, text.length + 1));
  }

  /** The one JSON object of --json, on stdout. Every string in it was gated where it was made. */
  json(value: Record<string, unknown>): void {
    this.#printedJson = true;
    this.#io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /**
   * --json's promise on every exit: a command that ended without printing its object gets one,
   * its `message` the first error it printed (already gated), or `fallback`.
   */
  jsonFallback(status: string, fallback: string): void {
    if (this.mode !== 'json' || this.#printedJson) return;
    this.json({ status, message: this.#firstError || fallback });
  }

  /** The first error line printed, gated; '' when there was none. */
  get firstError(): string {
    return this.#firstError;
  }

  /** Ends the live line for good. */
  stop(): void {
    clearInterval(this.#ticker);
    this.#ticker = undefined;
    this.#clear();
    this.#live = '';
  }

  #clear(): void {
    if (this.#shown) this.#io.stdout.write(CLEAR_LINE);
    this.#shown = false;
  }

  #draw(): void {
    if (this.mode !== 'live' || !this.#live) return;
    const frame = SPINNER[this.#frame++ % SPINNER.length] ?? '';
    const columns = Math.max(20, (this.#io.stdout.columns ?? 80) - 1);
    const line = [...`${frame} ${this.elapsed} ${this.#live}`].slice(0, columns).join('');
    this.#io.stdout.write(`${CLEAR_LINE}${line}`);
    this.#shown = true;
  }
}
