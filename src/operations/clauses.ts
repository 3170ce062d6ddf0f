// Community ratings of clauses, and what changed for a provider (its terms, its access signals).
import { attribution } from '../core/attribution.js';
import { notFound } from '../core/errors.js';
import { communityRating, lockRateableClause, upsertClauseVote } from '../repositories/clauses.js';
import { countChanges, recentChanges } from '../repositories/feeds.js';
import { findActiveProvider } from '../repositories/providers.js';
import { refreshProviderRating } from '../ingest/index.js';
import { pageWindow, pagination } from './pagination.js';
import type { Handlers } from '../core/handler-types.js';

export const clauseHandlers = {
  async rateClause({ params, body, agent, services }) {
    const { db, config } = services;
    const result = await db.transaction().execute(async (trx) => {
      // Only a current clause of an active provider can be rated.
      const clause = await lockRateableClause(trx, params.id);
      if (!clause) return null;
      await upsertClauseVote(trx, params.id, agent.id, body.rating);
      await refreshProviderRating(trx, clause.provider_id);
      return { slug: clause.slug, ...(await communityRating(trx, params.id)) };
    });
    if (!result) throw notFound(`no current clause with id ${params.id}`);
    return {
      clause_id: params.id,
      rating: body.rating,
      community_rating: result.rating!,
      votes: result.votes,
      attribution: attribution(config.baseUrl, result.slug),
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
      changes: changes.map((c) => ({ kind: c.kind, received_at: c.created_at.toISOString(), appeared: c.added, went: c.removed, summary: c.summary })),
      pagination: pagination(page, total),
      attribution: attribution(config.baseUrl, provider.slug),
    };
  },
} satisfies Handlers<'rateClause' | 'listProviderChanges'>;
