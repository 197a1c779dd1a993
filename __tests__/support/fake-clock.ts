import type { Clock } from '../../src/base/clock.ts';

/** A clock whose sleeps return at once and move time forward by what was asked. */
export class FakeClock implements Clock {
  time: number;
  readonly sleeps: number[] = [];
  #random: () => number;

  constructor(start = Date.UTC(2026, 10, 21), random: () => number = () => 0.5) {
    this.time = start;
    this.#random = random;
  }

  now = (): number => this.time;
  random = (): number => this.#random();
  sleep = async (ms: number): Promise<void> => {
    this.sleeps.push(ms);
    this.time += ms;
  };
}

/** A logger that keeps every line, by level. */
export function memoryLogger(): {
  lines: string[];
  info: (m: string) => void;
  notice: (m: string) => void;
  warning: (m: string) => void;
  debug: (m: string) => void;
} {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info: ${m}`),
    notice: (m) => lines.push(`notice: ${m}`),
    warning: (m) => lines.push(`warning: ${m}`),
    debug: (m) => lines.push(`debug: ${m}`),
  };
}
