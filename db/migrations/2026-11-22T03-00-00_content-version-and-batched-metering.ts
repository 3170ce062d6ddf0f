// Two things that let a server process answer the hot paths from memory and still be exact:
//
// 1. content_version: one number, bumped once by every committed transaction that changes what
//    endpoints 3 or 4 show (providers, clauses, clause votes, protections, opinions, agents'
//    names). A process may keep a rendered response tagged with the version it was read under
//    and serve it while a read of the version, made after the request arrived, still gives the
//    same number: never stale. The bump happens at commit (a deferred constraint trigger on a
//    one-row-per-transaction marker table), so the version row is the last lock a writer takes
//    and writers can never deadlock on it; bulk statements mark once per transaction.
//
// 2. meter_requests(): authenticates, counts and spends budget for a whole batch of keyed
//    requests in one call (one round trip for many requests). Keys are processed in key order,
//    so concurrent batches lock agents and budget windows in the same order.
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
    await sql.raw(`
      create trigger ${table}_content_change after insert or update or delete or truncate on ${table}
      for each statement execute function note_content_change()`).execute(db);
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

  await sql`
    create function meter_requests(p_key_hashes text[], p_bucket text, p_limit int, p_window_seconds int)
    returns table (key_hash text, agent_id bigint, agent_name text, agent_model text, requested int, admitted int, used int, reset_seconds float8)
    language plpgsql as $$
    #variable_conflict use_column
    declare
      k record;
      w_start timestamptz;
      w_used int;
    begin
      for k in
        select h.key_hash, count(*)::int as n from unnest(p_key_hashes) as h(key_hash) group by h.key_hash order by h.key_hash
      loop
        update agents a set request_count = a.request_count + k.n, last_used_at = now()
          where a.key_hash = k.key_hash::char(64) and a.is_active -- char(64): the column type, so its index is used
          returning a.id, a.name, a.model into agent_id, agent_name, agent_model;
        if not found then continue; end if;
        key_hash := k.key_hash;
        requested := k.n;
        if p_bucket is null then
          admitted := k.n; used := null; reset_seconds := null;
          return next;
          continue;
        end if;
        insert into rate_windows as w (subject, bucket, window_start, used)
          values ('agent:' || agent_id, p_bucket, now(), 0)
          on conflict (subject, bucket) do nothing;
        select w.window_start, w.used into w_start, w_used from rate_windows w
          where w.subject = 'agent:' || agent_id and w.bucket = p_bucket for update;
        if w_used = 0 or w_start <= now() - make_interval(secs => p_window_seconds) then
          w_start := now();
          w_used := 0;
        end if;
        admitted := least(k.n, greatest(p_limit - w_used, 0));
        used := w_used + admitted;
        if admitted > 0 then
          update rate_windows w set window_start = w_start, used = w_used + admitted
            where w.subject = 'agent:' || agent_id and w.bucket = p_bucket;
        end if;
        reset_seconds := extract(epoch from (w_start + make_interval(secs => p_window_seconds) - now()))::float8;
        return next;
      end loop;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function meter_requests(text[], text, int, int)`.execute(db);
  for (const table of STATEMENT_TABLES) await sql.raw(`drop trigger ${table}_content_change on ${table}`).execute(db);
  await sql`drop trigger providers_content_change on providers`.execute(db);
  await sql`drop trigger providers_content_update on providers`.execute(db);
  await sql`drop trigger agents_content_change on agents`.execute(db);
  await sql`drop table content_changes`.execute(db);
  await sql`drop table content_version`.execute(db);
  await sql`drop function note_content_change()`.execute(db);
  await sql`drop function bump_content_version()`.execute(db);
}
