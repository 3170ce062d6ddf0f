// Which database errors mean "the database cannot be reached now" (restarting, down, refusing
// connections) rather than a fault of a query: those are weather, answered with 503 and
// Retry-After, never a crash or a 500. And which of them are safe to retry once on a fresh
// connection.

/** Seconds a caller is told to wait (Retry-After) while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Socket-level failures to connect or of an open connection.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
// postgres.js's own connection errors.
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);
// SQLSTATEs the server sends as it goes away or before it accepts sessions: admin_shutdown,
// crash_shutdown, cannot_connect_now, too_many_connections, and class 08 (connection exception).
const SERVER_GOING_AWAY = new Set(['57P01', '57P02', '57P03']);
const SERVER_CODES = new Set([...SERVER_GOING_AWAY, '53300', '08000', '08001', '08003', '08004', '08006']);

function codesOf(error: unknown, depth = 0): string[] {
  if (!error || typeof error !== 'object' || depth > 4) return [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  const own = typeof code === 'string' ? [code] : [];
  const nested = Array.isArray(errors) ? errors.flatMap((e) => codesOf(e, depth + 1)) : [];
  return [...own, ...nested, ...codesOf(cause, depth + 1)];
}

/** Whether an error says the database is unreachable (its connection refused, dropped or shutting down). */
export function isDatabaseUnreachable(error: unknown): boolean {
  return codesOf(error).some((code) => SOCKET_CODES.has(code) || DRIVER_CODES.has(code) || SERVER_CODES.has(code));
}

/**
 * Whether a statement that failed with this error certainly did not take effect, so that a
 * write may run again: the server itself answered that it was going away (an error answer means
 * the statement's implicit transaction did not commit), or no connection was made at all. A
 * connection that dropped mid-statement (ECONNRESET, CONNECTION_CLOSED) may have committed a
 * write: only reads are retried after those.
 */
export function failedBeforeRunning(error: unknown): boolean {
  return codesOf(error).some((code) => SERVER_GOING_AWAY.has(code) || code === 'ECONNREFUSED' || code === '57P03' || code === 'CONNECT_TIMEOUT');
}
