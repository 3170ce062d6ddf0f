// Community ratings of clauses (the rules are in src/votes/), and what changed for a provider (its
// terms, its access signals, its rating's band).
import { attribution } from '../core/attribution.js';
import { notFound } from '../core/errors.js';
import { countChanges, recentChanges } from '../repositories/feeds.js';
import { bandChangeSummary } from '../ingest/index.js';
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
    // The feed's list: new terms versions and changes of the site's access signals alike.
    const [total, changes] = await Promise.all([
      countChanges(db, provider.id),
      recentChanges(db, { providerId: provider.id, limit: page.limit, offset: page.offset }),
    ]);
    return {
      changes: changes.map((c) => ({
        kind: c.kind,
        received_at: c.created_at.toISOString(),
        recorded_at: c.recorded_at?.toISOString() ?? null,
        appeared: c.added,
        went: c.removed,
        summary: c.kind === 'band' ? bandChangeSummary(c.band!) : c.summary,
      })),
      pagination: pagination(page, total),
      attribution: attribution(config.baseUrl, provider.slug),
    };
  },
} satisfies Handlers<'rateClause' | 'listProviderChanges'>;
