// Exact opinion totals without counting the opinions table: each provider keeps its number of
// opinions in providers.opinion_count, maintained by statement-level triggers in the same
// transaction as the change to opinions. The total over all providers is the sum over active
// providers (a few hundred rows), so there is no global counter row for inserts to queue on;
// inserts for one provider serialise on that provider's row only until they commit.
// Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table providers add column opinion_count bigint not null default 0`.execute(db);
  await sql`
    update providers p set opinion_count = c.n
    from (select provider_id, count(*) as n from opinions group by provider_id) c
    where c.provider_id = p.id`.execute(db);

  // Transition tables make one UPDATE per provider touched, however many rows a statement
  // changes (bulk loads stay fast). An upsert that replaces an opinion is an UPDATE that keeps
  // provider_id, so it changes nothing.
  await sql`
    create function opinion_counts_insert() returns trigger language plpgsql as $$
    begin
      update providers p set opinion_count = p.opinion_count + d.n
      from (select provider_id, count(*) as n from new_rows group by provider_id) d
      where p.id = d.provider_id;
      return null;
    end $$`.execute(db);
  await sql`
    create function opinion_counts_delete() returns trigger language plpgsql as $$
    begin
      update providers p set opinion_count = p.opinion_count - d.n
      from (select provider_id, count(*) as n from old_rows group by provider_id) d
      where p.id = d.provider_id;
      return null;
    end $$`.execute(db);
  await sql`
    create function opinion_counts_update() returns trigger language plpgsql as $$
    begin
      update providers p set opinion_count = p.opinion_count + d.n
      from (
        select provider_id, sum(n) as n from (
          select n.provider_id, 1 as n from new_rows n join old_rows o on o.id = n.id where o.provider_id <> n.provider_id
          union all
          select o.provider_id, -1 from new_rows n join old_rows o on o.id = n.id where o.provider_id <> n.provider_id
        ) moved group by provider_id
      ) d
      where p.id = d.provider_id;
      return null;
    end $$`.execute(db);
  await sql`
    create function opinion_counts_truncate() returns trigger language plpgsql as $$
    begin
      update providers set opinion_count = 0 where opinion_count <> 0;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger opinion_counts_insert after insert on opinions
    referencing new table as new_rows for each statement execute function opinion_counts_insert()`.execute(db);
  await sql`
    create trigger opinion_counts_delete after delete on opinions
    referencing old table as old_rows for each statement execute function opinion_counts_delete()`.execute(db);
  await sql`
    create trigger opinion_counts_update after update on opinions
    referencing old table as old_rows new table as new_rows for each statement execute function opinion_counts_update()`.execute(db);
  await sql`
    create trigger opinion_counts_truncate after truncate on opinions
    for each statement execute function opinion_counts_truncate()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['insert', 'delete', 'update', 'truncate']) {
    await sql.raw(`drop trigger opinion_counts_${name} on opinions`).execute(db);
    await sql.raw(`drop function opinion_counts_${name}()`).execute(db);
  }
  await sql`alter table providers drop column opinion_count`.execute(db);
}
