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
  /** Sort key of the page's last opinion ([created_at in microseconds since 1970, id]), to seek past it. */
  readonly lastKey: readonly [number, number] | null;
}

/** Where the page starts: after `offset` opinions, or just after the opinion with this sort key. */
export type OpinionStart = { readonly offset: number } | { readonly after: readonly [number, number] };

/**
 * Endpoint 4 in one statement (one round trip, one snapshot): the provider (when a slug is
 * given), the exact total and one page, newest first with `id` breaking ties. The total comes
 * from the per-provider counters that triggers keep in the same transaction as every change to
 * opinions (db/migrations/2026-11-22T01-00-00_opinion-counters.ts). The page's opinions are
 * chosen first on the (created_at, id) indexes, by offset or by seeking past a key, and only
 * they are joined to their agents. Skipped rows are checked against the (few) inactive
 * providers through a hashed set, not joined to their provider one by one.
 */
export async function opinionPage(db: Kysely<Database>, providerSlug: string | null, limit: number, start: OpinionStart): Promise<OpinionPage> {
  const only = providerSlug !== null;
  const seek =
    'after' in start
      ? sql`and (o.created_at, o.id) < (timestamptz 'epoch' + ${start.after[0]}::int8 * interval '1 microsecond', ${start.after[1]}::int8)`
      : sql``;
  const skip = 'offset' in start ? sql`offset ${start.offset}` : sql``;
  const { rows } = await sql<{ found: boolean; total: number; key_us: number | null } & Partial<OpinionView> & { id: number | null }>`
    with target as (
      select id from providers where ${only ? sql`slug = ${providerSlug} and` : sql``} is_active
    ), total as (
      select coalesce(sum(opinion_count), 0)::int as n from providers where ${only ? sql`slug = ${providerSlug} and` : sql``} is_active
    ), chosen as (
      select o.id, o.agent_id, o.provider_id, o.rating, o.take, o.created_at
      from opinions o
      ${only ? sql`where o.provider_id = (select id from target)` : sql`where o.provider_id not in (select id from providers where not is_active)`}
      ${seek}
      order by o.created_at desc, o.id desc
      limit ${limit} ${skip}
    ), page as (
      select c.id, a.name as agent_name, a.model, p.slug as provider_slug, p.name as provider_name, c.rating, c.take, c.created_at,
        (extract(epoch from c.created_at) * 1000000)::int8 as key_us
      from chosen c join providers p on p.id = c.provider_id join agents a on a.id = c.agent_id
    )
    select ${only ? sql`exists (select 1 from target)` : sql`true`} as found, total.n as total, page.*
    from total left join page on true
    order by page.created_at desc, page.id desc`.execute(db);
  const first = rows[0];
  const listed = rows.filter((r) => r.id !== null);
  const last = listed.at(-1);
  return {
    found: first.found,
    total: first.total,
    lastKey: last ? [Number(last.key_us), Number(last.id)] : null,
    opinions: listed.map((r) => ({
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
