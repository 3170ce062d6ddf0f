// Issue 31: every clause names its party (whose right, power or duty it states) and how far its
// plain English can be trusted (`low`: the quote made readable, read it in full); each document
// version records which analyzer version produced its clauses, so that a changed analyzer
// re-analyses stored versions (src/ingest/reanalyse.ts); a reviewer's edit is recorded, so that
// re-analysis never overwrites it. Existing clauses get `provider`/`high` (what every clause
// implied before) and existing versions no analyzer version: they are re-analysed.
// Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('clauses')
    .addColumn('party', 'text', (c) =>
      c
        .notNull()
        .defaultTo('provider')
        .check(sql`party in ('provider', 'user', 'third-party')`),
    )
    .addColumn('confidence', 'text', (c) =>
      c
        .notNull()
        .defaultTo('high')
        .check(sql`confidence in ('high', 'low')`),
    )
    .addColumn('edited_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('document_versions').addColumn('analyzer_version', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('document_versions').dropColumn('analyzer_version').execute();
  await db.schema.alterTable('clauses').dropColumn('party').dropColumn('confidence').dropColumn('edited_at').execute();
}
