// A provider's stored clauses brought in line with what the analyzer now lists for one version's
// text, inside the caller's transaction (ingestion of a new version, re-analysis of the current
// one). A stored clause is matched to a listed one by its exact quote:
// - listed again: moved to where the quote now stands, and given the analyzer's title, plain
//   English, severity, categories, rating, party and confidence, except that a reviewed clause
//   (verified, or edited by a reviewer) keeps its reviewed fields and its confidence: only its
//   party (never set by a reviewer) follows the analyzer;
// - quote gone from the text: removed, and no longer verified (as before);
// - quote still there but no longer listed: removed, unless verified (a reviewer confirmed it:
//   kept, and moved);
// - listed but not stored: added, unverified.
// Then the protection guides (from the current clauses and the version's contract facts) and the
// overall rating are derived again.
import type { Kysely } from 'kysely';
import type { AnalyzedClause } from '../analysis/index.js';
import type { Clause, Database } from '../db/schema.js';
import { currentClauses, insertClauses, markClausesRemoved, moveClause, type ClauseAnalysis } from '../repositories/clauses.js';
import { replaceGuides } from './guides.js';
import { refreshProviderRating, type RatingCause } from './provider-rating.js';
import { refreshTermsState } from './terms-state.js';

export interface Reconciled {
  /** Stored clauses still current (listed again, or verified). */
  readonly kept: Clause[];
  /** Of the kept, those whose analysis changed. */
  readonly refreshed: number;
  readonly added: Clause[];
  /** Stored clauses whose quote the text no longer contains. */
  readonly gone: Clause[];
  /** Stored unverified clauses whose quote is still there but the analyzer no longer lists. */
  readonly unlisted: Clause[];
}

/** Whether a human has stood behind the clause's wording: its reviewed fields are theirs. */
export function isReviewed(clause: Clause): boolean {
  return clause.is_verified || clause.edited_at !== null;
}

export async function reconcileClauses(
  trx: Kysely<Database>,
  providerId: number,
  version: { id: number; text: string; facts: unknown },
  analysed: readonly AnalyzedClause[],
  /** `terms`: a new version (a point in the rating's history whatever the rating); `analysis`: the same version read again. */
  cause: Extract<RatingCause, 'terms' | 'analysis'>,
): Promise<Reconciled> {
  const { text } = version;
  const listed = new Map<string, AnalyzedClause[]>();
  for (const a of analysed) listed.set(a.clause_text, [...(listed.get(a.clause_text) ?? []), a]);

  const kept: Clause[] = [];
  const gone: Clause[] = [];
  const unlisted: Clause[] = [];
  let refreshed = 0;
  for (const clause of await currentClauses(trx, providerId)) {
    if (!text.includes(clause.clause_text)) {
      gone.push(clause);
      continue;
    }
    const match = listed.get(clause.clause_text)?.shift();
    if (!match && !clause.is_verified) {
      unlisted.push(clause);
      continue;
    }
    const start = match?.start ?? text.indexOf(clause.clause_text);
    const changes = match ? analysisChanges(clause, match) : {};
    const changed = Object.keys(changes).length > 0;
    if (changed) refreshed++;
    // One statement per clause, none for a clause that stays as it is (re-analysis of an unchanged reading).
    const moved = clause.document_version_id !== version.id || clause.start_offset !== start;
    kept.push(
      changed || moved
        ? await moveClause(trx, clause.id, { versionId: version.id, start, end: start + clause.clause_text.length, position: start }, changes)
        : clause,
    );
  }
  await markClausesRemoved(
    trx,
    [...gone, ...unlisted].map((c) => c.id),
  );
  const added = await insertClauses(
    trx,
    [...listed.values()].flat().map((a) => ({
      provider_id: providerId,
      title: a.title,
      clause_text: a.clause_text,
      plain_english: a.plain_english,
      severity: a.severity,
      category: a.category,
      categories: JSON.stringify(a.categories),
      ai_rating: a.ai_rating,
      party: a.party,
      confidence: a.confidence,
      is_verified: false,
      position: a.start,
      document_version_id: version.id,
      start_offset: a.start,
      end_offset: a.end,
    })),
  );
  await replaceGuides(trx, providerId, [...kept, ...added], version.facts);
  // The terms state first: the rating's band (and its history) follows it.
  await refreshTermsState(trx, providerId);
  await refreshProviderRating(trx, providerId, cause);
  return { kept, refreshed, added, gone, unlisted };
}

/** The fields of a stored clause that the analyzer now reads otherwise (a reviewed clause: its party only). */
function analysisChanges(clause: Clause, a: AnalyzedClause): ClauseAnalysis {
  const changes: ClauseAnalysis = {};
  if (clause.party !== a.party) changes.party = a.party;
  if (isReviewed(clause)) return changes;
  if (clause.title !== a.title) changes.title = a.title;
  if (clause.plain_english !== a.plain_english) changes.plain_english = a.plain_english;
  if (clause.severity !== a.severity) changes.severity = a.severity;
  if (clause.category !== a.category) changes.category = a.category;
  if (JSON.stringify(clause.categories) !== JSON.stringify(a.categories)) changes.categories = JSON.stringify(a.categories);
  if (clause.ai_rating !== a.ai_rating) changes.ai_rating = a.ai_rating;
  if (clause.confidence !== a.confidence) changes.confidence = a.confidence;
  return changes;
}
