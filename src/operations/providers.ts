// Endpoints 2 and 3: providers with their ratings, clauses and protection guides.
import { attribution } from '../core/attribution.js';
import { notFound } from '../core/errors.js';
import { countActiveProviders, listActiveProviders, providerDetail } from '../repositories/providers.js';
import { pageWindow, pagination } from './pagination.js';
import type { Handlers } from '../core/handler-types.js';

export const providerHandlers = {
  async listProviders({ query, services }) {
    const page = pageWindow(query);
    const search = query.query?.trim() || null;
    const [total, providers] = await Promise.all([
      countActiveProviders(services.db, search),
      listActiveProviders(services.db, page.limit, page.offset, search),
    ]);
    return { providers, pagination: pagination(page, total), attribution: attribution(services.config.baseUrl) };
  },

  async getProvider({ params, services }) {
    const detail = await providerDetail(services.db, params.slug);
    if (!detail) throw notFound(`no provider with slug "${params.slug}"`);
    return { ...detail, attribution: attribution(services.config.baseUrl, detail.provider.slug) };
  },
} satisfies Handlers<'listProviders' | 'getProvider'>;
