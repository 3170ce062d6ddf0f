// An agent's budget windows move from rate_windows onto its own agents row, beside
// request_count and last_used_at: metering a batch of keyed requests then writes one row per
// agent instead of two (measured with pgbench on 25 keys: 0.43 ms a statement instead of 0.66).
// Each budget bucket an agent spends ('data', 'opinion') has its window's start, the units used
// in it, and how many units the last metering statement admitted. rate_windows keeps the
// budgets of other subjects (registrations per client address). Windows in force are carried
// over, so nobody's budget is reset by the upgrade.
// Frozen in time: no imports from src/.
import { sql, type Kysely } from 'kysely';

const BUCKETS = ['data', 'opinion'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const bucket of BUCKETS) {
    await sql
      .raw(
        `
      alter table agents
        add column ${bucket}_window_start timestamptz,
        add column ${bucket}_used integer not null default 0,
        add column ${bucket}_last_admitted integer not null default 0`,
      )
      .execute(db);
    await sql
      .raw(
        `
      update agents a set ${bucket}_window_start = w.window_start, ${bucket}_used = w.used, ${bucket}_last_admitted = w.last_admitted
      from rate_windows w where w.subject = 'agent:' || a.id and w.bucket = '${bucket}'`,
      )
      .execute(db);
  }
  await sql`delete from rate_windows where subject like 'agent:%'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const bucket of BUCKETS) {
    await sql
      .raw(
        `
      insert into rate_windows (subject, bucket, window_start, used, last_admitted)
      select 'agent:' || id, '${bucket}', ${bucket}_window_start, ${bucket}_used, ${bucket}_last_admitted
      from agents where ${bucket}_window_start is not null`,
      )
      .execute(db);
    await sql
      .raw(
        `
      alter table agents drop column ${bucket}_window_start, drop column ${bucket}_used, drop column ${bucket}_last_admitted`,
      )
      .execute(db);
  }
}
