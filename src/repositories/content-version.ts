// The database's content_version (bumped by every write that changes what the API shows; see
// db/migrations/2026-11-22T03-00-00_content-version-and-batched-metering.ts), and whether the
// database answers at all.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export async function readContentVersion(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ version: number }>`select version::float8 as version from content_version`.execute(db);
  return rows[0]!.version;
}

/** Resolves when the database answers a trivial query; rejects with the driver's error otherwise. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * providers.content_version of each slug (db/migrations/2026-11-26T01-00-00_provider-content-versions.ts);
 * a slug no provider has is absent from the map.
 */
export async function readProviderVersions(db: Kysely<Database>, slugs: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await sql<{ slug: string; version: number }>`
    select slug, content_version::float8 as version from providers where slug = any(${slugs as string[]}::text[])`.execute(db);
  return new Map(rows.map((r) => [r.slug, r.version]));
}
