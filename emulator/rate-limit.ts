// Sliding one-hour window per project, read from the emulator clock so a test can step past it.
const WINDOW_MS = 60 * 60 * 1000;

export class RateLimiter {
  readonly #limit: number;
  readonly #now: () => number;
  #hits = new Map<string, number[]>();

  constructor(limitPerHour: number, now: () => number) {
    this.#limit = limitPerHour;
    this.#now = now;
  }

  /** Records a hit and returns true if the project is still under its limit; otherwise changes nothing. */
  tryConsume(projectId: string): boolean {
    const now = this.#now();
    const recent = (this.#hits.get(projectId) ?? []).filter((at) => at > now - WINDOW_MS);
    if (recent.length >= this.#limit) {
      this.#hits.set(projectId, recent);
      return false;
    }
    recent.push(now);
    this.#hits.set(projectId, recent);
    return true;
  }

  clear(): void {
    this.#hits.clear();
  }
}
