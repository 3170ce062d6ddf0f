// Issue 41: a rating nobody can buy, and a rating with a history.
// - clause_votes get a status: `counted` (in the rating), `waiting` (an agent without standing
//   yet: counted once it has it), `held` (part of a burst of votes from new keys: an operator
//   releases or discards it), `discarded` (kept for the record, never counted). Existing votes
//   were counted and stay so. An id lets the admin API name a vote.
// - clauses keep the count and sum of their counted votes, and providers the number of votes
//   waiting and held and the reasons for their rating, all written with the votes: endpoint 3
//   reads stored numbers instead of aggregating every vote on each request.
// - agents count their rating requests, so that "use beyond voting" can be told.
// - rating_history: a provider's overall rating and band over time (new terms, re-analysis,
//   review, and one point a day where votes moved it); a band change is a feed entry.
// - vote_audit: who held, released or discarded which votes, and when.
// - protections.evidence: the facts or clauses a guide's statements about the terms rest on
//   (null for guides an operator wrote).
// Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table clause_votes add column id bigserial`.execute(db);
  await sql`alter table clause_votes add constraint clause_votes_id_unique unique (id)`.execute(db);
  await sql`alter table clause_votes add column status text not null default 'counted'`.execute(db);
  await sql`alter table clause_votes add constraint clause_votes_status_values check (status in ('counted', 'waiting', 'held', 'discarded'))`.execute(db);
  await sql`alter table clause_votes add column held_at timestamptz`.execute(db);
  // Votes not counted are few and looked for often (the promotion pass, the admin list).
  await sql`create index clause_votes_uncounted_idx on clause_votes (status, agent_id) where status in ('waiting', 'held')`.execute(db);

  await sql`alter table clauses add column community_votes integer not null default 0`.execute(db);
  await sql`alter table clauses add column community_sum integer not null default 0`.execute(db);
  await sql`
    update clauses c set community_votes = v.n, community_sum = v.s
    from (select clause_id, count(*)::int as n, sum(rating)::int as s from clause_votes where status = 'counted' group by clause_id) v
    where v.clause_id = c.id`.execute(db);

  await sql`alter table providers add column votes_waiting integer not null default 0`.execute(db);
  await sql`alter table providers add column votes_held integer not null default 0`.execute(db);
  await sql`alter table providers add column rating_explained jsonb not null default '{"reasons": [], "floor": null}'`.execute(db);

  await sql`alter table agents add column vote_requests integer not null default 0`.execute(db);

  await sql`
    create table rating_history (
      id bigserial primary key,
      provider_id bigint not null references providers (id) on delete cascade,
      at timestamptz not null default now(),
      day date not null default (now() at time zone 'utc')::date,
      cause text not null check (cause in ('terms', 'votes', 'review', 'analysis')),
      overall_rating float8 not null check (overall_rating between 1 and 10),
      band text not null,
      previous_band text
    )`.execute(db);
  await sql`create index rating_history_provider_idx on rating_history (provider_id, id desc)`.execute(db);
  // One point a day where votes moved the rating: the day's last rating.
  await sql`create unique index rating_history_vote_day_idx on rating_history (provider_id, day) where cause = 'votes'`.execute(db);
  // Band changes, newest first, for the feeds.
  await sql`create index rating_history_band_changes_idx on rating_history (id desc) where previous_band is not null and previous_band <> band`.execute(db);
  // The history is shown on the pages and in the feeds: it moves the content versions they are kept under.
  await sql`
    create trigger rating_history_content_change after insert or update or delete or truncate on rating_history
    for each statement execute function note_content_change()`.execute(db);
  for (const [event, rows] of [
    ['insert', 'new_rows'],
    ['update', 'new_rows'],
    ['delete', 'old_rows'],
  ] as const) {
    const name = `rating_history_provider_version_${event}`;
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin
          insert into provider_content_changes (provider_id) select r.provider_id from ${rows} r on conflict do nothing; return null; end $$`,
      )
      .execute(db);
    const referencing = event === 'delete' ? 'old table as old_rows' : 'new table as new_rows';
    await sql
      .raw(`create trigger ${name} after ${event} on rating_history referencing ${referencing} for each statement execute function ${name}()`)
      .execute(db);
  }

  await sql`alter table protections add column evidence jsonb`.execute(db);

  await sql`
    create table vote_audit (
      id bigserial primary key,
      action text not null check (action in ('hold', 'release', 'discard')),
      actor text not null check (actor in ('service', 'operator')),
      provider_id bigint references providers (id) on delete set null,
      vote_ids jsonb not null,
      note text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table vote_audit`.execute(db);
  await sql`alter table protections drop column evidence`.execute(db);
  await sql`drop table rating_history`.execute(db);
  for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop function rating_history_provider_version_${event}()`).execute(db);
  await sql`alter table agents drop column vote_requests`.execute(db);
  await sql`alter table providers drop column votes_waiting, drop column votes_held, drop column rating_explained`.execute(db);
  await sql`alter table clauses drop column community_votes, drop column community_sum`.execute(db);
  await sql`drop index clause_votes_uncounted_idx`.execute(db);
  await sql`alter table clause_votes drop column id, drop column status, drop column held_at`.execute(db);
}
