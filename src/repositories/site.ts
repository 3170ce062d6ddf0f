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
  critical: number;
  high: number;
  medium: number;
  low: number;
}

const bySeverity = (severity: string) => sql<number>`(count(c.id) filter (where c.severity = ${severity}))::int`;

/**
 * Active providers in the API's order (name case-insensitively, then slug), optionally only
 * those whose name or domain contains `search` (case-insensitive).
 */
export async function listProviderIndex(db: Kysely<Database>, search: string | null): Promise<ProviderIndexRow[]> {
  let query = db
    .selectFrom('providers as p')
    .leftJoin('clauses as c', (join) => join.onRef('c.provider_id', '=', 'p.id').on('c.removed_at', 'is', null))
    .select([
      'p.slug',
      'p.name',
      'p.domain',
      'p.overall_rating',
      sql<number>`count(c.id)::int`.as('clause_count'),
      ratingNoteOf(sql.ref('p.id')).as('rating_note'),
      bySeverity('critical').as('critical'),
      bySeverity('high').as('high'),
      bySeverity('medium').as('medium'),
      bySeverity('low').as('low'),
    ])
    .where('p.is_active', '=', true)
    .groupBy('p.id');
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb('p.name', 'ilike', pattern), eb('p.domain', 'ilike', pattern)]));
  }
  return query.orderBy(sql`lower(p.name)`).orderBy('p.slug').execute();
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
