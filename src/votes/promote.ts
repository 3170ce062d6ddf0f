// Waiting votes whose agents have gained standing start to count: a pass over them, a provider
// at a time (its row locked, as every writer of ratings does), run by the server every hour
// (schedule.ts). Waiting votes of agents whose key was revoked can never count: the same pass
// discards them, with an audit record (by the service) per provider. Idempotent, and safe with
// several processes: a vote already promoted or discarded is no longer `waiting` and is left alone.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { refreshProviderRating } from '../ingest/index.js';
import { lockProvider } from '../repositories/providers.js';
import { insertVoteAudit, promotableVotes, refreshClauseVotes, revokedWaitingVotes, setVoteStatus } from '../repositories/votes.js';
import { STANDING } from './policy.js';

const BATCH = 500;

type Batch = (db: Kysely<Database>, limit: number) => Promise<{ id: number; provider_id: number }[]>;

/** Returns how many votes now count. */
export async function promoteWaitingVotes(db: Kysely<Database>, signal?: AbortSignal): Promise<number> {
  await everyBatch(db, revokedWaitingVotes, 'discarded', signal);
  return everyBatch(db, (d, limit) => promotableVotes(d, STANDING, limit), 'counted', signal);
}

async function everyBatch(db: Kysely<Database>, batch: Batch, to: 'counted' | 'discarded', signal?: AbortSignal): Promise<number> {
  let changed = 0;
  for (;;) {
    const votes = await batch(db, BATCH);
    if (votes.length === 0 || signal?.aborted) return changed;
    const byProvider = new Map<number, number[]>();
    for (const v of votes) byProvider.set(v.provider_id, [...(byProvider.get(v.provider_id) ?? []), v.id]);
    for (const [providerId, ids] of byProvider) {
      changed += await db.transaction().execute(async (trx) => {
        await lockProvider(trx, providerId);
        const moved = await setVoteStatus(trx, ids, 'waiting', to);
        if (moved.length === 0) return 0;
        await refreshClauseVotes(
          trx,
          moved.map((v) => v.clause_id),
        );
        await refreshProviderRating(trx, providerId, 'votes');
        if (to === 'discarded')
          await insertVoteAudit(trx, {
            action: 'discard',
            actor: 'service',
            providerId,
            voteIds: moved.map((v) => v.id).sort((a, b) => a - b),
            note: "the agent's key was revoked before it had standing: its waiting votes never count",
          });
        return moved.length;
      });
    }
    if (votes.length < BATCH) return changed;
  }
}
