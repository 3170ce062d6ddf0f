// What of the shipped snapshot a database still lacks (src/snapshot/take-in.ts): the same rule
// as ingestion's check under the provider's lock (src/ingest/ingest.ts, snapshotApplies), read
// for every document in three statements, so that a restart finds nothing to do at once.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { SnapshotDocument } from '../snapshot/manifest.js';

export async function pendingSnapshotDocuments(
  db: Kysely<Database>,
  docs: readonly SnapshotDocument[],
): Promise<{ doc: SnapshotDocument; providerId: number }[]> {
  if (docs.length === 0) return [];
  const providers = await db
    .selectFrom('providers')
    .select(['id', 'slug'])
    .where(
      'slug',
      'in',
      docs.map((d) => d.slug),
    )
    .execute();
  const ids = providers.map((p) => Number(p.id));
  if (ids.length === 0) return [];
  const { rows: latest } = await sql<{ provider_id: number; origin: string; recorded_at: Date | null }>`
    select distinct on (provider_id) provider_id, origin, recorded_at from document_versions
    where provider_id in (${sql.join(ids)}) order by provider_id, id desc`.execute(db);
  const taken = await db
    .selectFrom('document_versions')
    .select(['provider_id', 'snapshot_sha256'])
    .where(
      'snapshot_sha256',
      'in',
      docs.map((d) => d.sha256),
    )
    .execute();
  const idOf = new Map(providers.map((p) => [p.slug, Number(p.id)]));
  const latestOf = new Map(latest.map((v) => [Number(v.provider_id), v]));
  const seen = new Set(taken.map((v) => `${v.provider_id}:${v.snapshot_sha256}`));
  const pending: { doc: SnapshotDocument; providerId: number }[] = [];
  for (const doc of docs) {
    const providerId = idOf.get(doc.slug);
    if (providerId === undefined || seen.has(`${providerId}:${doc.sha256}`)) continue;
    const previous = latestOf.get(providerId);
    if (previous && previous.origin !== 'snapshot') continue;
    if (previous?.recorded_at && doc.recorded_at && new Date(previous.recorded_at) >= new Date(doc.recorded_at)) continue;
    pending.push({ doc, providerId });
  }
  return pending;
}

/** Whether this provider already has a version taken from this snapshot file. */
export async function snapshotTakenIn(db: Kysely<Database>, providerId: number, sha256: string): Promise<boolean> {
  const row = await db
    .selectFrom('document_versions')
    .select('id')
    .where('provider_id', '=', providerId)
    .where('snapshot_sha256', '=', sha256)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
