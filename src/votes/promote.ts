// Waiting votes whose agents have gained standing start to count: a pass over them, a provider
// at a time (its row locked, as every writer of ratings does), run by the server every hour
// (schedule.ts). Idempotent, and safe with several processes: a vote already promoted is no
// longer `waiting` and is left alone.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { refreshProviderRating } from '../ingest/index.js';
import { lockProvider } from '../repositories/providers.js';
import { promotableVotes, refreshClauseVotes, setVoteStatus } from '../repositories/votes.js';
import { STANDING } from './policy.js';

const BATCH = 500;

/** Returns how many votes now count. */
export async function promoteWaitingVotes(db: Kysely<Database>, signal?: AbortSignal): Promise<number> {
  let promoted = 0;
  for (;;) {
    const votes = await promotableVotes(db, STANDING, BATCH);
    if (votes.length === 0 || signal?.aborted) return promoted;
    const byProvider = new Map<number, number[]>();
    for (const v of votes) byProvider.set(v.provider_id, [...(byProvider.get(v.provider_id) ?? []), v.id]);
    for (const [providerId, ids] of byProvider) {
      promoted += await db.transaction().execute(async (trx) => {
        await lockProvider(trx, providerId);
        const moved = await setVoteStatus(trx, ids, 'waiting', 'counted');
        if (moved.length === 0) return 0;
        await refreshClauseVotes(
          trx,
          moved.map((v) => v.clause_id),
        );
        await refreshProviderRating(trx, providerId, 'votes');
        return moved.length;
      });
    }
    if (votes.length < BATCH) return promoted;
  }
}
