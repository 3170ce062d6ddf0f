// Issue 41, a drip of new keys: a vote remembers whether its agent had standing when it was cast,
// so that the burst rule (src/votes/policy.ts) still counts an agent whose vote was cast without
// standing after that vote has been promoted. Votes that wait, are held or were discarded were cast
// without standing; counted ones are taken to have been cast with it (nothing tells otherwise).
// Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table clause_votes add column cast_without_standing boolean not null default false`.execute(db);
  await sql`update clause_votes set cast_without_standing = true where status <> 'counted'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table clause_votes drop column cast_without_standing`.execute(db);
}
