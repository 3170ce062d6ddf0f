// Authenticating and metering a batch of keyed requests in one statement (the database function
// meter_requests, db/migrations/2026-11-22T03-00-00_content-version-and-batched-metering.ts):
// each request counts toward its agent's request_count and last_used_at, and spends one unit of
// the budget while the window has room, exactly as one statement per request would.
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
  const { rows } = await sql<MeterRow>`
    select m.*, (select version from content_version)::float8 as content_version
    from meter_requests(${keyHashes as string[]}::text[], ${rule?.bucket ?? null}::text, ${rule?.limit ?? 0}::int, ${rule?.windowSeconds ?? 0}::int) m`.execute(db);
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

/** The budget as the nth request of this key in the batch saw it. */
function budgetOf(rule: BudgetRule, row: MeterRow, nth: number): BudgetState {
  const resetSeconds = Math.max(Math.ceil(row.reset_seconds ?? 1), 1);
  if (nth >= row.admitted) return { admitted: false, limit: rule.limit, remaining: 0, resetSeconds };
  const usedAfter = (row.used ?? 0) - row.admitted + nth + 1;
  return { admitted: true, limit: rule.limit, remaining: Math.max(rule.limit - usedAfter, 0), resetSeconds };
}
