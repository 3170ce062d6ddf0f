// The contract facts of each terms version (issue 31, item 5): nine facts read from its text by
// src/analysis/facts, stored as JSON beside the text their evidence offsets point into, with the
// version of the readers that read them. Existing versions start with none (facts_version null):
// migrations are frozen in time and import nothing from src/, so the server reads them again at
// start-up (src/ingest/refresh-facts.ts), as it does whenever the readers' version is raised.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('document_versions').addColumn('facts', 'jsonb').addColumn('facts_version', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('document_versions').dropColumn('facts').dropColumn('facts_version').execute();
}
