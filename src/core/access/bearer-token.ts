// Bearer tokens of operators (ADMIN_TOKEN, METRICS_TOKEN), compared in constant time (digests of
// equal length, so neither the token's content nor its length leaks through timing).
import { createHash, timingSafeEqual } from 'node:crypto';

const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

/** Whether an Authorization header carries the bearer token whose digest is `expected` (constant time). */
export function bearerTokenMatches(expected: Buffer, header: string | undefined): boolean {
  const given = header ? BEARER.exec(header)?.[1] : undefined;
  return given !== undefined && timingSafeEqual(digest(given), expected);
}

export function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
