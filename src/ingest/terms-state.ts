// What a provider's current terms are, kept on its row for the lists and their filters: its
// state (analysed, not in English, not read yet), their language, and whether they impose
// mandatory arbitration, waive class actions or forbid bots (from the current version's contract
// facts where they say, else from its current clauses' categories). Derived again wherever the
// clauses or versions change (reconcile.ts, ingestion, the demo seed, facts read again); written
// only when something differs, since a write renews the provider's content version.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Derives the provider's terms state and flags again; `providerId` null: every provider. */
export async function refreshTermsState(db: Kysely<Database>, providerId: number | null): Promise<void> {
  const which = providerId === null ? sql`true` : sql`q.id = ${providerId}`;
  await sql`
    update providers p set
      terms_state = n.terms_state, terms_language = n.terms_language, mandatory_arbitration = n.mandatory_arbitration,
      class_action_waiver = n.class_action_waiver, bots_forbidden = n.bots_forbidden
    from (
      select q.id,
        case when v.id is null then (case when c.any then 'analysed' else 'not-read-yet' end)
             when v.is_english then 'analysed' else 'not-english' end as terms_state,
        case when v.id is null then null when v.is_english then 'en' else v.language end as terms_language,
        coalesce((v.facts -> 'arbitration' ->> 'mandatory')::boolean, c.arbitration) as mandatory_arbitration,
        coalesce((v.facts -> 'arbitration' ->> 'class_action_waiver')::boolean, false) or c.waiver as class_action_waiver,
        coalesce(jsonb_typeof(v.facts -> 'automated_access') = 'object', false) or c.bots as bots_forbidden
      from providers q
      left join lateral (
        select d.id, d.is_english, d.language, d.facts from document_versions d where d.provider_id = q.id order by d.id desc limit 1
      ) v on true
      cross join lateral (
        select count(*) > 0 as any,
          coalesce(bool_or(x.category = 'arbitration' or x.categories @> '["arbitration"]'::jsonb), false) as arbitration,
          coalesce(bool_or(x.category = 'class-action-waiver' or x.categories @> '["class-action-waiver"]'::jsonb), false) as waiver,
          coalesce(bool_or(x.category = 'automated-access' or x.categories @> '["automated-access"]'::jsonb), false) as bots
        from clauses x where x.provider_id = q.id and x.removed_at is null
      ) c
      where ${which}
    ) n
    where p.id = n.id and (p.terms_state, p.terms_language, p.mandatory_arbitration, p.class_action_waiver, p.bots_forbidden)
      is distinct from (n.terms_state, n.terms_language, n.mandatory_arbitration, n.class_action_waiver, n.bots_forbidden)`.execute(db);
}
