// An operator's decision on held votes: released (they count from now on) or discarded (kept for
// the record, never counted), by id or all of a provider's, with an audit record. The providers
// concerned are locked in id order (as every writer of ratings locks one), their clauses' counts,
// ratings and vote counts follow in the same transaction.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { invalidInput, notFound } from '../core/errors.js';
import { refreshProviderRating } from '../ingest/index.js';
import { findProviderAnyState } from '../repositories/provider-admin.js';
import { lockProvider } from '../repositories/providers.js';
import { insertVoteAudit, providersOfVotes, providerVoteIds, refreshClauseVotes, setVoteStatus, type VoteAuditRow } from '../repositories/votes.js';

export interface VoteDecision {
  readonly vote_ids?: readonly number[];
  readonly provider_slug?: string;
  readonly note?: string;
}

export async function decideHeldVotes(
  db: Kysely<Database>,
  action: 'release' | 'discard',
  decision: VoteDecision,
): Promise<{ changed: number; audit: VoteAuditRow }> {
  if ((decision.vote_ids === undefined) === (decision.provider_slug === undefined))
    throw invalidInput('give either vote_ids or provider_slug (all of its held votes), not both');
  let only: number | null = null;
  if (decision.provider_slug !== undefined) {
    const provider = await findProviderAnyState(db, decision.provider_slug);
    if (!provider) throw notFound(`no provider with slug "${decision.provider_slug}"`);
    only = provider.id;
  }
  return db.transaction().execute(async (trx) => {
    const providers = only !== null ? [only] : await providersOfVotes(trx, decision.vote_ids!, 'held');
    const changed: number[] = [];
    for (const providerId of providers) {
      await lockProvider(trx, providerId);
      // Read again under the lock: a vote released or discarded meanwhile is left alone.
      const ids = await providerVoteIds(trx, providerId, 'held', decision.vote_ids ?? null);
      const moved = await setVoteStatus(trx, ids, 'held', action === 'release' ? 'counted' : 'discarded');
      await refreshClauseVotes(
        trx,
        moved.map((v) => v.clause_id),
      );
      await refreshProviderRating(trx, providerId, 'review');
      changed.push(...moved.map((v) => v.id));
    }
    const audit = await insertVoteAudit(trx, {
      action,
      actor: 'operator',
      providerId: only ?? (providers.length === 1 ? providers[0]! : null),
      voteIds: changed.sort((a, b) => a - b),
      note: decision.note ?? '',
    });
    return { changed: changed.length, audit };
  });
}
