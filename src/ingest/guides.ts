// A provider's protection guides, written again from its current clauses and the contract facts
// of its current terms version (src/analysis/protections.ts): whenever either changes (new terms,
// re-analysis, facts read again by newer readers). Guides state what these terms allow only with
// the fact or clause that says so, linked by the clause's id.
import type { Kysely } from 'kysely';
import { protectionsFor, type ContractFacts } from '../analysis/index.js';
import type { Clause, Database } from '../db/schema.js';
import { currentClauses } from '../repositories/clauses.js';
import { latestDocumentVersion } from '../repositories/documents.js';
import { lockProvider } from '../repositories/providers.js';
import { replaceProviderProtections } from '../repositories/protections.js';

/** Replaces the provider's guides with those its clauses call for, given these facts. */
export async function replaceGuides(db: Kysely<Database>, providerId: number, clauses: readonly Clause[], facts: unknown): Promise<void> {
  const listed = clauses.map((c) => ({
    id: Number(c.id),
    category: c.category,
    categories: Array.isArray(c.categories) ? c.categories : [],
    clause_text: c.clause_text,
  }));
  await replaceProviderProtections(db, providerId, protectionsFor(listed, (facts ?? null) as ContractFacts | null));
}

/** After the facts of a current version were read again: its provider's guides follow (its row locked). */
export async function refreshGuidesOfVersion(db: Kysely<Database>, versionId: number): Promise<void> {
  const version = await db.selectFrom('document_versions').select('provider_id').where('id', '=', versionId).executeTakeFirst();
  if (!version) return;
  const providerId = Number(version.provider_id);
  await db.transaction().execute(async (trx) => {
    await lockProvider(trx, providerId);
    const current = await latestDocumentVersion(trx, providerId);
    if (!current || current.id !== versionId) return;
    await replaceGuides(trx, providerId, await currentClauses(trx, providerId), current.facts);
  });
}
