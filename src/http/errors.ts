// The HTTP door's side of errors: the status of each domain error code, and Fastify's own errors
// (a body that is not JSON, too large, of another media type) as domain errors whose messages
// do not speak of internals.
import type { FastifyError } from 'fastify';
import { databaseUnavailable, DomainError, internalError, type ErrorCode } from '../core/errors.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from '../db/unreachable.js';

const STATUS: Readonly<Record<ErrorCode, number>> = {
  'invalid-input': 400,
  unauthenticated: 401,
  'not-found': 404,
  conflict: 409,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  unprocessable: 422,
  'rate-limited': 429,
  internal: 500,
  unavailable: 503,
};

/** A refusal of Fastify's or Node's whose status has no domain code of its own (408, 431...). */
export class HttpStatusError extends DomainError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(status >= 500 ? 'internal' : 'invalid-input', message);
  }
}

export function statusOf(error: DomainError): number {
  return error instanceof HttpStatusError ? error.status : STATUS[error.code];
}

/** How the HTTP door answers a domain error: its status, Retry-After when waiting helps, and the public message. */
export function httpAnswer(error: DomainError): { status: number; headers: Record<string, string>; message: string } {
  const status = statusOf(error);
  const headers: Record<string, string> = error.retryAfterSeconds !== null && status !== 500 ? { 'retry-after': String(error.retryAfterSeconds) } : {};
  return { status, headers, message: status >= 500 && error.code !== 'unavailable' ? 'internal server error' : error.message };
}

const CODE_OF_STATUS = new Map(Object.entries(STATUS).map(([code, status]) => [status, code as ErrorCode]));

/** Anything thrown inside a route, as a domain error: ours as they are, Fastify's with a public message. */
export function asDomainError(error: unknown, bodyLimit: number): DomainError {
  if (error instanceof DomainError) return error;
  if (isDatabaseUnreachable(error)) return databaseUnavailable(DATABASE_RETRY_AFTER_SECONDS, error);
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  if (status >= 500) return internalError(error);
  const code = CODE_OF_STATUS.get(status);
  const message = publicMessage(fastifyError, bodyLimit);
  return code ? new DomainError(code, message) : new HttpStatusError(status, message);
}

/** Messages for Fastify's own errors, which would otherwise speak of internals. */
export function publicMessage(error: { code?: string; statusCode?: number; message: string }, bodyLimit = 16 * 1024): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `request body is too large (limit ${bodyLimit % 1048576 === 0 ? `${bodyLimit / 1048576} MiB` : `${Math.round(bodyLimit / 1024)} KiB`})`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'request body must be application/json';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'request body length does not match Content-Length';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'request body is empty';
    default:
      break;
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'request body is not valid JSON';
  return error.message;
}
