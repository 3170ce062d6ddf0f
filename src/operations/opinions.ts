// Endpoints 4 and 5: the public opinion list and an agent's own opinion on a provider.
import { attribution } from '../core/attribution.js';
import { notFound } from '../core/errors.js';
import { opinionPage, upsertOpinion } from '../repositories/opinions.js';
import { findActiveProvider } from '../repositories/providers.js';
import { windowExceeded } from './cursor.js';
import { cursorPagination, listStart } from './pagination.js';
import type { Handlers } from '../core/handler-types.js';

export const opinionHandlers = {
  async listOpinions({ query, services }) {
    const { db, config } = services;
    const slug = query.provider_slug ?? null;
    const start = listStart(query, 'time', slug);
    const { window } = start;
    // A numbered page past the window is read only for its total: empty past the last opinion, 400 before it.
    const deep = start.kind === 'offset' && start.deep;
    // (offset 0 there: a huge offset, even under LIMIT 0, makes the plan costly enough to be JIT-compiled.)
    const from = start.kind === 'seek' ? { after: start.after as readonly [number, number] } : deep ? { offset: 0 } : window;
    const result = await opinionPage(db, slug, deep ? 0 : window.limit, from);
    if (!result.found) throw notFound(`no provider with slug "${query.provider_slug}"`);
    if (deep && window.offset < result.total) throw windowExceeded();
    return {
      opinions: result.opinions.map((o) => ({ ...o, created_at: o.created_at.toISOString() })),
      pagination: cursorPagination(start, result.total, result.lastKey, slug),
      attribution: attribution(config.baseUrl, query.provider_slug),
    };
  },

  async submitOpinion({ body, agent, services }) {
    const { db, config } = services;
    const provider = await findActiveProvider(db, body.provider_slug);
    if (!provider) throw notFound(`no provider with slug "${body.provider_slug}"`);
    await upsertOpinion(db, { agentId: agent.id, providerId: provider.id, rating: body.rating, take: body.take });
    return {
      opinion: { provider_slug: provider.slug, rating: body.rating, take: body.take, agent_name: agent.name },
      attribution: attribution(config.baseUrl, provider.slug),
    };
  },
} satisfies Handlers<'listOpinions' | 'submitOpinion'>;
