// The one list of changes, newest first, of visible (active) providers only: new versions of the
// terms, changes of the sites' access signals (a robots.txt that now disallows GPTBot), and changes
// of a rating's band. The Atom feeds publish it, and GET /api/agents/providers/{slug}/changes
// (get_provider_changes) gives it page by page: an agent that polls the API learns all the feed says.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ClauseRef, Database } from '../db/schema.js';

export interface FeedChange {
  id: number;
  created_at: Date;
  slug: string;
  name: string;
  summary: string;
  added: ClauseRef[];
  removed: ClauseRef[];
  /** The provider's first analysed version (nothing "went"; everything is new to us). */
  is_first: boolean;
  /** Whether the version is in English, the only language the analyzer reads (else: not rated). */
  is_english: boolean;
  /**
   * For `terms` from the shipped snapshot: when Open Terms Archive recorded the version, which is
   * when the terms changed as far as anyone knows (created_at is when this service took it in).
   */
  recorded_at: Date | null;
  /** `terms`: a new version of the terms; `signals`: the site's access signals changed (no clauses); `band`: the rating's band changed. */
  kind: 'terms' | 'signals' | 'band';
  /** For `band`: the rating and the band before and after. */
  band?: { from: string; to: string; rating: number; cause: string };
}

export interface ChangeQuery {
  /** One provider's changes, or every visible provider's. */
  readonly providerId?: number;
  readonly limit: number;
  readonly offset?: number;
}

interface ChangeRow extends Omit<FeedChange, 'band'> {
  previous_band: string | null;
  band: string | null;
  overall_rating: number | null;
  cause: string | null;
}

// A band change: a point of the rating's history whose band is not the one before it.
const BAND_CHANGED = sql`h.previous_band is not null and h.previous_band <> h.band`;

export async function recentChanges(db: Kysely<Database>, query: ChangeQuery): Promise<FeedChange[]> {
  const offset = query.offset ?? 0;
  // Each kind is read newest first by its own index, as far as the page reaches; they are then merged by time.
  const reach = query.limit + offset;
  const { rows } = await sql<ChangeRow>`
    select * from (
      (select 'terms' as kind, c.id, c.created_at, v.recorded_at, p.slug, p.name, c.summary, c.added, c.removed, v.is_english,
        not exists (select 1 from provider_changes e where e.provider_id = c.provider_id and e.id < c.id) as is_first,
        null::text as previous_band, null::text as band, null::float8 as overall_rating, null::text as cause
      from provider_changes c
      join providers p on p.id = c.provider_id
      join document_versions v on v.id = c.document_version_id
      where p.is_active ${ofProvider('c', query.providerId)}
      order by c.id desc limit ${reach})
      union all
      (select 'signals' as kind, c.id, c.created_at, null::timestamptz, p.slug, p.name, c.summary, '[]'::jsonb, '[]'::jsonb, true, false,
        null, null, null, null
      from access_signal_changes c
      join providers p on p.id = c.provider_id
      where p.is_active ${ofProvider('c', query.providerId)}
      order by c.id desc limit ${reach})
      union all
      (select 'band' as kind, h.id, h.at, null::timestamptz, p.slug, p.name, '', '[]'::jsonb, '[]'::jsonb, true, false,
        h.previous_band, h.band, h.overall_rating, h.cause
      from rating_history h
      join providers p on p.id = h.provider_id
      where p.is_active and ${BAND_CHANGED} ${ofProvider('h', query.providerId)}
      order by h.id desc limit ${reach})
    ) changes
    order by created_at desc, kind desc, id desc
    limit ${query.limit} offset ${offset}`.execute(db);
  return rows.map(({ previous_band, band, overall_rating, cause, ...row }) => ({
    ...row,
    id: Number(row.id),
    recorded_at: row.recorded_at === null ? null : new Date(row.recorded_at),
    ...(row.kind === 'band' && { band: { from: previous_band!, to: band!, rating: Number(overall_rating), cause: cause! } }),
  }));
}

/** How many changes the list has (one provider's, of an active provider). */
export async function countChanges(db: Kysely<Database>, providerId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select (select count(*) from provider_changes where provider_id = ${providerId})
      + (select count(*) from access_signal_changes where provider_id = ${providerId})
      + (select count(*) from rating_history h where h.provider_id = ${providerId} and ${BAND_CHANGED}) as n`.execute(db);
  return Number(rows[0]!.n);
}

function ofProvider(table: 'c' | 'h', providerId: number | undefined): RawBuilder<unknown> {
  return providerId === undefined ? sql`` : sql`and ${sql.ref(`${table}.provider_id`)} = ${providerId}`;
}
