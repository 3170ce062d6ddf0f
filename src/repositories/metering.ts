// Authenticating and metering a batch of keyed requests in one statement: each request counts
// toward its agent's request_count and last_used_at, and spends one unit of the budget while the
// window has room, exactly as one statement per request would. Both live on the agent's row, so
// a batch writes one row per agent. Agents are locked in id order, so concurrent batches (of any
// size, from any process) take their locks in the same order.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CallingAgent } from './agents.js';
import type { BudgetRule, BudgetState } from './rate-limits.js';

export interface MeteredRequest {
  readonly agent: CallingAgent;
  /** Null when the operation spends no budget. */
  readonly budget: BudgetState | null;
  /** content_version as read by the same statement, after the request arrived. */
  readonly contentVersion: number;
}

interface MeterRow {
  key_hash: string;
  agent_id: number;
  agent_name: string;
  agent_model: string | null;
  requested: number;
  admitted: number;
  used: number | null;
  reset_seconds: number | null;
  content_version: number;
}

/**
 * One result per key digest, in order: null for a key no active agent holds. Requests with the
 * same key are admitted in the order given until the budget is spent.
 */
export async function meterRequests(
  db: Kysely<Database>,
  keyHashes: readonly string[],
  rule: BudgetRule | null,
): Promise<(MeteredRequest | null)[]> {
  const rows = await withDeadlockRetry(() => meterStatement(keyHashes, rule).execute(db));
  const byKey = new Map(rows.map((row) => [row.key_hash, { row, served: 0 }]));
  return keyHashes.map((keyHash) => {
    const entry = byKey.get(keyHash);
    if (!entry) return null;
    const { row } = entry;
    const agent = { id: Number(row.agent_id), name: row.agent_name, model: row.agent_model };
    const nth = entry.served++;
    return { agent, budget: rule && budgetOf(rule, row, nth), contentVersion: row.content_version };
  });
}

/** The buckets whose windows are columns of agents (see db/migrations/2026-11-23T12-00-00_agent-budgets-on-agent-rows.ts). */
const AGENT_BUCKETS = new Set(['data', 'opinion']);

function meterStatement(keyHashes: readonly string[], rule: BudgetRule | null) {
  const requested = sql`
    requested as (
      select h.key_hash::char(64) as key_hash, count(*)::int as n
      from unnest(${keyHashes as string[]}::text[]) as h(key_hash) group by 1 order by 1
    ), locked as (
      -- Rows are locked as the sorted rows come out: by id, whatever join the planner picks.
      select a.id from agents a join requested r on a.key_hash = r.key_hash
      where a.is_active order by a.id for no key update of a
    )`;
  const matched = sql`from requested r where a.id in (select id from locked) and a.key_hash = r.key_hash and a.is_active`;
  const version = sql`(select version from content_version)::float8 as content_version`;
  if (!rule) {
    return sql<MeterRow>`with ${requested}
      update agents a set request_count = a.request_count + r.n, last_used_at = now() ${matched}
      returning a.key_hash::text, a.id as agent_id, a.name as agent_name, a.model as agent_model,
        r.n as requested, r.n as admitted, null::int as used, null::float8 as reset_seconds, ${version}`;
  }
  if (!AGENT_BUCKETS.has(rule.bucket)) throw new Error(`no agent budget bucket ${rule.bucket}`);
  const [start, used, admitted] = ['window_start', 'used', 'last_admitted'].map((column) => sql.raw(`${rule.bucket}_${column}`));
  const limit = sql`${rule.limit}::int`;
  // The window opens with its first counted request and admits up to the limit; the row records
  // in <bucket>_last_admitted how many of this batch's requests it took. In SET, a.<column> is
  // the value before this update.
  const expired = sql`(a.${start} is null or a.${start} <= now() - make_interval(secs => ${rule.windowSeconds}))`;
  return sql<MeterRow>`with ${requested}
    update agents a set request_count = a.request_count + r.n, last_used_at = now(),
      ${start} = case when ${expired} then now() else a.${start} end,
      ${used} = case when ${expired} then least(r.n, ${limit}) else least(a.${used} + r.n, ${limit}) end,
      ${admitted} = case when ${expired} then least(r.n, ${limit}) else least(a.${used} + r.n, ${limit}) - a.${used} end
    ${matched}
    returning a.key_hash::text, a.id as agent_id, a.name as agent_name, a.model as agent_model,
      r.n as requested, a.${admitted} as admitted, a.${used} as used,
      extract(epoch from (a.${start} + make_interval(secs => ${rule.windowSeconds}) - now()))::float8 as reset_seconds, ${version}`;
}

/**
 * Batches lock in one order, but another statement (a key swap, a revoke) may hold one of the
 * rows: should a deadlock ever be detected, PostgreSQL aborts one statement (nothing of it is
 * applied) and it simply runs again.
 */
async function withDeadlockRetry<R>(run: () => Promise<{ rows: R[] }>): Promise<R[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await run()).rows;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 3) throw error;
    }
  }
}

/** The budget as the nth request of this key in the batch saw it. */
function budgetOf(rule: BudgetRule, row: MeterRow, nth: number): BudgetState {
  const resetSeconds = Math.max(Math.ceil(row.reset_seconds ?? 1), 1);
  if (nth >= row.admitted) return { admitted: false, limit: rule.limit, remaining: 0, resetSeconds };
  const usedAfter = (row.used ?? 0) - row.admitted + nth + 1;
  return { admitted: true, limit: rule.limit, remaining: Math.max(rule.limit - usedAfter, 0), resetSeconds };
}
