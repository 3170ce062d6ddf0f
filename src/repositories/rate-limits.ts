// Budgets kept in the database, so that every server process on one PostgreSQL shares them.
// One budget is one row per (subject, bucket): a fixed window that opens with its first counted
// request. Consuming is a single upsert that only increments while the window has room, so
// concurrent requests serialise on the row and can never admit more than the limit.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface BudgetRule {
  readonly bucket: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface BudgetState {
  readonly admitted: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the window closes (at least 1). */
  readonly resetSeconds: number;
}

/** Spends one unit of `subject`'s budget if its window has room (registrations; agents' budgets: metering.ts). */
export async function consumeBudget(db: Kysely<Database>, subject: string, rule: BudgetRule): Promise<BudgetState> {
  const expired = sql`w.window_start <= now() - make_interval(secs => ${rule.windowSeconds})`;
  const { rows } = await sql<{ used: number; reset_seconds: number }>`
    insert into rate_windows as w (subject, bucket, window_start, used)
    values (${subject}, ${rule.bucket}, now(), 1)
    on conflict (subject, bucket) do update set
      window_start = case when ${expired} then now() else w.window_start end,
      used = case when ${expired} then 1 else w.used + 1 end
    where ${expired} or w.used < ${rule.limit}
    returning w.used, extract(epoch from (w.window_start + make_interval(secs => ${rule.windowSeconds}) - now()))::float8 as reset_seconds`.execute(db);
  const row = rows[0];
  if (row) return budgetState(rule, row.used, row.reset_seconds);
  return refusedBudget(db, subject, rule);
}

function budgetState(rule: BudgetRule, used: number, resetSeconds: number): BudgetState {
  return {
    admitted: true,
    limit: rule.limit,
    remaining: Math.max(rule.limit - used, 0),
    resetSeconds: wholeResetSeconds(rule, resetSeconds),
  };
}

/**
 * Seconds until the window closes, whole, from 1 to the window's length. The database measures
 * from its transaction's now(): a statement that waited on the row's lock while a later one
 * opened the window sees that window start after its own now(), a moment more than the window
 * away, which no client should be told.
 */
export function wholeResetSeconds(rule: BudgetRule, seconds: number | null | undefined): number {
  return Math.min(Math.max(Math.ceil(seconds ?? 1), 1), Math.ceil(rule.windowSeconds));
}

/** The state of a budget that refused: when does its window close? */
async function refusedBudget(db: Kysely<Database>, subject: string, rule: BudgetRule): Promise<BudgetState> {
  const row = await db
    .selectFrom('rate_windows')
    .select(sql<number>`extract(epoch from (window_start + make_interval(secs => ${rule.windowSeconds}) - now()))::float8`.as('reset_seconds'))
    .where('subject', '=', subject)
    .where('bucket', '=', rule.bucket)
    .executeTakeFirst();
  return { admitted: false, limit: rule.limit, remaining: 0, resetSeconds: wholeResetSeconds(rule, row?.reset_seconds) };
}
