// Endpoints 2 and 3: providers with their ratings, clauses and protection guides.
import { attribution } from '../core/attribution.js';
import { notFound } from '../core/errors.js';
import { bandOf } from '../analysis/index.js';
import { countActiveProviders, listActiveProviders, providerDetail, unratedLabel } from '../repositories/providers.js';
import { windowExceeded } from './cursor.js';
import { cursorPagination, listStart } from './pagination.js';
import type { Handlers } from '../core/handler-types.js';

export const providerHandlers = {
  async listProviders({ query, services }) {
    const search = query.query?.trim() || null;
    const start = listStart(query, 'name', search);
    const { window } = start;
    const from = start.kind === 'seek' ? { after: start.after as readonly [string, string] } : window;
    // A numbered page past the window is read only for its total: empty past the last provider, 400 before it.
    const deep = start.kind === 'offset' && start.deep;
    const [total, rows] = await Promise.all([
      countActiveProviders(services.db, search),
      deep ? [] : listActiveProviders(services.db, window.limit, from, search),
    ]);
    if (deep && window.offset < total) throw windowExceeded();
    const last = rows.at(-1);
    const providers = rows.map(({ sort_name: _, ...p }) => ({ ...p, band: bandOf(p.overall_rating, unratedLabel(p.rating_note)) }));
    const lastKey = last ? ([last.sort_name, last.slug] as const) : null;
    return { providers, pagination: cursorPagination(start, total, lastKey, search), attribution: attribution(services.config.baseUrl) };
  },

  async getProvider({ params, services }) {
    const detail = await providerDetail(services.db, params.slug);
    if (!detail) throw notFound(`no provider with slug "${params.slug}"`);
    const { provider } = detail;
    return {
      ...detail,
      provider: { ...provider, band: bandOf(provider.overall_rating, unratedLabel(provider.rating_note)) },
      attribution: attribution(services.config.baseUrl, provider.slug),
    };
  },
} satisfies Handlers<'listProviders' | 'getProvider'>;
