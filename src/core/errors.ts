// Domain errors carry an HTTP status; the one error handler turns anything thrown into `{error}`.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);

export function tooManyRequests(retryAfterSeconds: number, message = 'rate limit exceeded'): HttpError {
  return new HttpError(429, `${message}; retry after ${retryAfterSeconds} s`, { 'retry-after': String(retryAfterSeconds) });
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

/**
 * A refusal for lack of capacity that the caller should hear about (unlike other 5xx, whose
 * messages are hidden): the message is ours and public, Retry-After says when to come back.
 */
export class ServiceUnavailable extends HttpError {
  constructor(message: string, retryAfterSeconds: number | null = null) {
    super(503, retryAfterSeconds === null ? message : `${message}; retry after ${retryAfterSeconds} s`, retryAfterSeconds === null ? {} : { 'retry-after': String(retryAfterSeconds) });
  }
}
