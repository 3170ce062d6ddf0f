// Tracking providers' terms on the web, and demo providers that step aside for real ones.
//
// 1. provider_tracking: one row per tracked provider: what to fetch (URL, selectors, whether
//    the page needs JavaScript), the validators of the last answer (ETag, Last-Modified), the
//    outcome of the last fetch and when the next one is due. The lease columns let several
//    processes share the work: a process claims a provider by setting leased_until, so no two
//    fetch it at once, and a crashed process's lease simply expires. It is not content (no
//    content_version trigger): fetching changes nothing agents see until a version is ingested.
//
// 2. Demo providers (is_example) are visible only while no real provider is both active and
//    analysed (has a document version). A statement trigger on providers and document_versions
//    deactivates them when one is, and reactivates the ones it deactivated (listed in
//    demo_providers_hidden; a demo an operator deactivated stays so) when none is left; under a
//    transaction-scoped advisory lock, so that two transactions changing real providers at once
//    cannot leave the wrong answer behind.
// Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('provider_tracking')
    .addColumn('provider_id', 'bigint', (c) => c.primaryKey().references('providers.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('select_selectors', 'jsonb')
    .addColumn('remove_selectors', 'jsonb')
    .addColumn('render_js', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('publish_on_first_version', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_fetched_at', 'timestamptz')
    .addColumn('last_outcome', 'text')
    .addColumn('last_error', 'text')
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('leased_until', 'timestamptz')
    .addColumn('lease_owner', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('provider_tracking_source_values', sql`source in ('catalogue', 'operator')`)
    .addCheckConstraint('provider_tracking_outcome_values', sql`last_outcome is null or last_outcome in ('analysed', 'unchanged', 'not-modified', 'failed')`)
    .execute();
  await sql`create index provider_tracking_due_idx on provider_tracking (next_attempt_at, provider_id)`.execute(db);
  await sql`create index provider_tracking_host_idx on provider_tracking (host) where leased_until is not null`.execute(db);

  await sql`create table demo_providers_hidden (provider_id bigint primary key references providers (id) on delete cascade)`.execute(db);
  await sql`
    create function refresh_demo_visibility() returns trigger language plpgsql as $$
    declare
      real_exists boolean;
    begin
      -- The update below fires this trigger again on providers: nothing more to do there.
      if pg_trigger_depth() > 1 then
        return null;
      end if;
      perform pg_advisory_xact_lock(7253019);
      select exists (
        select 1 from providers p
        where p.is_active and not p.is_example
          and exists (select 1 from document_versions d where d.provider_id = p.id)
      ) into real_exists;
      if real_exists then
        with hidden as (update providers set is_active = false where is_example and is_active returning id)
        insert into demo_providers_hidden (provider_id) select id from hidden on conflict do nothing;
      else
        -- Only the demos hidden here come back: one an operator deactivated stays so.
        update providers set is_active = true where id in (select provider_id from demo_providers_hidden);
        delete from demo_providers_hidden;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger providers_demo_visibility after insert or delete or update of is_active, is_example on providers
    for each statement execute function refresh_demo_visibility()`.execute(db);
  await sql`
    create trigger document_versions_demo_visibility after insert or delete on document_versions
    for each statement execute function refresh_demo_visibility()`.execute(db);
  // Databases that already hold real analysed providers hide their demos now.
  await sql`
    with hidden as (
      update providers set is_active = false
      where is_example and is_active and exists (
        select 1 from providers p where p.is_active and not p.is_example
          and exists (select 1 from document_versions d where d.provider_id = p.id))
      returning id)
    insert into demo_providers_hidden (provider_id) select id from hidden`.execute(db);

  // The index sorts by rating; with hundreds of providers a page is one index range.
  await sql`create index providers_active_rating_idx on providers (overall_rating desc, lower(name), slug) where is_active`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index providers_active_rating_idx`.execute(db);
  await sql`drop trigger document_versions_demo_visibility on document_versions`.execute(db);
  await sql`drop trigger providers_demo_visibility on providers`.execute(db);
  await sql`drop function refresh_demo_visibility()`.execute(db);
  await sql`drop table demo_providers_hidden`.execute(db);
  await db.schema.dropTable('provider_tracking').execute();
}
