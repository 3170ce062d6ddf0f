// Each provider's access signals, read by the tracker beside its terms (src/agent-access):
//
// 1. access_signal_versions: one row per distinct reading of a site's signals (robots.txt, the
//    terms page's signal headers and meta tags, /.well-known/tdmrep.json, whether /llms.txt
//    exists), as JSON with its SHA-256; a pass that reads the same signals again only moves
//    checked_at forward.
// 2. access_signal_changes: one change record per new version after the first, with a summary
//    in words ("robots.txt now disallows GPTBot at /"); the Atom feeds publish them.
// Neither is content_version content: no cached answer (x-cache) shows signals, and a pass
// moving checked_at must not empty the answer caches.
// Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('access_signal_versions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider_id', 'bigint', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('signals', 'jsonb', (c) => c.notNull())
    .addColumn('sha256', 'char(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index access_signal_versions_latest_idx on access_signal_versions (provider_id, id desc)`.execute(db);

  await db.schema
    .createTable('access_signal_changes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider_id', 'bigint', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('version_id', 'bigint', (c) => c.notNull().references('access_signal_versions.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute();
  await sql`create index access_signal_changes_provider_idx on access_signal_changes (provider_id, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('access_signal_changes').execute();
  await db.schema.dropTable('access_signal_versions').execute();
}
