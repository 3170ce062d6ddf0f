// Community ratings of clauses (the rules are in src/votes/), and the history of a provider's terms.
import { attribution } from '../core/attribution.js';
import { notFound } from '../core/errors.js';
import { countProviderChanges, listProviderChanges } from '../repositories/documents.js';
import { findActiveProvider } from '../repositories/providers.js';
import { communityMean } from '../analysis/index.js';
import { castVote } from '../votes/index.js';
import { pageWindow, pagination } from './pagination.js';
import type { Handlers } from '../core/handler-types.js';

export const clauseHandlers = {
  async rateClause({ params, body, agent, services }) {
    const result = await castVote(services.db, params.id, agent.id, body.rating);
    if (!result) throw notFound(`no current clause with id ${params.id}`);
    return {
      clause_id: params.id,
      rating: body.rating,
      status: result.status,
      community_rating: communityMean(result.votes, result.sum),
      votes: result.votes,
      attribution: attribution(services.config.baseUrl, result.slug),
    };
  },

  async listProviderChanges({ params, query, services }) {
    const { db, config } = services;
    const provider = await findActiveProvider(db, params.slug);
    if (!provider) throw notFound(`no provider with slug "${params.slug}"`);
    const page = pageWindow(query);
    const [total, changes] = await Promise.all([countProviderChanges(db, provider.id), listProviderChanges(db, provider.id, page.limit, page.offset)]);
    return {
      changes: changes.map((c) => ({ received_at: c.created_at.toISOString(), appeared: c.added, went: c.removed, summary: c.summary })),
      pagination: pagination(page, total),
      attribution: attribution(config.baseUrl, provider.slug),
    };
  },
} satisfies Handlers<'rateClause' | 'listProviderChanges'>;
