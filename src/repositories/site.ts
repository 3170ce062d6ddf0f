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
  terms_state: 'analysed' | 'not-english' | 'not-read-yet';
  terms_language: string | null;
  critical: number;
  high: number;
  medium: number;
  low: number;
}

export type IndexSort = 'name' | 'rating';

/** What the index can narrow to by what the terms contain (each a partial index, migration 2026-11-27). */
export const INDEX_FILTERS = ['arbitration', 'class-action-waiver', 'bots-forbidden', 'not-english'] as const;
export type IndexFilter = (typeof INDEX_FILTERS)[number];

const FILTER_SQL: Record<IndexFilter, ReturnType<typeof sql>> = {
  arbitration: sql`p.mandatory_arbitration`,
  'class-action-waiver': sql`p.class_action_waiver`,
  'bots-forbidden': sql`p.bots_forbidden`,
  'not-english': sql`p.terms_state = 'not-english'`,
};

export interface IndexQuery {
  /** Only providers whose name or domain contains this (case-insensitive). */
  readonly search: string | null;
  /** Only providers whose terms have all of these. */
  readonly filters: readonly IndexFilter[];
  /** `name`: the API's order (name case-insensitively, then slug), demo providers first while they are listed; `rating`: most concerning first, then by name. */
  readonly sort: IndexSort;
  readonly limit: number;
  readonly offset: number;
}

function matching(search: string | null, filters: readonly IndexFilter[]) {
  const conditions = [sql`p.is_active`, ...filters.map((f) => FILTER_SQL[f])];
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(sql`(p.name ilike ${pattern} or p.domain ilike ${pattern})`);
  }
  return sql.join(conditions, sql` and `);
}

// By rating: the rated first (a placeholder rating is no finding), most concerning first. By name:
// the demo providers first, as they are listed only while no real provider is analysed yet, and
// are then the only providers with clauses to show.
const ORDER: Record<IndexSort, ReturnType<typeof sql>> = {
  name: sql`p.is_example desc, lower(p.name), p.slug`,
  rating: sql`(p.terms_state = 'analysed') desc, p.overall_rating desc, lower(p.name), p.slug`,
};

/**
 * One page of active providers, with their clause counts per severity. The page is chosen first
 * (an index range for either order), then only its providers' clauses are counted, so a page
 * costs the same with ten providers or ten thousand.
 */
export async function listProviderIndex(db: Kysely<Database>, query: IndexQuery): Promise<ProviderIndexRow[]> {
  const order = ORDER[query.sort];
  const { rows } = await sql<ProviderIndexRow>`
    select p.slug, p.name, p.domain, p.overall_rating, p.is_example, p.terms_state, p.terms_language, ${ratingNoteOf(sql.ref('p.terms_state'))} as rating_note,
      coalesce(k.clause_count, 0)::int as clause_count, coalesce(k.critical, 0)::int as critical, coalesce(k.high, 0)::int as high,
      coalesce(k.medium, 0)::int as medium, coalesce(k.low, 0)::int as low
    from (select * from providers p where ${matching(query.search, query.filters)} order by ${order} limit ${query.limit} offset ${query.offset}) p
    left join lateral (
      select count(*) as clause_count,
        count(*) filter (where c.severity = 'critical') as critical, count(*) filter (where c.severity = 'high') as high,
        count(*) filter (where c.severity = 'medium') as medium, count(*) filter (where c.severity = 'low') as low
      from clauses c where c.provider_id = p.id and c.removed_at is null
    ) k on true
    order by ${order}`.execute(db);
  return rows;
}

/** When the first visible provider was added: the date of a feed with no entry yet (null: none). */
export async function firstProviderAddedAt(db: Kysely<Database>): Promise<Date | null> {
  const row = await db
    .selectFrom('providers')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .where('is_active', '=', true)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

export async function countProviderIndex(db: Kysely<Database>, search: string | null, filters: readonly IndexFilter[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from providers p where ${matching(search, filters)}`.execute(db);
  return rows[0]!.n;
}

/**
 * When the provider's terms last changed: its newest version's, which for a copy from the shipped
 * snapshot is the date Open Terms Archive recorded it (not the day this service took it in), and
 * otherwise the day the version arrived.
 */
export async function termsLastChanged(db: Kysely<Database>, providerId: number): Promise<Date | null> {
  // Providers entered by hand (no document yet) fall back to their last edit.
  const change = await db
    .selectFrom('provider_changes as c')
    .innerJoin('document_versions as v', 'v.id', 'c.document_version_id')
    .select(sql<Date>`coalesce(v.recorded_at, c.created_at)`.as('at'))
    .where('c.provider_id', '=', providerId)
    .orderBy('c.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (change) return new Date(change.at);
  const row = await db.selectFrom('providers').select('updated_at').where('id', '=', providerId).executeTakeFirst();
  return row?.updated_at ?? null;
}
