// Versions of providers' terms documents and the change record of each new version.
import { sql, type Kysely } from 'kysely';
import type { ClauseRef, Database, DocumentVersion, ProviderChange, VersionOrigin } from '../db/schema.js';

export async function latestDocumentVersion(db: Kysely<Database>, providerId: number): Promise<DocumentVersion | undefined> {
  return db.selectFrom('document_versions').selectAll().where('provider_id', '=', providerId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertDocumentVersion(
  db: Kysely<Database>,
  version: {
    providerId: number;
    text: string;
    sha256: string;
    format: DocumentVersion['format'];
    sourceUrl: string | null;
    isEnglish: boolean;
    /** Where the text came from (snapshot, fetched, submitted), with the archive's date and the language when known. */
    provenance?: {
      origin: VersionOrigin;
      recordedAt?: string | null;
      collection?: string | null;
      snapshotSha256?: string | null;
      language?: string | null;
    };
    /** The contract facts of `text`, what it gives the user, and the readers' version that read them. */
    facts?: VersionReading;
    analyzerVersion: string;
  },
): Promise<DocumentVersion> {
  return db
    .insertInto('document_versions')
    .values({
      provider_id: version.providerId,
      text: version.text,
      sha256: version.sha256,
      format: version.format,
      source_url: version.sourceUrl,
      is_english: version.isEnglish,
      facts: version.facts ? JSON.stringify(version.facts.facts) : null,
      in_your_favour: version.facts ? JSON.stringify(version.facts.inYourFavour) : null,
      facts_version: version.facts?.version ?? null,
      analyzer_version: version.analyzerVersion,
      origin: version.provenance?.origin ?? (version.sourceUrl ? 'fetched' : 'submitted'),
      recorded_at: version.provenance?.recordedAt ?? null,
      archive_collection: version.provenance?.collection ?? null,
      snapshot_sha256: version.provenance?.snapshotSha256 ?? null,
      language: version.provenance?.language ?? (version.isEnglish ? 'en' : null),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What is read from a version's text beside its clauses: its contract facts and what it gives the user. */
export interface VersionReading {
  facts: unknown;
  inYourFavour: unknown[];
  version: number;
}

/** Stores the contract facts (and what the terms give the user) read from a version's text, unless this readers' version read them already. */
export async function setVersionFacts(db: Kysely<Database>, versionId: number, reading: VersionReading): Promise<void> {
  const factsVersion = reading.version;
  await db
    .updateTable('document_versions')
    .set({ facts: JSON.stringify(reading.facts), in_your_favour: JSON.stringify(reading.inYourFavour), facts_version: factsVersion })
    .where('id', '=', versionId)
    .where((eb) => eb.or([eb('facts_version', 'is', null), eb('facts_version', '!=', factsVersion)]))
    .execute();
}

/** Current versions (each provider's latest) whose facts were not read by this readers' version, oldest first. */
export async function versionsWithStaleFacts(db: Kysely<Database>, factsVersion: number, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select dv.id from document_versions dv
    where dv.id = (select max(d.id) from document_versions d where d.provider_id = dv.provider_id)
      and (dv.facts_version is null or dv.facts_version <> ${factsVersion})
    order by dv.id limit ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

/** The current (latest) terms version of an active provider; `provider` undefined when there is no such provider. */
export async function currentTermsOf(
  db: Kysely<Database>,
  slug: string,
): Promise<
  { provider: string; version: Pick<DocumentVersion, 'text' | 'sha256' | 'format' | 'source_url' | 'received_at' | 'is_english'> | null } | undefined
> {
  const row = await db
    .selectFrom('providers as p')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('document_versions as dv')
          .select(['dv.text', 'dv.sha256', 'dv.format', 'dv.source_url', 'dv.received_at', 'dv.is_english'])
          .whereRef('dv.provider_id', '=', 'p.id')
          .orderBy('dv.id', 'desc')
          .limit(1)
          .as('v'),
      (join) => join.onTrue(),
    )
    .select(['p.slug', 'v.text', 'v.sha256', 'v.format', 'v.source_url', 'v.received_at', 'v.is_english'])
    .where('p.slug', '=', slug)
    .where('p.is_active', '=', true)
    .executeTakeFirst();
  if (!row) return undefined;
  const { slug: provider, text, sha256, format, source_url, received_at, is_english } = row;
  return {
    provider,
    version: text === null ? null : { text, sha256: sha256!, format: format!, source_url, received_at: received_at!, is_english: is_english! },
  };
}

export async function documentVersionText(db: Kysely<Database>, versionId: number): Promise<string | undefined> {
  return (await db.selectFrom('document_versions').select('text').where('id', '=', versionId).executeTakeFirst())?.text;
}

export async function insertProviderChange(
  db: Kysely<Database>,
  change: { providerId: number; versionId: number; added: ClauseRef[]; removed: ClauseRef[]; summary: string },
): Promise<ProviderChange> {
  return db
    .insertInto('provider_changes')
    .values({
      provider_id: change.providerId,
      document_version_id: change.versionId,
      added: JSON.stringify(change.added),
      removed: JSON.stringify(change.removed),
      summary: change.summary,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Each provider's latest version whose clauses another analyzer version produced (ids only: texts are large). */
export async function staleLatestVersions(db: Kysely<Database>, analyzerVersion: string): Promise<{ id: number; provider_id: number; slug: string }[]> {
  return (
    db
      .selectFrom('document_versions as v')
      .innerJoin('providers as p', 'p.id', 'v.provider_id')
      .select(['v.id', 'v.provider_id', 'p.slug'])
      .where(sql<boolean>`v.id = (select max(w.id) from document_versions w where w.provider_id = v.provider_id)`)
      .where(sql<boolean>`v.analyzer_version is distinct from ${analyzerVersion}`)
      // The demo providers' clauses were written by hand for their text, not by the analyzer.
      .where('p.is_example', '=', false)
      .orderBy('v.provider_id')
      .execute()
  );
}

export async function stampAnalyzerVersion(db: Kysely<Database>, versionId: number, analyzerVersion: string): Promise<void> {
  await db.updateTable('document_versions').set({ analyzer_version: analyzerVersion }).where('id', '=', versionId).execute();
}
