// Authenticating and metering a batch of keyed requests in one statement: each request counts
// toward its agent's request_count and last_used_at, and spends one unit of the budget while the
// window has room, exactly as one statement per request would. Both live on the agent's row, so
// a batch writes one row per agent. The statement itself is the database function meter_agents
// (its migration says how it locks and counts), whose plan each connection keeps. The same
// statement reads the content versions of the providers the batch's requests are about, so that
// a keyed answer about a provider needs no second round trip to know whether its cached body is
// current (src/core/answers/provider-versions.ts).
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
  /**
   * providers.content_version of the providers the batch asked about (`slugs`), read by the same
   * statement; a slug no provider has is absent. One map for the whole batch.
   */
  readonly providerVersions: ReadonlyMap<string, number>;
}

interface MeterRow {
  /** Null on the one row that carries the providers' versions instead (`versions`). */
  key_hash: string | null;
  agent_id: number;
  agent_name: string;
  agent_model: string | null;
  requested: number;
  admitted: number;
  used: number | null;
  reset_seconds: number | null;
  content_version: number;
  /** JSON object slug -> providers.content_version (null when none of the slugs is a provider). */
  versions: string | null;
}

/**
 * One result per key digest, in order: null for a key no active agent holds. Requests with the
 * same key are admitted in the order given until the budget is spent. `slugs`: the providers
 * whose content versions to read in the same statement (MeteredRequest.providerVersions).
 */
export async function meterRequests(
  db: Kysely<Database>,
  keyHashes: readonly string[],
  rule: BudgetRule | null,
  slugs: readonly string[] = [],
): Promise<(MeteredRequest | null)[]> {
  const rows = await withDeadlockRetry(() => meterStatement(keyHashes, rule, slugs).execute(db));
  const byKey = new Map<string, { row: MeterRow; served: number }>();
  let providerVersions = new Map<string, number>();
  for (const row of rows) {
    if (row.key_hash !== null) byKey.set(row.key_hash, { row, served: 0 });
    else if (row.versions !== null) providerVersions = new Map(Object.entries(JSON.parse(row.versions) as Record<string, number>));
  }
  return keyHashes.map((keyHash) => {
    const entry = byKey.get(keyHash);
    if (!entry) return null;
    const { row } = entry;
    const agent = { id: Number(row.agent_id), name: row.agent_name, model: row.agent_model };
    const nth = entry.served++;
    return { agent, budget: rule && budgetOf(rule, row, nth), contentVersion: row.content_version, providerVersions };
  });
}

/**
 * One call of meter_agents (db/migrations/2026-11-23T13-00-00_meter-agents-function.ts), which
 * holds the metering, and the providers' versions after it: one statement, one snapshot taken
 * after every request of the batch arrived. Its rows are an agent's each (key_hash set), then
 * one row with the providers' versions as one JSON object (a row of few columns to parse, not
 * one per provider).
 */
function meterStatement(keyHashes: readonly string[], rule: BudgetRule | null, slugs: readonly string[]) {
  return sql<MeterRow>`
    select m_key_hash as key_hash, m_agent_id as agent_id, m_agent_name as agent_name, m_agent_model as agent_model,
      m_requested as requested, m_admitted as admitted, m_used as used, m_reset_seconds as reset_seconds,
      m_content_version as content_version, null::text as versions
    from meter_agents(${keyHashes as string[]}::text[], ${rule?.bucket ?? null}::text, ${rule?.limit ?? null}::int, ${rule?.windowSeconds ?? null}::float8)
    union all
    select null, null, null, null, null, null, null, null, null, json_object_agg(p.slug, p.content_version)::text
    from providers p where p.slug = any(${slugs as string[]}::text[])`;
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
