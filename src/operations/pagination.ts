// page/per_page (already validated and defaulted against the document) to LIMIT/OFFSET and back.
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
