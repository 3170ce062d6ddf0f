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
