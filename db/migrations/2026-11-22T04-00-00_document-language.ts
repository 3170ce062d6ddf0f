// Whether each document version is in English, the only language the analyzer reads, so that a
// provider whose current terms are in another language is not shown as having clean terms.
// Existing versions are judged here with the same rule as src/analysis/language.ts (copied:
// migrations are frozen in time and import nothing from src/). A new version also bumps the
// content version, because endpoint 3 now shows whether the current terms could be read.
import { sql, type Kysely } from 'kysely';

const COMMON = new Set([
  'the',
  'and',
  'of',
  'to',
  'a',
  'in',
  'you',
  'or',
  'any',
  'for',
  'we',
  'our',
  'your',
  'is',
  'that',
  'by',
  'with',
  'be',
  'this',
  'not',
  'are',
  'on',
  'as',
  'may',
  'will',
  'these',
  'it',
  'from',
  'at',
  'an',
]);

function looksEnglish(text: string): boolean {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length < 50) return true;
  return words.filter((w) => COMMON.has(w)).length / words.length >= 0.12;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('document_versions')
    .addColumn('is_english', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  // The trigger first, so that the backfill below also bumps the content version.
  await sql`
    create trigger document_versions_content_change after insert or update or delete or truncate on document_versions
    for each statement execute function note_content_change()`.execute(db);
  // One version at a time: texts are up to 2 MiB each.
  const ids = await db.selectFrom('document_versions').select('id').orderBy('id').execute();
  for (const { id } of ids) {
    const { text } = await db.selectFrom('document_versions').select('text').where('id', '=', id).executeTakeFirstOrThrow();
    if (!looksEnglish(text)) await db.updateTable('document_versions').set({ is_english: false }).where('id', '=', id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists document_versions_content_change on document_versions`.execute(db);
  await db.schema.alterTable('document_versions').dropColumn('is_english').execute();
}
