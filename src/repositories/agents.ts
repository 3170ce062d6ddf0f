// Agents and their keys. Keys are looked up by their SHA-256 digest only.
import { sql, type Kysely } from 'kysely';
import type { Agent, Database, NewAgent } from '../db/schema.js';
import { budgetState, consumeBudgetSql, refusedBudget, type BudgetRule, type BudgetState } from './rate-limits.js';

export interface CallingAgent {
  readonly id: number;
  readonly name: string;
  readonly model: string | null;
}

export const agentSubject = (agentId: number) => `agent:${agentId}`;

/**
 * Authenticates a key digest, counts the request against the agent (request_count,
 * last_used_at) and, when a budget rule is given, spends one unit of it: all in one statement,
 * one round trip. Returns null when no active agent holds the key.
 */
export async function authenticateAndMeter(
  db: Kysely<Database>,
  keyHash: string,
  rule: BudgetRule | null,
): Promise<{ agent: CallingAgent; budget: BudgetState | null } | null> {
  if (rule === null) {
    const agent = await db
      .updateTable('agents')
      .set({ request_count: sql`request_count + 1`, last_used_at: sql`now()` })
      .where('key_hash', '=', keyHash)
      .where('is_active', '=', true)
      .returning(['id', 'name', 'model'])
      .executeTakeFirst();
    return agent ? { agent, budget: null } : null;
  }
  const { rows } = await sql<CallingAgent & { used: number | null; reset_seconds: number | null }>`
    with agent as (
      update agents set request_count = request_count + 1, last_used_at = now()
      where key_hash = ${keyHash} and is_active
      returning id, name, model
    ), budget as (${consumeBudgetSql(sql`'agent:' || agent.id`, rule, sql`agent`)})
    select agent.id, agent.name, agent.model, budget.used, budget.reset_seconds
    from agent left join budget on true`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const agent = { id: row.id, name: row.name, model: row.model };
  const budget =
    row.used === null ? await refusedBudget(db, agentSubject(agent.id), rule) : budgetState(rule, row.used, row.reset_seconds ?? 0);
  return { agent, budget };
}

export async function insertAgent(db: Kysely<Database>, agent: NewAgent): Promise<Agent> {
  return db.insertInto('agents').values(agent).returningAll().executeTakeFirstOrThrow();
}

export async function findAgentById(db: Kysely<Database>, id: number): Promise<Agent | undefined> {
  return db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Swaps the key only if the agent still holds `currentHash` and is active: a concurrent swap or revoke wins. */
export async function replaceKeyHash(db: Kysely<Database>, id: number, currentHash: string, newHash: string): Promise<boolean> {
  const result = await db
    .updateTable('agents')
    .set({ key_hash: newHash })
    .where('id', '=', id)
    .where('key_hash', '=', currentHash)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function revokeAgent(db: Kysely<Database>, id: number, currentHash: string): Promise<boolean> {
  const result = await db
    .updateTable('agents')
    .set({ is_active: false, revoked_at: sql`now()` })
    .where('id', '=', id)
    .where('key_hash', '=', currentHash)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
