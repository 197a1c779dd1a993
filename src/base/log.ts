/** The slice of @actions/core the logic writes to; tests pass an array-backed one. */
export interface Logger {
  info(message: string): void;
  notice(message: string): void;
  warning(message: string): void;
  debug(message: string): void;
}
