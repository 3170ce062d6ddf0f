// Authenticating and metering a batch of keyed requests in one statement: each request counts
// toward its agent's request_count and last_used_at, and spends one unit of the budget while the
// window has room, exactly as one statement per request would. Both live on the agent's row, so
// a batch writes one row per agent. The statement itself is the database function meter_agents
// (its migration says how it locks and counts), whose plan each connection keeps.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CallingAgent } from './agents.js';
import { wholeResetSeconds, type BudgetRule, type BudgetState } from './rate-limits.js';

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
export async function meterRequests(db: Kysely<Database>, keyHashes: readonly string[], rule: BudgetRule | null): Promise<(MeteredRequest | null)[]> {
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

/** One call of meter_agents (db/migrations/2026-11-23T13-00-00_meter-agents-function.ts), which holds the statement. */
function meterStatement(keyHashes: readonly string[], rule: BudgetRule | null) {
  return sql<MeterRow>`
    select m_key_hash as key_hash, m_agent_id as agent_id, m_agent_name as agent_name, m_agent_model as agent_model,
      m_requested as requested, m_admitted as admitted, m_used as used, m_reset_seconds as reset_seconds, m_content_version as content_version
    from meter_agents(${keyHashes as string[]}::text[], ${rule?.bucket ?? null}::text, ${rule?.limit ?? null}::int, ${rule?.windowSeconds ?? null}::float8)`;
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
  const resetSeconds = wholeResetSeconds(rule, row.reset_seconds);
  if (nth >= row.admitted) return { admitted: false, limit: rule.limit, remaining: 0, resetSeconds };
  const usedAfter = (row.used ?? 0) - row.admitted + nth + 1;
  return { admitted: true, limit: rule.limit, remaining: Math.max(rule.limit - usedAfter, 0), resetSeconds };
}
