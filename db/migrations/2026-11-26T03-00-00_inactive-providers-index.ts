// The opinion list skips opinions on inactive providers by looking them up in a hashed set
// (src/repositories/opinions.ts): this index finds the few inactive providers without reading
// every provider.
// Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index providers_inactive_idx on providers (id) where not is_active`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index providers_inactive_idx`.execute(db);
}
