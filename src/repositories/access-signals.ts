// Providers' access signals: the versions the tracker records, their change records, and what
// the verdict engine reads (the latest reading, the terms' automated-access clauses).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

export interface SignalVersion {
  id: number;
  signals: unknown;
  sha256: string;
  created_at: Date;
  checked_at: Date;
}

export async function latestSignalVersion(db: Kysely<Database>, providerId: number): Promise<SignalVersion | undefined> {
  return db
    .selectFrom('access_signal_versions')
    .select(['id', 'signals', 'sha256', 'created_at', 'checked_at'])
    .where('provider_id', '=', providerId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The latest reading of each of these providers (one statement, for pages and comparisons). */
export async function latestSignalVersions(db: Kysely<Database>, providerIds: number[]): Promise<Map<number, SignalVersion>> {
  if (providerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('access_signal_versions as v')
    .select(['v.id', 'v.provider_id', 'v.signals', 'v.sha256', 'v.created_at', 'v.checked_at'])
    .where('v.provider_id', 'in', providerIds)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('access_signal_versions as n').select('n.id').whereRef('n.provider_id', '=', 'v.provider_id').whereRef('n.id', '>', 'v.id'))),
    )
    .execute();
  // bigint columns can arrive as strings: keys are numbers.
  return new Map(rows.map(({ provider_id, ...version }) => [Number(provider_id), version]));
}

export async function touchSignalVersion(trx: Transaction<Database>, versionId: number): Promise<void> {
  await trx
    .updateTable('access_signal_versions')
    .set({ checked_at: sql`now()` })
    .where('id', '=', versionId)
    .execute();
}

export async function insertSignalVersion(trx: Transaction<Database>, providerId: number, signalsJson: string, sha256: string): Promise<number> {
  const row = await trx
    .insertInto('access_signal_versions')
    .values({ provider_id: providerId, signals: signalsJson, sha256 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSignalChange(trx: Transaction<Database>, providerId: number, versionId: number, summary: string): Promise<void> {
  await trx.insertInto('access_signal_changes').values({ provider_id: providerId, version_id: versionId, summary }).execute();
}

export async function countSignalChanges(db: Kysely<Database>, providerId: number): Promise<number> {
  const row = await db
    .selectFrom('access_signal_changes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('provider_id', '=', providerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids of the providers with these slugs. */
export async function providerIdsBySlug(db: Kysely<Database>, slugs: string[]): Promise<{ id: number; slug: string }[]> {
  if (slugs.length === 0) return [];
  return db.selectFrom('providers').select(['id', 'slug']).where('slug', 'in', slugs).execute();
}

export interface TermsForAccess {
  /** null: no analysed version; false: one the analyzer could not read (not English). */
  analysed: boolean | null;
  clauses: { title: string; clause_text: string }[];
}

/** The current automated-access clauses of each provider's terms, and whether they were analysed. */
export async function automatedAccessClauses(db: Kysely<Database>, providerIds: number[]): Promise<Map<number, TermsForAccess>> {
  const result = new Map<number, TermsForAccess>(providerIds.map((id) => [Number(id), { analysed: null, clauses: [] }]));
  if (providerIds.length === 0) return result;
  const versions = await db
    .selectFrom('document_versions as d')
    .select(['d.provider_id', 'd.is_english'])
    .where('d.provider_id', 'in', providerIds)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('document_versions as n').select('n.id').whereRef('n.provider_id', '=', 'd.provider_id').whereRef('n.id', '>', 'd.id'))),
    )
    .execute();
  for (const v of versions) result.get(Number(v.provider_id))!.analysed = v.is_english;
  const clauses = await db
    .selectFrom('clauses')
    .select(['provider_id', 'title', 'clause_text'])
    .where('provider_id', 'in', providerIds)
    .where('removed_at', 'is', null)
    .where(sql<boolean>`(categories @> '["automated-access"]'::jsonb or category = 'automated-access')`)
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const c of clauses) result.get(Number(c.provider_id))!.clauses.push({ title: c.title, clause_text: c.clause_text });
  return result;
}

/** The newest change of access signals (of one provider, or of any): what a kept feed must not be older than. */
export async function latestSignalChange(db: Kysely<Database>, providerId: number | null): Promise<string> {
  let query = db.selectFrom('access_signal_changes').select((eb) => eb.fn.max('id').as('last'));
  if (providerId !== null) query = query.where('provider_id', '=', providerId);
  const row = await query.executeTakeFirst();
  return String(row?.last ?? 0);
}
