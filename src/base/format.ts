// Durations in the words the log, comments and the summary use.

/** "45s", "4m 3s", "1h 2m": how long a job ran or waited. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** Seconds for a message: never "0 s" for a wait that was cut short, one decimal below ten. */
export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  if (seconds >= 10) return `${Math.round(seconds)} s`;
  return `${Math.max(0.1, Math.round(seconds * 10) / 10)} s`;
}
