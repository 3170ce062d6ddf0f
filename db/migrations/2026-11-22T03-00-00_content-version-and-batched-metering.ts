// Two things that let a server process answer the hot paths from memory and still be exact:
//
// 1. content_version: one number, bumped once by every committed transaction that changes what
//    endpoints 3 or 4 show (providers, clauses, clause votes, protections, opinions, agents'
//    names). A process may keep a rendered response tagged with the version it was read under
//    and serve it while a read of the version, made after the request arrived, still gives the
//    same number: never stale. The bump happens at commit (a deferred constraint trigger on a
//    one-row-per-transaction marker table), so the version row is the last lock a writer takes
//    and writers can never deadlock on it; bulk statements mark once per transaction. Writers
//    of content do queue on that row through their commit (about 3,000 commits/s here): far
//    above what the opinion and vote budgets let agents write.
//
// 2. rate_windows.last_admitted, so that one upsert can spend budget for a whole batch of
//    requests and say how many it admitted (src/repositories/metering.ts).
// Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

const STATEMENT_TABLES = ['clauses', 'clause_votes', 'protections', 'opinions'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table content_version (id boolean primary key default true check (id), version bigint not null)`.execute(db);
  await sql`insert into content_version (id, version) values (true, 0)`.execute(db);
  await sql`create table content_changes (txid xid8 primary key default pg_current_xact_id())`.execute(db);

  await sql`
    create function note_content_change() returns trigger language plpgsql as $$
    begin
      insert into content_changes default values on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create function bump_content_version() returns trigger language plpgsql as $$
    begin
      update content_version set version = version + 1;
      delete from content_changes where txid = new.txid;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger content_changes_bump after insert on content_changes
    deferrable initially deferred for each row execute function bump_content_version()`.execute(db);

  for (const table of STATEMENT_TABLES) {
    await sql
      .raw(
        `
      create trigger ${table}_content_change after insert or update or delete or truncate on ${table}
      for each statement execute function note_content_change()`,
      )
      .execute(db);
  }
  // providers.opinion_count changes with every opinion (already marked through opinions); any
  // other change to a provider row is marked, whatever its column.
  await sql`
    create trigger providers_content_change after insert or delete or truncate on providers
    for each statement execute function note_content_change()`.execute(db);
  await sql`
    create trigger providers_content_update after update on providers for each row
    when ((to_jsonb(old) - 'opinion_count') is distinct from (to_jsonb(new) - 'opinion_count'))
    execute function note_content_change()`.execute(db);
  // Every keyed request updates agents (request_count, last_used_at): only what opinions show counts.
  await sql`
    create trigger agents_content_change after update of name, model or delete or truncate on agents
    for each statement execute function note_content_change()`.execute(db);

  // For metering many requests in one statement (src/repositories/metering.ts): an upsert can
  // only return the new row, so it records how many of the requests it was given it admitted.
  await sql`alter table rate_windows add column last_admitted integer not null default 0`.execute(db);
  // Every keyed request updates its agent row and budget window, in columns no index covers:
  // room left in each page lets those be HOT updates (no index writes, pruned in place).
  await sql`alter table agents set (fillfactor = 50)`.execute(db);
  await sql`alter table rate_windows set (fillfactor = 50)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table rate_windows drop column last_admitted`.execute(db);
  await sql`alter table agents reset (fillfactor)`.execute(db);
  await sql`alter table rate_windows reset (fillfactor)`.execute(db);
  for (const table of STATEMENT_TABLES) await sql.raw(`drop trigger ${table}_content_change on ${table}`).execute(db);
  await sql`drop trigger providers_content_change on providers`.execute(db);
  await sql`drop trigger providers_content_update on providers`.execute(db);
  await sql`drop trigger agents_content_change on agents`.execute(db);
  await sql`drop table content_changes`.execute(db);
  await sql`drop table content_version`.execute(db);
  await sql`drop function note_content_change()`.execute(db);
  await sql`drop function bump_content_version()`.execute(db);
}
