// Stored analyses follow the analyzer: every provider whose current document version was analysed
// by another analyzer version (ANALYZER_VERSION) is analysed again from the stored text, in a
// background analysis thread, and its clauses brought in line (reconcile.ts) in one transaction
// per provider, which also stamps the version with the analyzer version.
//
// Several processes may run it at once, and it may stop anywhere: the analysis runs outside any
// lock; the transaction then locks the provider's row (serialising with ingestion and with other
// passes) and re-reads the current version, and does nothing if it has been stamped meanwhile or
// a newer version has arrived (ingestion analysed that one with this analyzer). So each stale
// version is applied exactly once, and a pass that stops leaves the rest for the next one.
//
// No change record is written: the terms did not change, only our reading of them, and the
// feeds and change history say "the terms changed" (a clause no longer listed is marked removed
// and disappears from the current clauses; its row stays for review).
import type { Kysely } from 'kysely';
import { ANALYZER_VERSION } from '../analysis/index.js';
import type { Analyzer } from '../analysis-pool/index.js';
import type { Database } from '../db/schema.js';
import { latestDocumentVersion, stampAnalyzerVersion, staleLatestVersions } from '../repositories/documents.js';
import { lockProvider } from '../repositories/providers.js';
import { timeAnalysis } from '../metrics/metrics.js';
import { reconcileClauses } from './reconcile.js';

export interface ReanalysedProvider {
  readonly slug: string;
  readonly providerId: number;
  readonly versionId: number;
  /** `skipped`: another pass, or a new version, got there first. */
  readonly outcome: 'reanalysed' | 'skipped';
  readonly kept: number;
  /** Kept clauses whose analysis changed. */
  readonly refreshed: number;
  readonly added: number;
  /** Unverified clauses no longer listed, now removed. */
  readonly removed: number;
}

/** One pass over the stale providers, in id order; `signal` stops it between providers. */
export async function reanalyseStale(db: Kysely<Database>, analyzer: Analyzer, signal?: AbortSignal): Promise<ReanalysedProvider[]> {
  const report: ReanalysedProvider[] = [];
  for (const stale of await staleLatestVersions(db, ANALYZER_VERSION)) {
    if (signal?.aborted) break;
    report.push({ slug: stale.slug, ...(await reanalyseProvider(db, analyzer, stale.provider_id, stale.id, ANALYZER_VERSION)) });
  }
  return report;
}

async function reanalyseProvider(
  db: Kysely<Database>,
  analyzer: Analyzer,
  providerId: number,
  versionId: number,
  target: string,
): Promise<Omit<ReanalysedProvider, 'slug'>> {
  const skipped = { providerId, versionId, outcome: 'skipped', kept: 0, refreshed: 0, added: 0, removed: 0 } as const;
  const stored = await db.selectFrom('document_versions').select('text').where('id', '=', versionId).executeTakeFirst();
  if (!stored) return skipped;
  const analysed = await timeAnalysis(() => analyzer.analyzeStoredText(stored.text));
  return db.transaction().execute(async (trx) => {
    await lockProvider(trx, providerId);
    const current = await latestDocumentVersion(trx, providerId);
    if (!current || current.id !== versionId || current.analyzer_version === target) return skipped;
    const { kept, refreshed, added, gone, unlisted } = await reconcileClauses(trx, providerId, current, analysed, 'analysis');
    await stampAnalyzerVersion(trx, versionId, target);
    return { providerId, versionId, outcome: 'reanalysed', kept: kept.length, refreshed, added: added.length, removed: gone.length + unlisted.length };
  });
}
