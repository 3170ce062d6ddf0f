// The change records the Atom feeds publish: newest first, of visible (active) providers only:
// new versions of the terms, changes of the sites' access signals, and changes of a rating's band.
import { sql, type Kysely } from 'kysely';
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
  /** `terms`: a new version of the terms; `signals`: the site's access signals changed (no clauses); `band`: the rating's band changed. */
  kind: 'terms' | 'signals' | 'band';
  /** For `band`: the rating and the band before and after. */
  band?: { from: string; to: string; rating: number; cause: string };
}

export async function recentChanges(db: Kysely<Database>, options: { providerId?: number; limit: number }): Promise<FeedChange[]> {
  let query = db
    .selectFrom('provider_changes as c')
    .innerJoin('providers as p', 'p.id', 'c.provider_id')
    .innerJoin('document_versions as v', 'v.id', 'c.document_version_id')
    .select([
      'v.is_english',
      'c.id',
      'c.created_at',
      'p.slug',
      'p.name',
      'c.summary',
      'c.added',
      'c.removed',
      sql<boolean>`not exists (select 1 from provider_changes e where e.provider_id = c.provider_id and e.id < c.id)`.as('is_first'),
    ])
    .where('p.is_active', '=', true);
  if (options.providerId !== undefined) query = query.where('c.provider_id', '=', options.providerId);
  const terms = (await query.orderBy('c.id', 'desc').limit(options.limit).execute()).map((c) => ({ ...c, kind: 'terms' as const }));
  let signals = db
    .selectFrom('access_signal_changes as c')
    .innerJoin('providers as p', 'p.id', 'c.provider_id')
    .select(['c.id', 'c.created_at', 'p.slug', 'p.name', 'c.summary'])
    .where('p.is_active', '=', true);
  if (options.providerId !== undefined) signals = signals.where('c.provider_id', '=', options.providerId);
  const signalChanges = (await signals.orderBy('c.id', 'desc').limit(options.limit).execute()).map((c) => ({
    ...c,
    added: [],
    removed: [],
    is_first: false,
    is_english: true,
    kind: 'signals' as const,
  }));
  let bands = db
    .selectFrom('rating_history as h')
    .innerJoin('providers as p', 'p.id', 'h.provider_id')
    .select(['h.id', 'h.at as created_at', 'p.slug', 'p.name', 'h.previous_band', 'h.band', 'h.overall_rating', 'h.cause'])
    .where('p.is_active', '=', true)
    .where(sql<boolean>`h.previous_band is not null and h.previous_band <> h.band`);
  if (options.providerId !== undefined) bands = bands.where('h.provider_id', '=', options.providerId);
  const bandChanges = (await bands.orderBy('h.id', 'desc').limit(options.limit).execute()).map((c) => ({
    id: Number(c.id),
    created_at: c.created_at,
    slug: c.slug,
    name: c.name,
    summary: '',
    added: [],
    removed: [],
    is_first: false,
    is_english: true,
    kind: 'band' as const,
    band: { from: c.previous_band!, to: c.band, rating: Number(c.overall_rating), cause: c.cause },
  }));
  return [...terms, ...signalChanges, ...bandChanges].sort((a, b) => b.created_at.getTime() - a.created_at.getTime()).slice(0, options.limit);
}
