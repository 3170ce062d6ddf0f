// The analysis pipeline: every version of a provider's terms document, clauses tied to the
// version they were found in (with offsets) and marked when they disappear, and a change record
// per new version. Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_versions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider_id', 'bigint', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('sha256', 'char(64)', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('document_versions_format_values', sql`format in ('markdown', 'text', 'html')`)
    .execute();
  await sql`create index document_versions_latest_idx on document_versions (provider_id, id desc)`.execute(db);

  await db.schema
    .alterTable('clauses')
    .addColumn('document_version_id', 'bigint', (c) => c.references('document_versions.id').onDelete('set null'))
    .addColumn('start_offset', 'integer')
    .addColumn('end_offset', 'integer')
    .addColumn('categories', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('removed_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('provider_changes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('provider_id', 'bigint', (c) => c.notNull().references('providers.id').onDelete('cascade'))
    .addColumn('document_version_id', 'bigint', (c) => c.notNull().references('document_versions.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('added', 'jsonb', (c) => c.notNull())
    .addColumn('removed', 'jsonb', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute();
  await sql`create index provider_changes_provider_idx on provider_changes (provider_id, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('provider_changes').execute();
  await db.schema
    .alterTable('clauses')
    .dropColumn('document_version_id')
    .dropColumn('start_offset')
    .dropColumn('end_offset')
    .dropColumn('categories')
    .dropColumn('removed_at')
    .execute();
  await db.schema.dropTable('document_versions').execute();
}
