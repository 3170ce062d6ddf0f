// Endpoints 2 and 3: providers with their ratings, clauses and protection guides; and the text of a
// provider's current terms version, which the offsets of its facts index.
import { attribution } from '../core/attribution.js';
import { notFound } from '../core/errors.js';
import { countActiveProviders, listActiveProviders, providerDetail } from '../repositories/providers.js';
import { currentTermsOf } from '../repositories/documents.js';
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
    const providers = rows.map(({ sort_name: _, ...provider }) => provider);
    const lastKey = last ? ([last.sort_name, last.slug] as const) : null;
    return { providers, pagination: cursorPagination(start, total, lastKey, search), attribution: attribution(services.config.baseUrl) };
  },

  async getProvider({ params, services }) {
    const detail = await providerDetail(services.db, params.slug);
    if (!detail) throw notFound(`no provider with slug "${params.slug}"`);
    return { ...detail, attribution: attribution(services.config.baseUrl, detail.provider.slug) };
  },

  async getProviderTerms({ params, services }) {
    const current = await currentTermsOf(services.db, params.slug);
    if (!current) throw notFound(`no provider with slug "${params.slug}"`);
    const { version } = current;
    return {
      provider_slug: current.provider,
      terms: version && { ...version, received_at: version.received_at.toISOString() },
      attribution: attribution(services.config.baseUrl, current.provider),
    };
  },
} satisfies Handlers<'listProviders' | 'getProvider' | 'getProviderTerms'>;
