// A content version per provider (issue 36), beside the global content_version: answers about
// one provider (its detail, its opinions, compare) are kept in memory under the versions of the
// providers they show, so that a write about provider A no longer throws away the answers about
// B. providers.content_version takes a new value of one sequence (so it only grows, even for a
// slug deleted and created again) in the same transaction as every change to what is shown of
// that provider: its own row (any column but opinion_count), its clauses, their votes, its
// protections, document versions and change records, and its opinions. A change to an agent's
// name or model, or a TRUNCATE, renews every provider's version.
// As for content_version, statements only note which providers they touched (a marker row per
// transaction and provider) and the versions move at commit, in a deferred trigger that locks
// the providers' rows in id order: the last locks a writer takes, so writers cannot deadlock on
// them whatever they locked before.
// Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

/** Each table, and how its rows name their provider (`r` is a row of the transition table). */
const SOURCES: Record<string, string> = {
  clauses: 'select r.provider_id from rows r',
  protections: 'select r.provider_id from rows r',
  document_versions: 'select r.provider_id from rows r',
  provider_changes: 'select r.provider_id from rows r',
  opinions: 'select r.provider_id from rows r',
  clause_votes: 'select c.provider_id from rows r join clauses c on c.id = r.clause_id',
};

const NOTE = 'insert into provider_content_changes (provider_id)';
const NOTED = 'on conflict do nothing';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence provider_content_version_seq`.execute(db);
  await sql`alter table providers add column content_version bigint not null default nextval('provider_content_version_seq')`.execute(db);
  await sql`
    create table provider_content_changes (
      txid xid8 not null default pg_current_xact_id(),
      provider_id bigint not null,
      primary key (txid, provider_id)
    )`.execute(db);
  await sql`
    create function bump_provider_versions() returns trigger language plpgsql as $$
    -- "for no key update", not "for update": a concurrent opinion's foreign-key check holds a key
    -- share lock on the same provider row, which "for update" waits for (a deadlock at commit).
    begin
      perform 1 from providers where id in (select provider_id from provider_content_changes where txid = new.txid) order by id for no key update;
      update providers set content_version = nextval('provider_content_version_seq')
      where id in (select provider_id from provider_content_changes where txid = new.txid);
      delete from provider_content_changes where txid = new.txid;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger provider_content_changes_bump after insert on provider_content_changes
    deferrable initially deferred for each row execute function bump_provider_versions()`.execute(db);
  // The global version already moves with whatever moved a provider's version.
  await sql`drop trigger providers_content_update on providers`.execute(db);
  await sql`
    create trigger providers_content_update after update on providers for each row
    when ((to_jsonb(old) - 'opinion_count' - 'content_version') is distinct from (to_jsonb(new) - 'opinion_count' - 'content_version'))
    execute function note_content_change()`.execute(db);

  for (const [table, select] of Object.entries(SOURCES)) {
    const of = (rows: string) => select.replace('from rows', `from ${rows}`);
    const bodies = {
      insert: `${NOTE} ${of('new_rows')} ${NOTED}`,
      delete: `${NOTE} ${of('old_rows')} ${NOTED}`,
      update: `${NOTE} ${of('new_rows')} union ${of('old_rows')} ${NOTED}`,
    };
    for (const [event, body] of Object.entries(bodies)) {
      const name = `${table}_provider_version_${event}`;
      await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`).execute(db);
      const referencing =
        event === 'insert' ? 'new table as new_rows' : event === 'delete' ? 'old table as old_rows' : 'old table as old_rows new table as new_rows';
      await sql.raw(`create trigger ${name} after ${event} on ${table} referencing ${referencing} for each statement execute function ${name}()`).execute(db);
    }
  }

  // The provider's own row: any change but the opinion counter (which opinions' triggers keep).
  await sql`
    create function providers_own_version() returns trigger language plpgsql as $$
    begin
      if (to_jsonb(old) - 'opinion_count' - 'content_version') is distinct from (to_jsonb(new) - 'opinion_count' - 'content_version') then
        new.content_version := nextval('provider_content_version_seq');
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger providers_own_version before update on providers for each row execute function providers_own_version()`.execute(db);

  await sql`
    create function renew_all_provider_versions() returns trigger language plpgsql as $$
    begin
      update providers set content_version = nextval('provider_content_version_seq');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger agents_provider_versions after update of name, model or delete on agents
    for each statement execute function renew_all_provider_versions()`.execute(db);
  for (const table of Object.keys(SOURCES)) {
    await sql
      .raw(`create trigger ${table}_provider_version_truncate after truncate on ${table} for each statement execute function renew_all_provider_versions()`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(SOURCES)) {
    await sql.raw(`drop trigger ${table}_provider_version_truncate on ${table}`).execute(db);
    for (const event of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger ${table}_provider_version_${event} on ${table}`).execute(db);
      await sql.raw(`drop function ${table}_provider_version_${event}()`).execute(db);
    }
  }
  await sql`drop trigger agents_provider_versions on agents`.execute(db);
  await sql`drop trigger providers_own_version on providers`.execute(db);
  await sql`drop function renew_all_provider_versions()`.execute(db);
  await sql`drop trigger providers_content_update on providers`.execute(db);
  await sql`
    create trigger providers_content_update after update on providers for each row
    when ((to_jsonb(old) - 'opinion_count') is distinct from (to_jsonb(new) - 'opinion_count'))
    execute function note_content_change()`.execute(db);
  await sql`drop table provider_content_changes`.execute(db);
  await sql`drop function bump_provider_versions()`.execute(db);
  await sql`drop function providers_own_version()`.execute(db);
  await sql`alter table providers drop column content_version`.execute(db);
  await sql`drop sequence provider_content_version_seq`.execute(db);
}
