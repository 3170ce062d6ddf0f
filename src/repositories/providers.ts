// Providers with their clauses and protection guides, as the agent API reads them.
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { containsPattern } from './text-match.js';
import type { Database, Provider, StoredRatingExplained, TermsState } from '../db/schema.js';
import { termsSource } from '../core/answers/terms-source.js';
import type { ClauseView, ContractFactsView, FavourableClauseView, ProtectionView, ProviderDetailView, ProviderSummary, RatingPointView } from './views.js';

export type { ClauseView, ContractFactsView, ProtectionView, ProviderDetailView, ProviderSummary };

/** Shown instead of silence when the current terms could not be read (see ProviderDetailObject.rating_note). */
export const NOT_ENGLISH_NOTE =
  'The current terms are not in English. The analyzer reads English only, so it found few or no clauses: the overall rating does not describe these terms.';

/** Shown while no terms have been analysed at all: the overall rating is then a placeholder, not a finding. */
export const NOT_RATED_NOTE = 'Not rated yet: no version of these terms has been analysed, so the overall rating is a placeholder, not a finding.';

/**
 * rating_note of a provider, from its stored terms state (providers.terms_state, which
 * src/ingest/terms-state.ts keeps in step with its versions and clauses), the same state its band
 * (providerBand, src/analysis/band.ts), the lists' filters and the pages read: terms not in English
 * or never analysed have a note saying the rating is a placeholder, analysed ones none.
 */
export function ratingNoteOf(state: RawBuilder<unknown>) {
  return sql<string | null>`(case ${state} when 'not-english' then ${NOT_ENGLISH_NOTE}::text when 'not-read-yet' then ${NOT_RATED_NOTE}::text end)`;
}

const clauseCount = sql<number>`(select count(*) from clauses c where c.provider_id = providers.id and c.removed_at is null)::int`;

/** What a list of providers is narrowed to: a search of name and domain, and what their terms contain. */
export interface ProviderFilters {
  readonly search: string | null;
  readonly mandatoryArbitration?: boolean;
  readonly classActionWaiver?: boolean;
  readonly botsForbidden?: boolean;
  readonly termsState?: TermsState;
}

export async function countActiveProviders(db: Kysely<Database>, filters: ProviderFilters): Promise<number> {
  const row = await db
    .selectFrom('providers')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('is_active', '=', true)
    .where(matchingFilters(filters))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Where a page of providers starts: after `offset` of them, or just after this [lower(name), slug]. */
export type ProviderStart = { readonly offset: number } | { readonly after: readonly [string, string] };

/**
 * Active providers by name (case-insensitive), then slug: a total order, so pages are stable.
 * The page is chosen first (a range of the (lower(name), slug) index, by offset or by seeking
 * past a key), then only its providers' clauses are counted and rating notes read.
 */
export async function listActiveProviders(db: Kysely<Database>, limit: number, start: ProviderStart, filters: ProviderFilters): Promise<ProviderListRow[]> {
  const chosen = db
    .selectFrom('providers')
    .select(['id', 'slug', 'name', 'domain', 'overall_rating', 'tos_url', 'terms_state', 'terms_language'])
    .where('is_active', '=', true)
    .where(matchingFilters(filters))
    .where((eb) => ('after' in start ? eb(sql`(lower(name), slug)`, '>', sql`(${start.after[0]}, ${start.after[1]})`) : eb.lit(true)))
    .orderBy(sql`lower(name)`)
    .orderBy('slug')
    .limit(limit)
    .offset('offset' in start ? start.offset : 0);
  return db
    .selectFrom(chosen.as('providers'))
    .select([
      'slug',
      'name',
      'domain',
      'overall_rating',
      'tos_url',
      'terms_state',
      'terms_language',
      clauseCount.as('clause_count'),
      ratingNoteOf(sql.ref('providers.terms_state')).as('rating_note'),
    ])
    .select(sql<string>`lower(name)`.as('sort_name'))
    .orderBy(sql`lower(name)`)
    .orderBy('slug')
    .execute();
}

/** A provider of the list as stored; the operation adds its band (src/analysis/band.ts). */
export type ProviderListRow = Omit<ProviderSummary, 'band'> & { sort_name: string };

/** Each filter given narrows the list; the flags are columns with partial indexes (migration 2026-11-27). */
function matchingFilters(filters: ProviderFilters) {
  return (eb: ExpressionBuilder<Database, 'providers'>) => {
    const conditions = [];
    if (filters.search !== null) {
      const pattern = containsPattern(filters.search);
      conditions.push(eb.or([eb('name', 'ilike', pattern), eb('domain', 'ilike', pattern)]));
    }
    if (filters.mandatoryArbitration !== undefined) conditions.push(eb('mandatory_arbitration', '=', filters.mandatoryArbitration));
    if (filters.classActionWaiver !== undefined) conditions.push(eb('class_action_waiver', '=', filters.classActionWaiver));
    if (filters.botsForbidden !== undefined) conditions.push(eb('bots_forbidden', '=', filters.botsForbidden));
    if (filters.termsState !== undefined) conditions.push(eb('terms_state', '=', filters.termsState));
    return conditions.length ? eb.and(conditions) : eb.lit(true);
  };
}

/** Locks the provider's row until `trx` ends: writes that derive its rating or versions go one at a time. */
export async function lockProvider(trx: Transaction<Database>, providerId: number): Promise<void> {
  await trx.selectFrom('providers').select('id').where('id', '=', providerId).forUpdate().execute();
}

/** What refreshing a provider's rating compares with: the stored rating, its reasons and its terms' state (for its band). */
export async function providerRatingState(
  db: Kysely<Database>,
  providerId: number,
): Promise<Pick<Provider, 'overall_rating' | 'rating_explained' | 'terms_state' | 'terms_language'> | undefined> {
  return db
    .selectFrom('providers')
    .select(['overall_rating', 'rating_explained', 'terms_state', 'terms_language'])
    .where('id', '=', providerId)
    .executeTakeFirst();
}

export async function setProviderRating(db: Kysely<Database>, providerId: number, rating: number, explained: StoredRatingExplained): Promise<void> {
  await db
    .updateTable('providers')
    .set({ overall_rating: rating, rating_explained: JSON.stringify(explained) })
    .where('id', '=', providerId)
    .execute();
}

/** Whether the database has any provider at all (active or not, demo or real). */
export async function hasProviders(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('providers').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function findActiveProvider(db: Kysely<Database>, slug: string): Promise<Provider | undefined> {
  return db.selectFrom('providers').selectAll().where('slug', '=', slug).where('is_active', '=', true).executeTakeFirst();
}

const SEVERITY_RANK = sql<number>`case severity when 'critical' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`;

interface ProviderDetailRow {
  slug: string;
  name: string;
  domain: string;
  description: string;
  overall_rating: number;
  tos_url: string;
  clause_count: number;
  total_votes: number;
  votes_waiting: number;
  votes_held: number;
  rating_note: string | null;
  terms_state: TermsState;
  terms_language: string | null;
  origin: 'snapshot' | 'fetched' | 'submitted' | null;
  recorded_at: Date | string | null;
  received_at: Date | string | null;
  source_url: string | null;
  last_attempt_at: Date | string | null;
  last_outcome: 'analysed' | 'unchanged' | 'not-modified' | 'failed' | null;
  last_error: string | null;
  last_fetched_at: Date | string | null;
  rating_explained: StoredRatingExplained;
  rating_history: { at: string; cause: RatingPointView['cause']; overall_rating: number; band: RatingPointView['band'] }[];
  facts: ContractFactsView | null;
  in_your_favour: FavourableClauseView[];
  clauses: ClauseView[];
  protections: ProtectionView[];
}

/** How many points of its history the provider detail carries (the latest). */
export const DETAIL_HISTORY_POINTS = 60;
/** How many reasons ("Why this rating") the detail lists. */
export const DETAIL_REASONS = 5;

/** The provider detail as stored; the operation adds its band (src/analysis/band.ts). */
export type StoredProviderDetail = Omit<ProviderDetailView, 'provider'> & { provider: Omit<ProviderDetailView['provider'], 'band'> };

/**
 * Everything endpoint 3 shows of one active provider, or undefined. One statement, one round
 * trip: the current clauses (most severe first, then in document order) with their stored
 * community counts, the protection guides and the latest points of the rating's history come
 * back as JSON arrays built by PostgreSQL; the rating, its reasons and the vote counts are
 * columns written with the votes. Nothing here reads the votes themselves.
 */
export async function providerDetail(db: Kysely<Database>, slug: string): Promise<StoredProviderDetail | undefined> {
  const { rows } = await sql<ProviderDetailRow>`
    select p.slug, p.name, p.domain, p.description, p.overall_rating, p.tos_url, p.votes_waiting, p.votes_held, p.rating_explained,
      p.terms_state, p.terms_language,
      d.origin, d.recorded_at, d.received_at, d.source_url, t.last_attempt_at, t.last_outcome, t.last_error, t.last_fetched_at,
      coalesce(c.clause_count, 0)::int as clause_count, coalesce(c.total_votes, 0)::int as total_votes,
      coalesce(c.clauses, '[]'::json) as clauses, coalesce(r.protections, '[]'::json) as protections,
      coalesce(h.points, '[]'::json) as rating_history,
      ${ratingNoteOf(sql.ref('p.terms_state'))} as rating_note,
      d.facts, coalesce(d.in_your_favour, '[]'::jsonb) as in_your_favour
    from providers p
    left join lateral (
      select dv.facts, dv.in_your_favour, dv.origin, dv.recorded_at, dv.received_at, dv.source_url
      from document_versions dv where dv.provider_id = p.id order by dv.id desc limit 1
    ) d on true
    left join provider_tracking t on t.provider_id = p.id
    left join lateral (
      select count(*) as clause_count, sum(x.community_votes) as total_votes,
        json_agg(json_build_object(
          'id', x.id, 'title', x.title, 'clause_text', x.clause_text, 'plain_english', x.plain_english,
          'severity', x.severity, 'category', x.category, 'ai_rating', x.ai_rating, 'is_verified', x.is_verified,
          'community_rating', case when x.community_votes > 0 then round(x.community_sum::numeric / x.community_votes, 1)::float8 end,
          'community_votes', x.community_votes, 'party', x.party, 'confidence', x.confidence
        ) order by x.rank, x.position, x.id) as clauses
      from (
        select clauses.*, ${SEVERITY_RANK} as rank from clauses where clauses.provider_id = p.id and clauses.removed_at is null
      ) x
    ) c on true
    left join lateral (
      select json_agg(json_build_object('title', pr.title, 'description', pr.description, 'impact', pr.impact, 'steps', pr.steps, 'evidence', pr.evidence)
        order by pr.position, pr.id) as protections
      from protections pr where pr.provider_id = p.id
    ) r on true
    left join lateral (
      select json_agg(json_build_object('at', y.at, 'cause', y.cause, 'overall_rating', y.overall_rating, 'band', y.band) order by y.id) as points
      from (select * from rating_history rh where rh.provider_id = p.id order by rh.id desc limit ${DETAIL_HISTORY_POINTS}) y
    ) h on true
    where p.slug = ${slug} and p.is_active`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    provider: {
      slug: row.slug,
      name: row.name,
      domain: row.domain,
      description: row.description,
      overall_rating: row.overall_rating,
      rating_reasons: { reasons: row.rating_explained.reasons.slice(0, DETAIL_REASONS), critical_floor: row.rating_explained.floor },
      rating_history: row.rating_history.map((h) => ({ ...h, at: new Date(h.at).toISOString() })),
      clause_count: row.clause_count,
      tos_url: row.tos_url,
      total_votes: row.total_votes,
      votes_waiting: row.votes_waiting,
      votes_held: row.votes_held,
      rating_note: row.rating_note,
      terms_state: row.terms_state,
      terms_language: row.terms_language,
      source: termsSource({
        origin: row.origin,
        recordedAt: row.recorded_at,
        receivedAt: row.received_at,
        url: row.source_url,
        lastAttemptAt: row.last_attempt_at,
        lastOutcome: row.last_outcome,
        lastError: row.last_error,
        lastFetchedAt: row.last_fetched_at,
      }),
    },
    facts: row.facts ?? null,
    in_your_favour: row.in_your_favour,
    clauses: row.clauses,
    protections: row.protections.map(({ evidence, ...p }) => (evidence ? { ...p, evidence } : p)),
  };
}
