// Helpers of the tests of community votes (test/votes/): a provider rated by its clauses alone,
// agents with standing earned through real requests, time moved back for votes and agents, and
// what the stored counts, rating and history must equal.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { explainRating } from '../../src/analysis/index.js';
import { refreshProviderRating, refreshTermsState } from '../../src/ingest/index.js';
import { STANDING } from '../../src/votes/index.js';
import { apiClient, registerAgent } from './api.js';
import { buildTestApp } from './test-app.js';

type Call = ReturnType<typeof apiClient>;

/** A provider rated high concern by its four clauses alone (no critical clause, so no floor plays a part). */
export async function harshProvider(db: Kysely<Database>, slug: string): Promise<number> {
  const { id } = await db
    .insertInto('providers')
    .values({ slug, name: slug, domain: slug, description: '', tos_url: `https://${slug}/terms` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const clause = (category: string, ai_rating: number, position: number) => ({
    provider_id: id,
    title: `${category} clause`,
    clause_text: `The ${category} clause of ${slug}.`,
    plain_english: 'p',
    severity: 'high' as const,
    category,
    ai_rating,
    position,
  });
  await db
    .insertInto('clauses')
    .values([clause('arbitration', 8, 1), clause('class-action-waiver', 8, 2), clause('unilateral-termination', 8, 3), clause('unilateral-change', 7, 4)])
    .execute();
  await db.transaction().execute(async (trx) => {
    await refreshTermsState(trx, id); // clauses by hand: analysed, as the demo seed does
    await refreshProviderRating(trx, id, 'terms');
  });
  return id;
}

export function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Makes STANDING.requests keyed requests other than votes (GET /api/agents/me). */
export async function useService(call: Call, key: string): Promise<void> {
  for (let i = 0; i < STANDING.requests; i++) {
    const res = await call('GET', '/api/agents/me', { key });
    if (res.status !== 200) throw new Error(`GET /api/agents/me: ${res.status}`);
  }
}

/** Moves the agent's registration back by `days`. */
export async function ageAgent(db: Kysely<Database>, key: string, days: number): Promise<void> {
  await db
    .updateTable('agents')
    .set({ created_at: sql`created_at - make_interval(days => ${days})` })
    .where('key_hash', '=', keyHash(key))
    .execute();
}

/** Registers an agent with standing: real requests beyond voting, registered STANDING.ageDays + 1 days ago. */
export async function agentWithStanding(call: Call, db: Kysely<Database>, name: string): Promise<string> {
  const key = await registerAgent(call, { name, accept_terms: true });
  await useService(call, key);
  await ageAgent(db, key, STANDING.ageDays + 1);
  return key;
}

/** Time passes for a provider's votes, audit records and history: each moves back by `days`. */
export async function timePassesForVotes(db: Kysely<Database>, providerId: number, days: number): Promise<void> {
  const back = sql`make_interval(days => ${days})`;
  await sql`update clause_votes v set created_at = v.created_at - ${back}, held_at = v.held_at - ${back}
            from clauses c where c.id = v.clause_id and c.provider_id = ${providerId}`.execute(db);
  await sql`update vote_audit set created_at = created_at - ${back} where provider_id = ${providerId}`.execute(db);
}

/** What the stored counts, rating and latest history point must equal: the votes and clauses themselves. */
export async function invariants(db: Kysely<Database>, providerId: number) {
  const { rows } = await sql<{ bad_clauses: number; waiting: number; held: number; stored_waiting: number; stored_held: number }>`
    select
      (select count(*) from clauses c
         cross join lateral (select count(*)::int as n, coalesce(sum(v.rating), 0)::int as s from clause_votes v where v.clause_id = c.id and v.status = 'counted') x
         where c.provider_id = ${providerId} and (c.community_votes, c.community_sum) is distinct from (x.n, x.s))::int as bad_clauses,
      (select count(*) from clause_votes v join clauses c on c.id = v.clause_id where c.provider_id = ${providerId} and c.removed_at is null and v.status = 'waiting')::int as waiting,
      (select count(*) from clause_votes v join clauses c on c.id = v.clause_id where c.provider_id = ${providerId} and c.removed_at is null and v.status = 'held')::int as held,
      (select votes_waiting from providers where id = ${providerId}) as stored_waiting,
      (select votes_held from providers where id = ${providerId}) as stored_held`.execute(db);
  const clauses = await db
    .selectFrom('clauses')
    .select(['id', 'title', 'category', 'severity', 'ai_rating', 'community_votes', 'community_sum'])
    .where('provider_id', '=', providerId)
    .where('removed_at', 'is', null)
    .execute();
  const expected = explainRating(clauses.map((c) => ({ ...c, votes: c.community_votes, vote_sum: c.community_sum }))).overall;
  const provider = await db.selectFrom('providers').select('overall_rating').where('id', '=', providerId).executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('rating_history')
    .select('overall_rating')
    .where('provider_id', '=', providerId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { ...rows[0]!, rating: Number(provider.overall_rating), expected, history: last ? Number(last.overall_rating) : null };
}

const VOTES_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

/** The app of a votes test: generous budgets, many registrations an address, the operator's header, and a provider's detail read as an agent. */
export async function votesTestApp(t: Parameters<typeof buildTestApp>[0] & Parameters<typeof apiClient>[0]) {
  const { app, database } = await buildTestApp(t, {
    ADMIN_TOKEN: VOTES_ADMIN_TOKEN,
    RATE_LIMIT_OPINIONS_PER_HOUR: '10000',
    RATE_LIMIT_REQUESTS_PER_HOUR: '10000',
    RATE_LIMIT_REGISTRATIONS_PER_IP_PER_DAY: '100',
  });
  const call = apiClient(t, app);
  const detail = async (key: string, slug: string) => {
    const res = await call('GET', `/api/agents/providers/${slug}`, { key });
    if (res.status !== 200) throw new Error(`GET /api/agents/providers/${slug}: ${res.status}`);
    return res.body;
  };
  return { app, call, db: database.handle.db, admin: { authorization: `Bearer ${VOTES_ADMIN_TOKEN}` }, detail };
}
