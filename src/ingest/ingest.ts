// A provider's terms document in, rated clauses out. Every version is kept; one whose words are
// those of the latest version (differences of markup, case, punctuation or white space only)
// is a no-op. HTML is read with a real HTML parser (terms-html.ts). On a new version the stored
// clauses follow what the analyzer lists in it (reconcile.ts: a quote no longer present, or no
// longer listed and unverified, is removed; clauses listed again take the new analysis unless
// reviewed; new ones are added unverified), the protection guides and the overall rating are
// derived again, the version records the analyzer version, and a change record is written: all in one
// transaction, with ingestions of one provider serialised on its row. A provider the catalogue
// added is published (made active) with its first analysed version, in the same transaction.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ANALYZER_VERSION, FACTS_VERSION } from '../analysis/index.js';
import { readVersion } from './read-version.js';
import type { Clause, ClauseRef, Database, DocumentVersion, VersionOrigin } from '../db/schema.js';
import { insertDocumentVersion, insertProviderChange, latestDocumentVersion, setVersionFacts } from '../repositories/documents.js';
import { reconcileClauses } from './reconcile.js';
import { summariseChange } from './change-summary.js';
import { publishIfPending } from '../repositories/tracking.js';
import { lockProvider } from '../repositories/providers.js';
import type { Analyzer, DocumentFormat } from '../analysis-pool/index.js';
import { sameWords } from './words.js';
import { timeAnalysis } from '../metrics/metrics.js';

export type { DocumentFormat };

export interface IngestResult {
  readonly status: 'unchanged' | 'analysed';
  readonly versionId: number;
  readonly added: ClauseRef[];
  readonly removed: ClauseRef[];
  readonly kept: number;
  readonly summary: string;
}

/** Where a document comes from (document_versions.origin and the columns beside it). */
export interface Provenance {
  readonly origin: VersionOrigin;
  /** Snapshot: when Open Terms Archive recorded it (ISO), its collection, the shipped file's SHA-256. */
  readonly recordedAt?: string | null;
  readonly collection?: string | null;
  readonly snapshotSha256?: string | null;
  /** ISO 639-1 guess of its language, when known. */
  readonly language?: string | null;
}

export async function ingestDocument(
  db: Kysely<Database>,
  analyzer: Analyzer,
  providerId: number,
  raw: string,
  format: DocumentFormat,
  sourceUrl: string | null = null,
  provenance: Provenance = { origin: sourceUrl ? 'fetched' : 'submitted' },
): Promise<IngestResult> {
  // Normalising and analysing are pure CPU work (an analysis worker thread in the server): done
  // before the transaction holds any lock, so a failed analysis stores nothing.
  const {
    text,
    clauses: analysed,
    facts,
    inYourFavour,
    isEnglish,
  } = await timeAnalysis(() => analyzer.prepareDocument(raw, format, provenance.origin === 'snapshot' ? 'bulk' : 'background'));
  const sha256 = createHash('sha256').update(text).digest('hex');

  return db.transaction().execute(async (trx) => {
    await lockProvider(trx, providerId);
    const previous = await latestDocumentVersion(trx, providerId);
    if (provenance.origin === 'snapshot' && !(await snapshotApplies(trx, providerId, previous, provenance))) {
      return { status: 'unchanged', versionId: previous!.id, added: [], removed: [], kept: 0, summary: SUPERSEDED };
    }
    if (previous && (previous.sha256 === sha256 || sameWords(previous.text, text))) {
      const summary =
        previous.sha256 === sha256
          ? 'The document is identical to the latest version.'
          : 'The document has the same words as the latest version (only formatting differs).';
      // Facts read by older readers are read again; offsets must point into the stored text.
      if (previous.facts_version !== FACTS_VERSION)
        await setVersionFacts(trx, previous.id, previous.sha256 === sha256 ? { facts, inYourFavour, version: FACTS_VERSION } : readVersion(previous.text));
      return { status: 'unchanged', versionId: previous.id, added: [], removed: [], kept: 0, summary };
    }
    const version = await insertDocumentVersion(trx, {
      providerId,
      text,
      sha256,
      format,
      sourceUrl,
      isEnglish,
      provenance: { ...provenance, language: isEnglish ? 'en' : provenance.language === 'en' ? null : (provenance.language ?? null) },
      facts: { facts, inYourFavour, version: FACTS_VERSION },
      analyzerVersion: ANALYZER_VERSION,
    });
    await publishIfPending(trx, providerId);
    const { kept, added, gone, unlisted } = await reconcileClauses(trx, providerId, version, analysed, 'terms');
    // The terms changed: what the page no longer lists went with them, whether its quote went or not.
    const removed = [...gone, ...unlisted];
    const summary = summariseChange(previous?.text ?? null, text, added, removed, isEnglish);
    await insertProviderChange(trx, { providerId, versionId: version.id, added: added.map(ref), removed: removed.map(ref), summary });
    return { status: 'analysed', versionId: version.id, added: added.map(ref), removed: removed.map(ref), kept: kept.length, summary };
  });
}

export const SUPERSEDED = 'The snapshot copy is not newer than the current version: not taken in.';

/**
 * A snapshot document is taken in while the provider has no text, or only older snapshot texts:
 * never twice (by the shipped file's hash), and never over a text the tracker or an operator
 * brought, which is newer than any recording shipped with the code.
 */
async function snapshotApplies(trx: Kysely<Database>, providerId: number, previous: DocumentVersion | undefined, provenance: Provenance): Promise<boolean> {
  if (!previous) return true;
  if (previous.origin !== 'snapshot') return false;
  const seen = await trx
    .selectFrom('document_versions')
    .select('id')
    .where('provider_id', '=', providerId)
    .where('snapshot_sha256', '=', provenance.snapshotSha256 ?? '')
    .executeTakeFirst();
  if (seen) return false;
  return !(previous.recorded_at && provenance.recordedAt && previous.recorded_at >= new Date(provenance.recordedAt));
}

function ref(clause: Clause): ClauseRef {
  return { id: clause.id, title: clause.title, severity: clause.severity };
}
