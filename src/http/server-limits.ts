// Limits of the HTTP server itself, for clients that are slow, broken or hostile at the level
// below routes: how long a request's headers and the whole request may take to arrive, how long
// an idle kept-alive connection stays open, how large the headers (request line included) may be.
// Requests refused at that level (malformed framing, Content-Length with Transfer-Encoding or twice, bad
// chunked encoding, oversized headers, timeouts) and URLs the router cannot take still get the
// documented `{"error": "..."}` body, then the connection is closed.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** How often the server looks for connections past headersTimeout or requestTimeout (Node's default is 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

export function serverLimitOptions(config: Config): Partial<FastifyServerOptions> {
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs, maxHeaderBytes } = config.http;
  return {
    // Fastify's default is 0 (no limit): a client trickling a body would hold its connection forever.
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    http: { headersTimeout: headersTimeoutMs, maxHeaderSize: maxHeaderBytes, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    clientErrorHandler,
    frameworkErrors,
  } as Partial<FastifyServerOptions>;
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'the request did not arrive in time'],
  HPE_HEADER_OVERFLOW: [431, 'request headers (with the request line) are too large'],
  // llhttp's code for a second Content-Length header, equal to the first or not.
  HPE_UNEXPECTED_CONTENT_LENGTH: [400, 'more than one Content-Length header: send one'],
  HPE_INVALID_CONTENT_LENGTH: [400, 'Content-Length must be one decimal number'],
  HPE_INVALID_CHUNK_SIZE: [400, 'invalid chunked encoding'],
};

const BOTH_LENGTHS = 'Content-Length and Transfer-Encoding must not both be sent';

/** The status and message for what the parser refused. Content-Length with Transfer-Encoding comes under
 * two codes (HPE_INVALID_CONTENT_LENGTH or HPE_INVALID_TRANSFER_ENCODING, after whichever came second);
 * only llhttp's `reason` tells it from a malformed length or a second Content-Length. */
function clientErrorAnswer(error: Error & { code?: string; reason?: string }): [number, string] {
  if (/Transfer-Encoding can't be present with Content-Length|Content-Length can't be present with Transfer-Encoding/.test(error.reason ?? '')) {
    return [400, BOTH_LENGTHS];
  }
  return CLIENT_ERRORS[error.code ?? ''] ?? [400, 'malformed HTTP request'];
}

/** Answers what Node's HTTP parser refused, in the documented shape, and closes the connection. */
function clientErrorHandler(error: Error & { code?: string; reason?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrorAnswer(error);
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 408 ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** URLs the router cannot decode, and path parameters longer than it takes: 400 {error}. */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return void reply.code(400).send({ error: 'a path parameter is too long' });
  if (error.code === 'FST_ERR_BAD_URL') return void reply.code(400).send({ error: 'the URL is not valid (bad percent-encoding)' });
  request.log.error({ err: error }, 'request failed before routing');
  reply.code(500).send({ error: 'internal server error' });
}
