// page/per_page (already validated and defaulted against the document) to LIMIT/OFFSET and back;
// for the lists that go on by cursor, where a page starts (cursor.ts says why).
import { decodeCursor, encodeCursor, filterDigest, MAX_WINDOW, type SortKey } from './cursor.js';

export interface PageWindow {
  readonly page: number;
  readonly perPage: number;
  readonly limit: number;
  readonly offset: number;
}

export function pageWindow(query: { page?: number; per_page?: number }): PageWindow {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 20;
  return { page, perPage, limit: perPage, offset: (page - 1) * perPage };
}

export function pagination(window: PageWindow, total: number) {
  return { page: window.page, per_page: window.perPage, total, total_pages: Math.ceil(total / window.perPage) };
}

/**
 * Where a page of a list that takes `cursor` (providers, opinions) starts: an offset for a page
 * by number within the window, or the sort key to seek past for a cursor. `deep` is a numbered
 * page past the window: the caller answers it only when it lies past the last item (an empty
 * page, as the contract says), and refuses it otherwise.
 */
export type ListStart =
  | { readonly kind: 'offset'; readonly window: PageWindow; readonly deep: boolean }
  | { readonly kind: 'seek'; readonly window: PageWindow; readonly after: SortKey };

export function listStart(query: { page?: number; per_page?: number; cursor?: string }, keyKind: 'name' | 'time', filter: string | null): ListStart {
  if (query.cursor === undefined) {
    const window = pageWindow(query);
    return { kind: 'offset', window, deep: window.page * window.perPage > MAX_WINDOW };
  }
  // `page` is ignored beside a cursor, which knows where it stands; `per_page` may change.
  const cursor = decodeCursor(query.cursor, keyKind, filterDigest(filter));
  const perPage = query.per_page ?? 20;
  const window = { page: Math.floor(cursor.position / perPage) + 1, perPage, limit: perPage, offset: cursor.position };
  return { kind: 'seek', window, after: cursor.after };
}

/** `pagination` with `next_cursor`: the key of this page's last item, while a page follows. */
export function cursorPagination(start: ListStart, total: number, lastKey: SortKey | null, filter: string | null) {
  const { window } = start;
  const position = window.offset + window.perPage;
  const next = lastKey !== null && position < total ? encodeCursor({ position, filter: filterDigest(filter), after: lastKey }) : null;
  return { ...pagination(window, total), next_cursor: next };
}
