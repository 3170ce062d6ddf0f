// A provider's terms document in, rated clauses out. Every version is kept; one whose words are
// those of the latest version (differences of markup, case, punctuation or white space only)
// is a no-op. HTML is read with a real HTML parser (terms-html.ts). On a new version each current clause is re-checked (a quote no longer present is
// marked gone and unverified), new concerning clauses are added unverified, the protection
// guides and the overall rating are derived again, and a change record is written: all in one
// transaction, with ingestions of one provider serialised on its row. A provider the catalogue
// added is published (made active) with its first analysed version, in the same transaction.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { FACTS_VERSION, looksEnglish, protectionsFor, readFacts } from '../analysis/index.js';
import type { Clause, ClauseRef, Database } from '../db/schema.js';
import { currentClauses, insertClauses, markClausesRemoved, moveClause } from '../repositories/clauses.js';
import { replaceProviderProtections } from '../repositories/protections.js';
import { insertDocumentVersion, insertProviderChange, latestDocumentVersion, setVersionFacts } from '../repositories/documents.js';
import { refreshProviderRating } from './provider-rating.js';
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

export async function ingestDocument(
  db: Kysely<Database>,
  analyzer: Analyzer,
  providerId: number,
  raw: string,
  format: DocumentFormat,
  sourceUrl: string | null = null,
): Promise<IngestResult> {
  // Normalising and analysing are pure CPU work (an analysis worker thread in the server): done
  // before the transaction holds any lock, so a failed analysis stores nothing.
  const { text, clauses: analysed, facts } = await timeAnalysis(() => analyzer.prepareDocument(raw, format));
  const sha256 = createHash('sha256').update(text).digest('hex');

  return db.transaction().execute(async (trx) => {
    await lockProvider(trx, providerId);
    const previous = await latestDocumentVersion(trx, providerId);
    if (previous && (previous.sha256 === sha256 || sameWords(previous.text, text))) {
      const summary =
        previous.sha256 === sha256
          ? 'The document is identical to the latest version.'
          : 'The document has the same words as the latest version (only formatting differs).';
      // Facts read by older readers are read again; offsets must point into the stored text.
      if (previous.facts_version !== FACTS_VERSION)
        await setVersionFacts(trx, previous.id, previous.sha256 === sha256 ? facts : readFacts(previous.text), FACTS_VERSION);
      return { status: 'unchanged', versionId: previous.id, added: [], removed: [], kept: 0, summary };
    }
    const version = await insertDocumentVersion(trx, {
      providerId,
      text,
      sha256,
      format,
      sourceUrl,
      isEnglish: looksEnglish(text),
      facts: { facts, version: FACTS_VERSION },
    });
    await publishIfPending(trx, providerId);
    const current = await currentClauses(trx, providerId);
    const gone = current.filter((clause) => !text.includes(clause.clause_text));
    const kept = current.filter((clause) => text.includes(clause.clause_text));
    await markClausesRemoved(
      trx,
      gone.map((c) => c.id),
    );
    for (const clause of kept) {
      const start = text.indexOf(clause.clause_text);
      await moveClause(trx, clause.id, { versionId: version.id, start, end: start + clause.clause_text.length, position: start });
    }
    const keptQuotes = new Set(kept.map((c) => c.clause_text));
    const added = await insertClauses(
      trx,
      analysed
        .filter((a) => !keptQuotes.has(a.clause_text))
        .map((a) => ({
          provider_id: providerId,
          title: a.title,
          clause_text: a.clause_text,
          plain_english: a.plain_english,
          severity: a.severity,
          category: a.category,
          categories: JSON.stringify(a.categories),
          ai_rating: a.ai_rating,
          is_verified: false,
          position: a.start,
          document_version_id: version.id,
          start_offset: a.start,
          end_offset: a.end,
        })),
    );
    await replaceProtections(trx, providerId, [...kept, ...added]);
    await refreshProviderRating(trx, providerId);
    const summary = summariseChange(previous?.text ?? null, text, added, gone);
    await insertProviderChange(trx, { providerId, versionId: version.id, added: added.map(ref), removed: gone.map(ref), summary });
    return { status: 'analysed', versionId: version.id, added: added.map(ref), removed: gone.map(ref), kept: kept.length, summary };
  });
}

function ref(clause: Clause): ClauseRef {
  return { id: clause.id, title: clause.title, severity: clause.severity };
}

/** The guides the current clauses call for, from our library, in the library's order. */
async function replaceProtections(db: Kysely<Database>, providerId: number, clauses: Clause[]): Promise<void> {
  const categories = [...new Set(clauses.flatMap((c) => [c.category, ...(Array.isArray(c.categories) ? c.categories : [])]))];
  await replaceProviderProtections(db, providerId, protectionsFor(categories));
}
