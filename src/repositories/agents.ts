// Agents and their keys. Keys are looked up by their SHA-256 digest only.
// Authentication and metering of requests: metering.ts.
import { sql, type Kysely } from 'kysely';
import type { Agent, Database, NewAgent } from '../db/schema.js';

export interface CallingAgent {
  readonly id: number;
  readonly name: string;
  readonly model: string | null;
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
