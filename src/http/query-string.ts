// The query string as Fastify's routes see it. Fastify's own parser (fast-querystring) keeps a
// value whose percent-encoded bytes are not UTF-8 as the raw text ("%ED%A0%80"), so a lone
// surrogate sent the way a careless client encodes it reached free-text parameters as a literal
// string (found by `npm run fuzz`). Here such a value becomes UNDECODABLE_TEXT, which the input
// rules refuse with a 400 (request-text.ts) wherever it stands, key or value. A name given
// several times gives an array, as before (parameter-conversion.ts refuses it for a scalar).
import { UNDECODABLE_TEXT } from '../core/contract/request-text.js';

export function parseQueryString(text: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null);
  for (const part of text.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const name = decodeComponent(equals < 0 ? part : part.slice(0, equals));
    const value = equals < 0 ? '' : decodeComponent(part.slice(equals + 1));
    const existing = query[name];
    query[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return query;
}

function decodeComponent(encoded: string): string {
  const text = encoded.includes('+') ? encoded.replaceAll('+', ' ') : encoded;
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return UNDECODABLE_TEXT;
  }
}
