// Search without reading every provider (issue 36): `name` and `domain` "contains" searches
// (ILIKE '%word%') through trigram indexes, when the pg_trgm extension can be created (it comes
// with PostgreSQL's contrib and with PGlite; the embedded database loads it at start). Where it
// cannot (a server without contrib, a role that may not create it), search stays a scan of the
// providers and everything else is the same: the searches never name the extension.
// Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    do $$ begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available (%): provider searches scan the providers', sqlerrm;
    end $$`.execute(db);
  await sql`
    do $$ begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index providers_name_trgm_idx on providers using gin (name gin_trgm_ops) where is_active;
        create index providers_domain_trgm_idx on providers using gin (domain gin_trgm_ops) where is_active;
      end if;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists providers_name_trgm_idx`.execute(db);
  await sql`drop index if exists providers_domain_trgm_idx`.execute(db);
}
