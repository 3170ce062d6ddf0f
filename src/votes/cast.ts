// One agent's vote on one clause, in one transaction with the provider's row locked (so two votes
// at once are applied one after the other, and the stored counts, the rating and its history stay
// those of the votes): the vote's status by the rules of policy.ts, the clause's counted votes,
// the provider's rating and vote counts. The agent's standing is read before the lock is taken.
import type { Kysely } from 'kysely';
import type { Database, VoteStatus } from '../db/schema.js';
import { refreshProviderRating } from '../ingest/index.js';
import { lockRateableClause, rateableClauseExists } from '../repositories/clauses.js';
import {
  agentsWithoutStanding,
  clauseVotes,
  countVoteRequest,
  holdRecentWaitingVotes,
  recordHold,
  refreshClauseVotes,
  upsertVote,
  voteId,
  voteStatus,
} from '../repositories/votes.js';
import { BURST, STANDING } from './policy.js';

export interface CastVote {
  readonly slug: string;
  readonly status: VoteStatus;
  /** The clause's counted votes after this one. */
  readonly votes: number;
  readonly sum: number;
}

/** Null when no current clause of an active provider has this id. */
export async function castVote(db: Kysely<Database>, clauseId: number, agentId: number, rating: number): Promise<CastVote | null> {
  // The agent's standing, before the provider's row is locked: counting the request is a write to
  // the agent's row that need not lengthen the lock. Standing only grows (age, use beyond votes),
  // so a vote judged without it at worst waits for the next promotion pass. A request refused with
  // 404 changes nothing, so the clause is looked for first (it is looked for again under the lock).
  if (!(await rateableClauseExists(db, clauseId))) return null;
  const standing = await countVoteRequest(db, agentId, STANDING);
  return db.transaction().execute(async (trx) => {
    const clause = await lockRateableClause(trx, clauseId);
    if (!clause) return null;
    const previous = await voteStatus(trx, clauseId, agentId);
    let status: VoteStatus;
    // An operator's hold or discard sticks to the agent's vote on the clause: voting again does not
    // undo it. Otherwise the new vote is judged as a new one, by the agent's standing now: a vote
    // that counted (released by an operator) counts again only from an agent with standing.
    if (previous === 'held' || previous === 'discarded') status = previous;
    else if (standing) status = 'counted';
    else if ((await agentsWithoutStanding(trx, clause.provider_id, BURST.days, agentId)) >= BURST.agents) status = 'held';
    else status = 'waiting';
    await upsertVote(trx, clauseId, agentId, rating, status, !standing);
    if (status === 'held' && previous !== 'held') {
      // The burst: this vote and the waiting ones before it on the provider wait for an operator (one audit record a burst).
      const held = [await voteId(trx, clauseId, agentId), ...(await holdRecentWaitingVotes(trx, clause.provider_id, BURST.days))];
      await recordHold(
        trx,
        clause.provider_id,
        BURST.days,
        held,
        `${BURST.agents} or more agents without standing voted on this provider within ${BURST.days} days`,
      );
    }
    await refreshClauseVotes(trx, [clauseId]);
    await refreshProviderRating(trx, clause.provider_id, 'votes');
    const { votes, sum } = await clauseVotes(trx, clauseId);
    return { slug: clause.slug, status, votes, sum };
  });
}
