/** The slice of @actions/core the logic writes to; tests pass an array-backed one. */
export interface Logger {
  info(message: string): void;
  notice(message: string): void;
  warning(message: string): void;
  debug(message: string): void;
}

export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
