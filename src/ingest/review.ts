// Human review: a clause becomes verified only if its quote is still an exact substring of the
// provider's current terms document version; reviewers may also edit a clause's other fields.
import type { Kysely } from 'kysely';
import type { Clause, Database } from '../db/schema.js';
import { conflict, notFound } from '../core/errors.js';
import { findClause, setClauseVerified, updateClause, type ClauseEdit } from '../repositories/clauses.js';
import { refreshProviderRating } from './provider-rating.js';
import { latestDocumentVersion } from '../repositories/documents.js';
import { lockProvider } from '../repositories/providers.js';

/**
 * A reviewer confirms a quote. Under the provider's row lock (as every review and every writer of
 * clauses takes it), so that a new version of the terms cannot remove the clause or change the
 * document between the check and the mark.
 */
export async function verifyClause(db: Kysely<Database>, id: number): Promise<Clause> {
  const found = await findClause(db, id);
  if (!found) throw notFound(`no clause with id ${id}`);
  return db.transaction().execute(async (trx) => {
    await lockProvider(trx, found.provider_id);
    const clause = (await findClause(trx, id))!;
    if (clause.removed_at) throw conflict('the clause is no longer in the current terms');
    const current = await latestDocumentVersion(trx, clause.provider_id);
    if (!current) throw conflict('the provider has no terms document to check the quote against');
    if (!current.text.includes(clause.clause_text)) throw conflict('the quote is not an exact substring of the current terms document');
    await setClauseVerified(trx, clause.id);
    return { ...clause, is_verified: true };
  });
}

/**
 * A reviewer's edit of a clause (never its quote); the provider's overall rating follows. The
 * provider's row is locked first, as every writer of clause ratings and votes locks it (votes,
 * promotion, held-vote decisions, ingestion), so that a vote at the same moment cannot compute the
 * rating without this edit, nor this edit without the vote.
 */
export async function editClause(db: Kysely<Database>, id: number, edit: ClauseEdit): Promise<Clause> {
  const clause = await db.transaction().execute(async (trx) => {
    const found = await findClause(trx, id);
    if (!found) return undefined;
    await lockProvider(trx, found.provider_id);
    const updated = await updateClause(trx, id, edit);
    if (updated) await refreshProviderRating(trx, updated.provider_id, 'review');
    return updated;
  });
  if (!clause) throw notFound(`no clause with id ${id}`);
  return clause;
}
