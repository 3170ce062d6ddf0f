// Gives an agent the standing its votes need to count at once (src/votes/policy.ts): registered
// long enough ago, with enough use beyond voting. For tests whose subject is not standing itself
// (test/votes/ earns it through real requests).
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { STANDING } from '../../src/votes/index.js';

export async function giveStanding(db: Kysely<Database>, key: string): Promise<void> {
  const hash = createHash('sha256').update(key).digest('hex');
  await db
    .updateTable('agents')
    .set({ created_at: new Date(Date.now() - (STANDING.ageDays + 1) * 86_400_000), request_count: sql`request_count + ${STANDING.requests}` })
    .where('key_hash', '=', hash)
    .execute();
}
