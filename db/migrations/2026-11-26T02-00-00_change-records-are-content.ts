// The pages and feeds are now kept in memory under content versions (issue 36): change records
// (the feeds, a page's "terms last changed") move the global content_version too, as the tables
// endpoints 2-4 read (document versions included) always did.
// Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

const TABLES = ['provider_changes'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql
      .raw(
        `create trigger ${table}_content_change after insert or update or delete or truncate on ${table} for each statement execute function note_content_change()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql.raw(`drop trigger ${table}_content_change on ${table}`).execute(db);
}
