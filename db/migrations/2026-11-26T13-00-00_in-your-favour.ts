// What the terms give the user (issue 31, item 2's good-to-have): the clauses of each terms version
// that give rather than take (the user's rights, the provider's duties, consumer law kept), stored as
// JSON beside the text their offsets point into. They are read with the contract facts and carry the
// facts' readers' version: versions stored before this column existed are read again at start-up
// (src/ingest/refresh-facts.ts), since the readers' version was raised with it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('document_versions').addColumn('in_your_favour', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('document_versions').dropColumn('in_your_favour').execute();
}
