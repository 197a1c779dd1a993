/**
 * The command line's exit codes, documented in `docs-agent --help` and docs/cli.md. Each outcome a
 * CI script may branch on has its own; the table of outcomes (table.ts) gives each kind its code.
 */
export const EXIT = {
  /** The job completed (with or without a pull request), a job was started with --no-wait, the answer came whole. */
  done: 0,
  /** The job failed or was archived; the answer was cut short or did not come. */
  failed: 1,
  /** A flag, argument or environment variable is wrong: nothing was sent. */
  input: 2,
  /** --timeout passed while the job was still running: it goes on on the service. */
  timedOut: 3,
  /** The service could not be reached or did not answer usably (network, HTTP error, a refused key). */
  unreachable: 4,
  /** Ctrl-C (SIGINT) or SIGTERM: the command stopped; a job goes on. */
  interrupted: 130,
} as const;
