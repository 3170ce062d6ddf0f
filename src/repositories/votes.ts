// Community votes on clauses: their status (counted, waiting, held, discarded), the counts stored
// with them on clauses and providers, the standing of the agents who cast them, and the audit
// record of held, released and discarded votes. The rules are in src/votes/; this is their SQL.
import { sql, type Kysely } from 'kysely';
import type { Database, VoteStatus } from '../db/schema.js';

export interface StandingRule {
  /** Days since the agent registered. */
  readonly ageDays: number;
  /** Keyed requests other than rating clauses. */
  readonly requests: number;
}

/** SQL: whether agent `a` has standing now. */
function standing(rule: StandingRule) {
  return sql<boolean>`(a.created_at <= now() - make_interval(days => ${rule.ageDays}) and a.request_count - a.vote_requests >= ${rule.requests})`;
}

/** Counts one rating request of the agent and says whether it has standing (this request not counted as use). */
export async function countVoteRequest(db: Kysely<Database>, agentId: number, rule: StandingRule): Promise<boolean> {
  const { rows } = await sql<{ standing: boolean }>`
    update agents a set vote_requests = a.vote_requests + 1 where a.id = ${agentId}
    returning ${standing(rule)} as standing`.execute(db);
  return rows[0]?.standing ?? false;
}

export async function voteStatus(db: Kysely<Database>, clauseId: number, agentId: number): Promise<VoteStatus | undefined> {
  const row = await db.selectFrom('clause_votes').select('status').where('clause_id', '=', clauseId).where('agent_id', '=', agentId).executeTakeFirst();
  return row?.status;
}

/** One vote per agent per clause, replaced on resubmission (with the status the rules gave it, and whether its agent had standing). */
export async function upsertVote(
  db: Kysely<Database>,
  clauseId: number,
  agentId: number,
  rating: number,
  status: VoteStatus,
  withoutStanding: boolean,
): Promise<void> {
  await db
    .insertInto('clause_votes')
    .values({
      clause_id: clauseId,
      agent_id: agentId,
      rating,
      status,
      held_at: status === 'held' ? new Date() : null,
      cast_without_standing: withoutStanding,
    })
    .onConflict((oc) =>
      oc.columns(['clause_id', 'agent_id']).doUpdateSet({
        rating,
        status,
        cast_without_standing: withoutStanding,
        created_at: sql`now()`,
        held_at: status === 'held' ? sql<Date>`coalesce(clause_votes.held_at, now())` : null,
      }),
    )
    .execute();
}

/**
 * Distinct agents that voted on the provider's clauses since `days` ago without standing at the
 * time, `agentId` included: whatever became of those votes since (promoted, held, decided), so that
 * agents spread over the days still add up.
 */
export async function agentsWithoutStanding(db: Kysely<Database>, providerId: number, days: number, agentId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (
      select v.agent_id from clause_votes v join clauses c on c.id = v.clause_id
      where c.provider_id = ${providerId} and v.cast_without_standing and v.created_at > now() - make_interval(days => ${days})
      union select ${agentId}::bigint
    ) x`.execute(db);
  return rows[0]!.n;
}

/** Holds the provider's waiting votes cast since `days` ago (a burst); returns their ids. */
export async function holdRecentWaitingVotes(db: Kysely<Database>, providerId: number, days: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    update clause_votes v set status = 'held', held_at = now()
    from clauses c
    where c.id = v.clause_id and c.provider_id = ${providerId} and v.status = 'waiting' and v.created_at > now() - make_interval(days => ${days})
    returning v.id`.execute(db);
  return rows.map((r) => Number(r.id));
}

export async function voteId(db: Kysely<Database>, clauseId: number, agentId: number): Promise<number> {
  const row = await db.selectFrom('clause_votes').select('id').where('clause_id', '=', clauseId).where('agent_id', '=', agentId).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Stores the count and sum of each clause's counted votes (the clause's community rating). */
export async function refreshClauseVotes(db: Kysely<Database>, clauseIds: readonly number[]): Promise<void> {
  if (clauseIds.length === 0) return;
  const counted = (what: string) => sql<number>`(select ${sql.raw(what)} from clause_votes cv where cv.clause_id = clauses.id and cv.status = 'counted')`;
  await db
    .updateTable('clauses')
    .set({ community_votes: counted('count(*)::int'), community_sum: counted('coalesce(sum(cv.rating), 0)::int') })
    .where('id', 'in', [...new Set(clauseIds)])
    .execute();
}

/** Stores how many votes on the provider's current clauses wait and are held (written only when they changed). */
export async function refreshProviderVoteCounts(db: Kysely<Database>, providerId: number): Promise<void> {
  await sql`
    update providers p set votes_waiting = v.waiting, votes_held = v.held
    from (
      select count(*) filter (where cv.status = 'waiting')::int as waiting, count(*) filter (where cv.status = 'held')::int as held
      from clauses c join clause_votes cv on cv.clause_id = c.id
      where c.provider_id = ${providerId} and c.removed_at is null and cv.status in ('waiting', 'held')
    ) v
    where p.id = ${providerId} and (p.votes_waiting, p.votes_held) is distinct from (v.waiting, v.held)`.execute(db);
}

/** The count and sum of a clause's counted votes, as stored. */
export async function clauseVotes(db: Kysely<Database>, clauseId: number): Promise<{ votes: number; sum: number }> {
  const row = await db.selectFrom('clauses').select(['community_votes', 'community_sum']).where('id', '=', clauseId).executeTakeFirstOrThrow();
  return { votes: row.community_votes, sum: row.community_sum };
}

/** Waiting votes whose agents now have standing and still hold their key (not revoked): at most `limit`, with their providers. */
export async function promotableVotes(db: Kysely<Database>, rule: StandingRule, limit: number): Promise<{ id: number; provider_id: number }[]> {
  const { rows } = await sql<{ id: number; provider_id: number }>`
    select v.id, c.provider_id from clause_votes v
    join agents a on a.id = v.agent_id join clauses c on c.id = v.clause_id
    where v.status = 'waiting' and a.is_active and a.revoked_at is null and ${standing(rule)}
    order by c.provider_id, v.id limit ${limit}`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), provider_id: Number(r.provider_id) }));
}

/** Waiting votes of agents whose key was revoked (they can never gain standing): at most `limit`, with their providers. */
export async function revokedWaitingVotes(db: Kysely<Database>, limit: number): Promise<{ id: number; provider_id: number }[]> {
  const { rows } = await sql<{ id: number; provider_id: number }>`
    select v.id, c.provider_id from clause_votes v
    join agents a on a.id = v.agent_id join clauses c on c.id = v.clause_id
    where v.status = 'waiting' and (not a.is_active or a.revoked_at is not null)
    order by c.provider_id, v.id limit ${limit}`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), provider_id: Number(r.provider_id) }));
}

/** Moves the votes among `ids` that are in status `from` to `to`; returns their ids and clauses. */
export async function setVoteStatus(
  db: Kysely<Database>,
  ids: readonly number[],
  from: VoteStatus,
  to: VoteStatus,
): Promise<{ id: number; clause_id: number }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('clause_votes')
    .set({ status: to, ...(to === 'counted' ? { held_at: null } : {}) })
    .where('id', 'in', [...ids])
    .where('status', '=', from)
    .returning(['id', 'clause_id'])
    .execute();
  return rows.map((r) => ({ id: Number(r.id), clause_id: Number(r.clause_id) }));
}

/** The providers of the held votes among `ids`, in id order (the order their rows are locked in). */
export async function providersOfVotes(db: Kysely<Database>, ids: readonly number[], status: VoteStatus): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('clause_votes as v')
    .innerJoin('clauses as c', 'c.id', 'v.clause_id')
    .select('c.provider_id')
    .distinct()
    .where('v.id', 'in', [...ids])
    .where('v.status', '=', status)
    .orderBy('c.provider_id')
    .execute();
  return rows.map((r) => Number(r.provider_id));
}

/** Ids of the provider's votes in `status`, among `ids` when given. */
export async function providerVoteIds(db: Kysely<Database>, providerId: number, status: VoteStatus, ids: readonly number[] | null): Promise<number[]> {
  let query = db
    .selectFrom('clause_votes as v')
    .innerJoin('clauses as c', 'c.id', 'v.clause_id')
    .select('v.id')
    .where('c.provider_id', '=', providerId)
    .where('v.status', '=', status);
  if (ids) query = query.where('v.id', 'in', ids.length ? [...ids] : [-1]);
  return (await query.orderBy('v.id').execute()).map((r) => Number(r.id));
}

export interface VoteRow {
  id: number;
  status: VoteStatus;
  clause_id: number;
  clause_title: string;
  provider_slug: string;
  agent_id: number;
  agent_name: string;
  agent_created_at: Date;
  rating: number;
  created_at: Date;
  held_at: Date | null;
}

function votesIn(db: Kysely<Database>, status: VoteStatus, providerId: number | null) {
  let query = db
    .selectFrom('clause_votes as v')
    .innerJoin('clauses as c', 'c.id', 'v.clause_id')
    .innerJoin('providers as p', 'p.id', 'c.provider_id')
    .innerJoin('agents as a', 'a.id', 'v.agent_id')
    .where('v.status', '=', status);
  if (providerId !== null) query = query.where('c.provider_id', '=', providerId);
  return query;
}

export async function countVotes(db: Kysely<Database>, status: VoteStatus, providerId: number | null): Promise<number> {
  const row = await votesIn(db, status, providerId)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Votes in `status`, newest first. */
export async function listVotes(db: Kysely<Database>, status: VoteStatus, providerId: number | null, limit: number, offset: number): Promise<VoteRow[]> {
  const rows = await votesIn(db, status, providerId)
    .select([
      'v.id',
      'v.status',
      'v.clause_id',
      'c.title as clause_title',
      'p.slug as provider_slug',
      'v.agent_id',
      'a.name as agent_name',
      'a.created_at as agent_created_at',
      'v.rating',
      'v.created_at',
      'v.held_at',
    ])
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), clause_id: Number(r.clause_id), agent_id: Number(r.agent_id) }));
}

export interface VoteAuditRow {
  id: number;
  action: 'hold' | 'release' | 'discard';
  actor: 'service' | 'operator';
  provider_slug: string | null;
  vote_ids: number[];
  note: string;
  created_at: Date;
}

export async function insertVoteAudit(
  db: Kysely<Database>,
  record: { action: VoteAuditRow['action']; actor: VoteAuditRow['actor']; providerId: number | null; voteIds: readonly number[]; note: string },
): Promise<VoteAuditRow> {
  const { id } = await db
    .insertInto('vote_audit')
    .values({ action: record.action, actor: record.actor, provider_id: record.providerId, vote_ids: JSON.stringify(record.voteIds), note: record.note })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await listVoteAudit(db, 1, 0, Number(id)))[0]!;
}

/**
 * The hold record of a burst: the provider's hold record of the last `days` gets these votes
 * added, or a new one is written; one record per burst, naming every vote it held.
 */
export async function recordHold(db: Kysely<Database>, providerId: number, days: number, voteIds: readonly number[], note: string): Promise<void> {
  const updated = await sql`
    update vote_audit set vote_ids = vote_ids || ${JSON.stringify(voteIds)}::jsonb
    where id = (select id from vote_audit where action = 'hold' and provider_id = ${providerId}
                and created_at > now() - make_interval(days => ${days}) order by id desc limit 1)`.execute(db);
  if (Number(updated.numAffectedRows ?? 0) > 0) return;
  await insertVoteAudit(db, { action: 'hold', actor: 'service', providerId, voteIds, note });
}

export async function countVoteAudit(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('vote_audit')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Audit records, newest first (or the one with id `only`). */
export async function listVoteAudit(db: Kysely<Database>, limit: number, offset: number, only: number | null = null): Promise<VoteAuditRow[]> {
  let query = db
    .selectFrom('vote_audit as r')
    .leftJoin('providers as p', 'p.id', 'r.provider_id')
    .select(['r.id', 'r.action', 'r.actor', 'p.slug as provider_slug', 'r.vote_ids', 'r.note', 'r.created_at']);
  if (only !== null) query = query.where('r.id', '=', only);
  const rows = await query.orderBy('r.id', 'desc').limit(limit).offset(offset).execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), vote_ids: r.vote_ids.map(Number) }));
}
