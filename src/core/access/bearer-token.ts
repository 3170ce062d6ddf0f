// The admin API's bearer token, compared in constant time (digests of equal length, so neither
// the token's content nor its length leaks through timing).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';

const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

export function adminAuthorizer(token: string) {
  const expected = digest(token);
  return async function authorizeAdmin(request: FastifyRequest): Promise<void> {
    request.authChecked = true;
    const failure = adminFailure(expected, request.headers.authorization);
    if (failure) throw failure;
  };
}

export function adminFailure(expected: Buffer, header: string | undefined): HttpError | null {
  return bearerTokenMatches(expected, header) ? null : new HttpError(401, 'missing or wrong admin token');
}

/** Whether an Authorization header carries the bearer token whose digest is `expected` (constant time). */
export function bearerTokenMatches(expected: Buffer, header: string | undefined): boolean {
  const given = header ? BEARER.exec(header)?.[1] : undefined;
  return given !== undefined && timingSafeEqual(digest(given), expected);
}

export function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
