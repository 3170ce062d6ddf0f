// Real providers from the first start (issue 45):
// 1. Each document version says where its text came from (`origin`: the shipped snapshot of Open
//    Terms Archive's recordings, a fetch of the live page, or an operator's submission), when the
//    archive recorded it, its collection, its language (a guess) and, for the snapshot, the hash
//    of the shipped file, by which a restart or a second process never takes it in twice.
// 2. Each provider carries what its current terms are, for the lists and their filters: its
//    state (`analysed`, `not-english`, `not-read-yet`), their language, and whether they impose
//    mandatory arbitration, waive class actions or forbid bots. Kept by src/ingest/terms-state.ts
//    in the transaction that changes the clauses or versions; indexed for the filtered lists.
// 3. Catalogue providers are shown from the start (a page and an API detail saying "not read
//    yet"), no longer inactive until their first version: the ones still waiting are made active.
// Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table document_versions
      add column origin text not null default 'submitted' check (origin in ('snapshot', 'fetched', 'submitted')),
      add column recorded_at timestamptz,
      add column archive_collection text,
      add column language text,
      add column snapshot_sha256 text`.execute(db);
  await sql`update document_versions set origin = 'fetched' where source_url is not null`.execute(db);
  await sql`create index document_versions_snapshot_idx on document_versions (snapshot_sha256) where snapshot_sha256 is not null`.execute(db);

  await sql`
    alter table providers
      add column terms_state text not null default 'not-read-yet' check (terms_state in ('analysed', 'not-english', 'not-read-yet')),
      add column terms_language text,
      add column mandatory_arbitration boolean not null default false,
      add column class_action_waiver boolean not null default false,
      add column bots_forbidden boolean not null default false`.execute(db);
  // The same derivation as src/ingest/terms-state.ts, for the providers already there.
  await sql`
    update providers p set
      terms_state = case when v.id is null then (case when c.any then 'analysed' else 'not-read-yet' end)
                         when v.is_english then 'analysed' else 'not-english' end,
      terms_language = case when v.is_english then 'en' else null end,
      mandatory_arbitration = coalesce((v.facts -> 'arbitration' ->> 'mandatory')::boolean, c.arbitration),
      class_action_waiver = coalesce((v.facts -> 'arbitration' ->> 'class_action_waiver')::boolean, false) or c.waiver,
      bots_forbidden = (v.facts -> 'automated_access') is not null and jsonb_typeof(v.facts -> 'automated_access') = 'object' or c.bots
    from providers q
    left join lateral (select d.id, d.is_english, d.facts from document_versions d where d.provider_id = q.id order by d.id desc limit 1) v on true
    cross join lateral (
      select count(*) > 0 as any,
        coalesce(bool_or(x.category = 'arbitration' or x.categories @> '["arbitration"]'::jsonb), false) as arbitration,
        coalesce(bool_or(x.category = 'class-action-waiver' or x.categories @> '["class-action-waiver"]'::jsonb), false) as waiver,
        coalesce(bool_or(x.category = 'automated-access' or x.categories @> '["automated-access"]'::jsonb), false) as bots
      from clauses x where x.provider_id = q.id and x.removed_at is null
    ) c
    where p.id = q.id`.execute(db);

  // The index's orders and filters, each a range of one partial index.
  await sql`create index providers_active_state_rating_idx on providers ((terms_state = 'analysed') desc, overall_rating desc, lower(name), slug) where is_active`.execute(
    db,
  );
  await sql`create index providers_active_arbitration_idx on providers (lower(name), slug) where is_active and mandatory_arbitration`.execute(db);
  await sql`create index providers_active_waiver_idx on providers (lower(name), slug) where is_active and class_action_waiver`.execute(db);
  await sql`create index providers_active_bots_idx on providers (lower(name), slug) where is_active and bots_forbidden`.execute(db);
  await sql`create index providers_active_not_english_idx on providers (lower(name), slug) where is_active and terms_state = 'not-english'`.execute(db);
  await sql`create index providers_active_not_read_idx on providers (lower(name), slug) where is_active and terms_state = 'not-read-yet'`.execute(db);

  await sql`
    with waiting as (
      update provider_tracking set publish_on_first_version = false where publish_on_first_version returning provider_id
    )
    update providers set is_active = true, updated_at = now() where id in (select provider_id from waiting) and not is_active`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['state_rating', 'arbitration', 'waiver', 'bots', 'not_english', 'not_read']) {
    await sql`drop index if exists ${sql.raw(`providers_active_${index}_idx`)}`.execute(db);
  }
  await sql`
    alter table providers drop column terms_state, drop column terms_language, drop column mandatory_arbitration,
      drop column class_action_waiver, drop column bots_forbidden`.execute(db);
  await sql`drop index if exists document_versions_snapshot_idx`.execute(db);
  await sql`
    alter table document_versions drop column origin, drop column recorded_at, drop column archive_collection,
      drop column language, drop column snapshot_sha256`.execute(db);
}
