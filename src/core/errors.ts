// Domain errors: what went wrong, as a stable code that each door turns into its own terms (the
// HTTP door into a status, the MCP door into a tool error, the CLI into a line). Their messages
// are public, for the caller to act on; an internal error's message never leaves the process.
export type ErrorCode =
  /** The input breaks the contract (a body, query or path value; arguments of a tool). */
  | 'invalid-input'
  /** A keyed call without a valid key, an admin call without the admin token. */
  | 'unauthenticated'
  | 'not-found'
  /** The call is valid but the state forbids it (a slug taken, a quote no longer in the terms). */
  | 'conflict'
  | 'payload-too-large'
  | 'unsupported-media-type'
  /** Well-formed, but what it points at gave nothing usable (a page that gave no terms). */
  | 'unprocessable'
  /** A budget is spent: retryAfterSeconds says when it refills. */
  | 'rate-limited'
  /** Not now: the analyzer is full, the server is stopping (retryAfterSeconds when waiting helps). */
  | 'unavailable'
  /** A fault of ours; `cause` holds it for the log, the caller sees only that it happened. */
  | 'internal';

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly retryAfterSeconds: number | null;

  constructor(code: ErrorCode, message: string, options: { retryAfterSeconds?: number | null; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}

export const invalidInput = (message: string) => new DomainError('invalid-input', message);
export const unauthenticated = (message: string) => new DomainError('unauthenticated', message);
export const notFound = (message: string) => new DomainError('not-found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const internalError = (cause: unknown) => new DomainError('internal', 'internal server error', { cause });

/** A spent budget: the message says which and when it frees (core/access/budgets.ts), Retry-After the seconds. */
export function rateLimited(retryAfterSeconds: number, message: string): DomainError {
  return new DomainError('rate-limited', message, { retryAfterSeconds });
}

/** A refusal for lack of capacity: the message is ours and public, Retry-After says when to come back. */
export function unavailable(message: string, retryAfterSeconds: number | null = null): DomainError {
  return new DomainError('unavailable', retryAfterSeconds === null ? message : `${message}; retry after ${retryAfterSeconds} s`, { retryAfterSeconds });
}

/** The database cannot be reached now (restarting, down): weather, not a fault; the caller tries again later. */
export function databaseUnavailable(retryAfterSeconds: number, cause?: unknown): DomainError {
  return new DomainError('unavailable', `the database is unavailable; retry after ${retryAfterSeconds} s`, { retryAfterSeconds, cause });
}

/** Whether an error is the caller's to hear about (every domain error but an internal one). */
export function isPublic(error: unknown): error is DomainError {
  return error instanceof DomainError && error.code !== 'internal';
}
