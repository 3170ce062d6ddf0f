// Endpoints 2 and 3: providers with their ratings, clauses and protection guides; and the text of a
// provider's current terms version, which the offsets of its facts index.
import { attribution } from '../core/attribution.js';
import { notFound } from '../core/errors.js';
import { providerBand } from '../analysis/index.js';
import { countActiveProviders, listActiveProviders, providerDetail, type ProviderFilters } from '../repositories/providers.js';
import { currentTermsOf } from '../repositories/documents.js';
import { windowExceeded } from './cursor.js';
import { cursorPagination, listStart } from './pagination.js';
import type { Handlers } from '../core/handler-types.js';

export const providerHandlers = {
  async listProviders({ query, services }) {
    const search = query.query?.trim() || null;
    const filters: ProviderFilters = {
      search,
      mandatoryArbitration: query.mandatory_arbitration,
      classActionWaiver: query.class_action_waiver,
      botsForbidden: query.bots_forbidden,
      termsState: query.terms_state,
    };
    // A cursor continues only the list it came from: its digest covers every filter (the search alone, as before, when only it is given).
    const flags = [query.mandatory_arbitration, query.class_action_waiver, query.bots_forbidden, query.terms_state];
    const filter = flags.every((f) => f === undefined) ? search : JSON.stringify([search, ...flags]);
    const start = listStart(query, 'name', filter);
    const { window } = start;
    const from = start.kind === 'seek' ? { after: start.after as readonly [string, string] } : window;
    // A numbered page past the window is read only for its total: empty past the last provider, 400 before it.
    const deep = start.kind === 'offset' && start.deep;
    const [total, rows] = await Promise.all([
      countActiveProviders(services.db, filters),
      deep ? [] : listActiveProviders(services.db, window.limit, from, filters),
    ]);
    if (deep && window.offset < total) throw windowExceeded();
    const last = rows.at(-1);
    const providers = rows.map(({ sort_name: _, ...p }) => ({ ...p, band: providerBand(p) }));
    const lastKey = last ? ([last.sort_name, last.slug] as const) : null;
    return { providers, pagination: cursorPagination(start, total, lastKey, filter), attribution: attribution(services.config.baseUrl) };
  },

  async getProvider({ params, services }) {
    const detail = await providerDetail(services.db, params.slug);
    if (!detail) throw notFound(`no provider with slug "${params.slug}"`);
    const { provider } = detail;
    return {
      ...detail,
      provider: { ...provider, band: providerBand(provider) },
      attribution: attribution(services.config.baseUrl, provider.slug),
    };
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
