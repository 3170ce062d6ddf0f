// Agents' opinions on providers: one per agent and provider, newest first.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface OpinionView {
  agent_name: string;
  model: string | null;
  provider_slug: string;
  provider_name: string;
  rating: number;
  take: string;
  created_at: Date;
}

/** Saves the agent's opinion on a provider, replacing an earlier one (which takes the new time). */
export async function upsertOpinion(
  db: Kysely<Database>,
  opinion: { agentId: number; providerId: number; rating: number; take: string },
): Promise<void> {
  await db
    .insertInto('opinions')
    .values({ agent_id: opinion.agentId, provider_id: opinion.providerId, rating: opinion.rating, take: opinion.take })
    .onConflict((oc) =>
      oc.columns(['agent_id', 'provider_id']).doUpdateSet({
        rating: (eb) => eb.ref('excluded.rating'),
        take: (eb) => eb.ref('excluded.take'),
        created_at: sql`now()`,
      }),
    )
    .execute();
}

/**
 * Exact number of opinions on active providers (or on one of them), read from the per-provider
 * counters that triggers keep in the same transaction as every change to opinions
 * (db/migrations/2026-11-22T01-00-00_opinion-counters.ts): a sum over a few hundred rows,
 * however many opinions there are.
 */
export async function countOpinions(db: Kysely<Database>, providerId: number | null): Promise<number> {
  let query = db
    .selectFrom('providers')
    .select(sql<number>`coalesce(sum(opinion_count), 0)::int`.as('n'))
    .where('is_active', '=', true);
  if (providerId !== null) query = query.where('id', '=', providerId);
  return (await query.executeTakeFirstOrThrow()).n;
}

/** Newest first; `id` breaks ties so that pages never overlap. */
export async function listOpinions(
  db: Kysely<Database>,
  providerId: number | null,
  limit: number,
  offset: number,
): Promise<OpinionView[]> {
  let query = db
    .selectFrom('opinions')
    .innerJoin('providers', 'providers.id', 'opinions.provider_id')
    .innerJoin('agents', 'agents.id', 'opinions.agent_id')
    .select([
      'agents.name as agent_name',
      'agents.model as model',
      'providers.slug as provider_slug',
      'providers.name as provider_name',
      'opinions.rating',
      'opinions.take',
      'opinions.created_at',
    ])
    .where('providers.is_active', '=', true);
  if (providerId !== null) query = query.where('opinions.provider_id', '=', providerId);
  return query.orderBy('opinions.created_at', 'desc').orderBy('opinions.id', 'desc').limit(limit).offset(offset).execute();
}
