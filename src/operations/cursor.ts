// Deep pages of the provider and opinion lists (issue 36). A page by number costs what it skips
// (OFFSET walks every row before it), so numbered pages stop at a window of MAX_WINDOW items;
// past it, a list goes on by `cursor`: each answer offers `next_cursor`, the sort key of its last
// item, and the next page seeks to it through the list's index, at the same cost on page 2 or
// page 50,000. A cursor also carries how many items come before its page (so that `pagination`
// gives the page number, for any page size) and a digest of the filter it was made under.
// Opaque to clients: base64url of a small JSON array, checked strictly when read.
import { createHash } from 'node:crypto';
import { invalidInput } from '../core/errors.js';

/** Numbered pages reach this many items (`page * per_page`); past it, `cursor` goes on. */
export const MAX_WINDOW = 10_000;

/** The sort key of the last item before the page: [lower(name), slug] or [created_at in µs, id]. */
export type SortKey = readonly [string, string] | readonly [number, number];

export interface Cursor {
  /** Items before the page the cursor opens. */
  readonly position: number;
  readonly filter: string;
  readonly after: SortKey;
}

const VERSION = 1;
const MAX_LENGTH = 600;

/** A short digest of what the list is filtered by (the search text, the provider slug), or '' for none. */
export function filterDigest(filter: string | null): string {
  return filter === null ? '' : createHash('sha256').update(filter).digest('base64url').slice(0, 11);
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([VERSION, cursor.position, cursor.filter, ...cursor.after])).toString('base64url');
}

/** The cursor a client sent, or 400: malformed, or made for another list or filter. */
export function decodeCursor(text: string, kind: 'name' | 'time', filter: string): Cursor {
  const bad = invalidInput('cursor: not a cursor this list gave (pass `pagination.next_cursor` unchanged)');
  if (text.length > MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) throw bad;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw bad;
  }
  if (!Array.isArray(parts) || parts.length !== 5 || parts[0] !== VERSION) throw bad;
  const [, position, digest, a, b] = parts as unknown[];
  if (!isInt(position, 1, Number.MAX_SAFE_INTEGER) || typeof digest !== 'string') throw bad;
  const validKey = kind === 'name' ? isText(a, 400) && isText(b, 253) : isInt(a, -1e17, 1e17) && isInt(b, 1, Number.MAX_SAFE_INTEGER);
  if (!validKey) throw bad;
  if (digest !== filter) throw invalidInput('cursor: made for another query; a cursor continues only the list it came from');
  return { position, filter: digest, after: [a, b] as unknown as SortKey };
}

function isInt(value: unknown, min: number, max: number): value is number {
  return Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;
}

function isText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max;
}

/** 400 for a numbered page past the window (callers first answer pages past the last one: empty, as the contract says). */
export function windowExceeded(): Error {
  return invalidInput(
    `page: numbered pages reach ${MAX_WINDOW} items (page * per_page); to go further, pass the previous page's ` +
      '`pagination.next_cursor` as `cursor` (each page offers the next one)',
  );
}
