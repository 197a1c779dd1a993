/**
 * A mistake in the workflow's configuration: the user fixes it, so the message names the input
 * and the fix, and no stack trace is shown.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Why a request to the service failed, in the terms the retry rules need. */
export type ServiceFailure =
  /** The connection was never made (refused, DNS): the service cannot have seen the request. */
  | 'unreachable'
  /** Node refused to build the request (a header or URL it will not send): nothing left the machine. */
  | 'not-sent'
  /** The request may have reached the service (reset, timeout after sending, truncated body). */
  | 'interrupted'
  | 'timeout'
  /** The run was cancelled while the request was under way: it may have reached the service. */
  | 'cancelled'
  | 'malformed'
  /** The answer was about another job than the one asked for: not garbled, and not to be believed. */
  | 'wrong-job'
  | 'http';

/** A failure of the service or of the network between us: reported in one clean line. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly failure: ServiceFailure;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  /**
   * The message for public places (an issue comment), when `message` says more than the public
   * should read: the service's host and port stay in the log.
   */
  readonly publicMessage: string | undefined;

  constructor(
    message: string,
    failure: ServiceFailure,
    options: {
      status?: number | undefined;
      retryAfterMs?: number | undefined;
      publicMessage?: string | undefined;
    } = {},
  ) {
    super(message);
    this.failure = failure;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.publicMessage = options.publicMessage;
  }
}

/** What an issue comment may say of a failure: the public form when the error has one. */
export function publicErrorMessage(error: unknown): string {
  return error instanceof ServiceError && error.publicMessage !== undefined ? error.publicMessage : errorMessage(error);
}

/** One line for the log from anything thrown: a thrown string or object still reads as a failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return `Unexpected error: ${JSON.stringify(error)}`;
  } catch {
    return `Unexpected error: ${String(error)}`;
  }
}
