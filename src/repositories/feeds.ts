// The change records the Atom feeds publish: newest first, of visible (active) providers only:
// new versions of the terms, and changes of the sites' access signals.
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
  /** `terms`: a new version of the terms; `signals`: the site's access signals changed (no clauses). */
  kind: 'terms' | 'signals';
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
  return [...terms, ...signalChanges].sort((a, b) => b.created_at.getTime() - a.created_at.getTime()).slice(0, options.limit);
}
