// Queries only the public pages need: the provider index with clause counts per severity, and
// the date a provider's terms last changed.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ratingNoteOf } from './providers.js';
import { containsPattern } from './text-match.js';

export interface ProviderIndexRow {
  slug: string;
  name: string;
  domain: string;
  overall_rating: number;
  clause_count: number;
  rating_note: string | null;
  /** A fictional demo provider (shown only while no real provider is analysed). */
  is_example: boolean;
  critical: number;
  high: number;
  medium: number;
  low: number;
}

export type IndexSort = 'name' | 'rating';

export interface IndexQuery {
  /** Only providers whose name or domain contains this (case-insensitive). */
  readonly search: string | null;
  /** `name`: the API's order (name case-insensitively, then slug); `rating`: most concerning first, then by name. */
  readonly sort: IndexSort;
  readonly limit: number;
  readonly offset: number;
}

function matching(search: string | null) {
  if (!search) return sql`p.is_active`;
  const pattern = containsPattern(search);
  return sql`p.is_active and (p.name ilike ${pattern} or p.domain ilike ${pattern})`;
}

const ORDER: Record<IndexSort, ReturnType<typeof sql>> = {
  name: sql`lower(p.name), p.slug`,
  rating: sql`p.overall_rating desc, lower(p.name), p.slug`,
};

/**
 * One page of active providers, with their clause counts per severity. The page is chosen first
 * (an index range for either order), then only its providers' clauses are counted, so a page
 * costs the same with ten providers or ten thousand.
 */
export async function listProviderIndex(db: Kysely<Database>, query: IndexQuery): Promise<ProviderIndexRow[]> {
  const order = ORDER[query.sort];
  const { rows } = await sql<ProviderIndexRow>`
    select p.slug, p.name, p.domain, p.overall_rating, p.is_example, ${ratingNoteOf(sql.ref('p.id'))} as rating_note,
      coalesce(k.clause_count, 0)::int as clause_count, coalesce(k.critical, 0)::int as critical, coalesce(k.high, 0)::int as high,
      coalesce(k.medium, 0)::int as medium, coalesce(k.low, 0)::int as low
    from (select * from providers p where ${matching(query.search)} order by ${order} limit ${query.limit} offset ${query.offset}) p
    left join lateral (
      select count(*) as clause_count,
        count(*) filter (where c.severity = 'critical') as critical, count(*) filter (where c.severity = 'high') as high,
        count(*) filter (where c.severity = 'medium') as medium, count(*) filter (where c.severity = 'low') as low
      from clauses c where c.provider_id = p.id and c.removed_at is null
    ) k on true
    order by ${order}`.execute(db);
  return rows;
}

export async function countProviderIndex(db: Kysely<Database>, search: string | null): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from providers p where ${matching(search)}`.execute(db);
  return rows[0]!.n;
}

/** When the provider's terms last changed: the arrival of its newest analysed version. */
export async function termsLastChanged(db: Kysely<Database>, providerId: number): Promise<Date | null> {
  // Providers entered by hand (no document yet) fall back to their last edit.
  const change = await db
    .selectFrom('provider_changes')
    .select('created_at')
    .where('provider_id', '=', providerId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (change) return change.created_at;
  const row = await db.selectFrom('providers').select('updated_at').where('id', '=', providerId).executeTakeFirst();
  return row?.updated_at ?? null;
}
