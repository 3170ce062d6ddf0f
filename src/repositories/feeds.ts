// The one list of changes, newest first, of visible (active) providers only: new versions of the
// terms, and changes of the sites' access signals (a robots.txt that now disallows GPTBot). The
// Atom feeds publish it, and GET /api/agents/providers/{slug}/changes (get_provider_changes)
// gives it page by page: an agent that polls the API learns all the feed says.
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
  /** `terms`: a new version of the terms; `signals`: the site's access signals changed (no clauses). */
  kind: 'terms' | 'signals';
}

export interface ChangeQuery {
  /** One provider's changes, or every visible provider's. */
  readonly providerId?: number;
  readonly limit: number;
  readonly offset?: number;
}

export async function recentChanges(db: Kysely<Database>, query: ChangeQuery): Promise<FeedChange[]> {
  const offset = query.offset ?? 0;
  // Each kind is read newest first by its own (provider_id, id) index, as far as the page reaches;
  // the two are then merged by time.
  const reach = query.limit + offset;
  const { rows } = await sql<FeedChange>`
    select * from (
      (select 'terms' as kind, c.id, c.created_at, p.slug, p.name, c.summary, c.added, c.removed, v.is_english,
        not exists (select 1 from provider_changes e where e.provider_id = c.provider_id and e.id < c.id) as is_first
      from provider_changes c
      join providers p on p.id = c.provider_id
      join document_versions v on v.id = c.document_version_id
      where p.is_active ${ofProvider(query.providerId)}
      order by c.id desc limit ${reach})
      union all
      (select 'signals' as kind, c.id, c.created_at, p.slug, p.name, c.summary, '[]'::jsonb, '[]'::jsonb, true, false
      from access_signal_changes c
      join providers p on p.id = c.provider_id
      where p.is_active ${ofProvider(query.providerId)}
      order by c.id desc limit ${reach})
    ) changes
    order by created_at desc, kind desc, id desc
    limit ${query.limit} offset ${offset}`.execute(db);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** How many changes the list has (one provider's, of an active provider). */
export async function countChanges(db: Kysely<Database>, providerId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select (select count(*) from provider_changes where provider_id = ${providerId})
      + (select count(*) from access_signal_changes where provider_id = ${providerId}) as n`.execute(db);
  return Number(rows[0]!.n);
}

function ofProvider(providerId: number | undefined): RawBuilder<unknown> {
  return providerId === undefined ? sql`` : sql`and c.provider_id = ${providerId}`;
}
