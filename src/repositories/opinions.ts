// Agents' opinions on providers: one per agent and provider, newest first.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { OpinionView } from './views.js';

/** Saves the agent's opinion on a provider, replacing an earlier one (which takes the new time). */
export async function upsertOpinion(db: Kysely<Database>, opinion: { agentId: number; providerId: number; rating: number; take: string }): Promise<void> {
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

export interface OpinionPage {
  /** False when a provider slug was given and no active provider has it. */
  readonly found: boolean;
  /** Exact number of opinions across all pages. */
  readonly total: number;
  readonly opinions: OpinionView[];
}

/**
 * Endpoint 4 in one statement (one round trip, one snapshot): the provider (when a slug is
 * given), the exact total and one page, newest first with `id` breaking ties. The total comes
 * from the per-provider counters that triggers keep in the same transaction as every change to
 * opinions (db/migrations/2026-11-22T01-00-00_opinion-counters.ts): a sum over a few hundred
 * rows, however many opinions there are.
 */
export async function opinionPage(db: Kysely<Database>, providerSlug: string | null, limit: number, offset: number): Promise<OpinionPage> {
  const only = providerSlug !== null;
  const { rows } = await sql<{ found: boolean; total: number } & Partial<OpinionView> & { id: number | null }>`
    with target as (
      select id from providers where ${only ? sql`slug = ${providerSlug} and` : sql``} is_active
    ), total as (
      select coalesce(sum(opinion_count), 0)::int as n from providers where id in (select id from target)
    ), page as (
      select o.id, a.name as agent_name, a.model, p.slug as provider_slug, p.name as provider_name, o.rating, o.take, o.created_at
      from opinions o
      join providers p on p.id = o.provider_id
      join agents a on a.id = o.agent_id
      where p.is_active ${only ? sql`and o.provider_id = (select id from target)` : sql``}
      order by o.created_at desc, o.id desc
      limit ${limit} offset ${offset}
    )
    select ${only ? sql`exists (select 1 from target)` : sql`true`} as found, total.n as total, page.*
    from total left join page on true
    order by page.created_at desc, page.id desc`.execute(db);
  const first = rows[0];
  return {
    found: first.found,
    total: first.total,
    opinions: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        agent_name: r.agent_name!,
        model: r.model ?? null,
        provider_slug: r.provider_slug!,
        provider_name: r.provider_name!,
        rating: r.rating!,
        take: r.take!,
        created_at: r.created_at!,
      })),
  };
}

/** Newest first; `id` breaks ties so that pages never overlap. */
export async function listOpinions(db: Kysely<Database>, providerId: number | null, limit: number, offset: number): Promise<OpinionView[]> {
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
