// Clauses as the pipeline and review see them: current ones, removed ones, edits, verification
// and community votes.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Clause, Database, NewClause } from '../db/schema.js';

export async function currentClauses(db: Kysely<Database>, providerId: number): Promise<Clause[]> {
  return db.selectFrom('clauses').selectAll().where('provider_id', '=', providerId).where('removed_at', 'is', null).orderBy('position').orderBy('id').execute();
}

/** Every clause, removed ones included (for review and history). */
export async function allClauses(db: Kysely<Database>, providerId: number): Promise<Clause[]> {
  return db.selectFrom('clauses').selectAll().where('provider_id', '=', providerId).orderBy('removed_at', 'desc').orderBy('position').orderBy('id').execute();
}

export async function findClause(db: Kysely<Database>, id: number): Promise<Clause | undefined> {
  return db.selectFrom('clauses').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertClauses(db: Kysely<Database>, clauses: NewClause[]): Promise<Clause[]> {
  if (clauses.length === 0) return [];
  return db.insertInto('clauses').values(clauses).returningAll().execute();
}

/** Clauses no longer current (quote gone, or no longer listed): kept for history, no longer verified. */
export async function markClausesRemoved(db: Kysely<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('clauses')
    .set({ removed_at: sql`now()`, is_verified: false })
    .where('id', 'in', ids)
    .execute();
}

/** What the analyzer says of a clause, written again when it reads the clause anew (ingestion, re-analysis). */
export type ClauseAnalysis = Partial<Pick<Clause, 'title' | 'plain_english' | 'severity' | 'category' | 'ai_rating' | 'party' | 'confidence'>> & {
  categories?: string;
};

/** A quote still present: where it now stands in the version, and what the analyzer now says of it (if anything changed). */
export async function moveClause(
  db: Kysely<Database>,
  id: number,
  at: { versionId: number; start: number; end: number; position: number },
  analysis: ClauseAnalysis = {},
): Promise<Clause> {
  return db
    .updateTable('clauses')
    .set({ ...analysis, document_version_id: at.versionId, start_offset: at.start, end_offset: at.end, position: at.position })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type ClauseEdit = Partial<Pick<Clause, 'title' | 'plain_english' | 'severity' | 'category' | 'ai_rating'>>;

/** A reviewer's edit, recorded as such (edited_at) so that re-analysis leaves it alone. */
export async function updateClause(db: Kysely<Database>, id: number, edit: ClauseEdit): Promise<Clause | undefined> {
  if (Object.keys(edit).length === 0) return findClause(db, id);
  return db
    .updateTable('clauses')
    .set({ ...edit, edited_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function setClauseVerified(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('clauses').set({ is_verified: true }).where('id', '=', id).execute();
}

/**
 * The provider of a current clause of an active provider, its row locked until `trx` ends (so
 * that concurrent votes recompute the overall rating one after the other); null when the clause
 * cannot be rated.
 */
/** Whether a current clause of an active provider has this id (read without a lock). */
export async function rateableClauseExists(db: Kysely<Database>, clauseId: number): Promise<boolean> {
  const row = await db
    .selectFrom('clauses as c')
    .innerJoin('providers as p', 'p.id', 'c.provider_id')
    .select('c.id')
    .where('c.id', '=', clauseId)
    .where('c.removed_at', 'is', null)
    .where('p.is_active', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

export async function lockRateableClause(trx: Transaction<Database>, clauseId: number): Promise<{ provider_id: number; slug: string } | null> {
  const row = await trx
    .selectFrom('clauses as c')
    .innerJoin('providers as p', 'p.id', 'c.provider_id')
    .select(['c.provider_id', 'p.slug'])
    .where('c.id', '=', clauseId)
    .where('c.removed_at', 'is', null)
    .where('p.is_active', '=', true)
    .forUpdate('p')
    .executeTakeFirst();
  return row ?? null;
}

/** Per current clause: what the overall rating needs (src/analysis/overall-rating.ts), votes as stored counts. */
export interface StoredRatingInput {
  id: number;
  title: string;
  category: string;
  severity: Clause['severity'];
  ai_rating: number;
  votes: number;
  vote_sum: number;
}

export async function ratingInputs(db: Kysely<Database>, providerId: number): Promise<StoredRatingInput[]> {
  return (await ratingInputsOf(db, providerId)).get(providerId) ?? [];
}

/** ratingInputs of one provider, or of every provider at once (one query, not one per provider), by provider id. */
export async function ratingInputsOf(db: Kysely<Database>, providerId?: number): Promise<Map<number, StoredRatingInput[]>> {
  let query = db
    .selectFrom('clauses')
    .select(['provider_id', 'id', 'title', 'category', 'severity', 'ai_rating', 'community_votes', 'community_sum'])
    .where('removed_at', 'is', null);
  if (providerId !== undefined) query = query.where('provider_id', '=', providerId);
  const rows = await query.orderBy('provider_id').orderBy('position').orderBy('id').execute();
  const byProvider = new Map<number, StoredRatingInput[]>();
  for (const r of rows) {
    const id = Number(r.provider_id);
    let list = byProvider.get(id);
    if (!list) byProvider.set(id, (list = []));
    list.push({
      id: Number(r.id),
      title: r.title,
      category: r.category,
      severity: r.severity,
      ai_rating: Number(r.ai_rating),
      votes: r.community_votes,
      vote_sum: r.community_sum,
    });
  }
  return byProvider;
}
