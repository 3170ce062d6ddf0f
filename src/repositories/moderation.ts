// Opinions as moderators see them: with ids, and removable.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export async function listOpinionsWithIds(db: Kysely<Database>, providerId: number | null, limit: number, offset: number) {
  let query = db
    .selectFrom('opinions')
    .innerJoin('providers', 'providers.id', 'opinions.provider_id')
    .innerJoin('agents', 'agents.id', 'opinions.agent_id')
    .select(['opinions.id', 'agents.name as agent_name', 'providers.slug as provider_slug', 'opinions.rating', 'opinions.take', 'opinions.created_at']);
  if (providerId !== null) query = query.where('opinions.provider_id', '=', providerId);
  return query.orderBy('opinions.created_at', 'desc').orderBy('opinions.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countAllOpinions(db: Kysely<Database>, providerId: number | null): Promise<number> {
  let query = db.selectFrom('opinions').select(sql<number>`count(*)::int`.as('n'));
  if (providerId !== null) query = query.where('provider_id', '=', providerId);
  return (await query.executeTakeFirstOrThrow()).n;
}

export async function deleteOpinion(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('opinions').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}
