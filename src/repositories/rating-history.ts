// A provider's overall rating over time (rating_history): a point when its terms changed, when a
// re-analysis or a review moved the rating, and one a day where votes moved it (the day's last
// rating). Each point keeps the band of the one before, so a band change is one indexed read.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export type RatingCause = 'terms' | 'votes' | 'review' | 'analysis';

export interface RatingPoint {
  id: number;
  at: Date;
  day: string;
  cause: RatingCause;
  overall_rating: number;
  band: string;
  previous_band: string | null;
}

/** The provider's latest point. */
export async function latestRatingPoint(db: Kysely<Database>, providerId: number): Promise<RatingPoint | null> {
  const rows = await db
    .selectFrom('rating_history')
    .select(['id', 'at', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'cause', 'overall_rating', 'band', 'previous_band'])
    .where('provider_id', '=', providerId)
    .orderBy('id', 'desc')
    .limit(1)
    .execute();
  const row = rows[0];
  return row ? { ...row, id: Number(row.id), overall_rating: Number(row.overall_rating) } : null;
}

/**
 * Adds a point, or, for votes, moves today's vote point (the day keeps one: its last rating). When
 * it is the latest point it is updated where it stands (it keeps the band of the point before it);
 * when a review, new terms or a re-analysis came after it today, it moves to the end of the history
 * (a new id, the band of the point now before it), so that the history still ends with the rating.
 * One statement, an upsert on rating_history_vote_day_idx: a second vote point for the day can never
 * be inserted. Run it with the provider's row locked.
 */
export async function recordRatingPoint(
  db: Kysely<Database>,
  p: { providerId: number; cause: RatingCause; overall: number; band: string; last: RatingPoint | null },
): Promise<void> {
  const point = { provider_id: p.providerId, cause: p.cause, overall_rating: p.overall, band: p.band, previous_band: p.last?.band ?? null };
  if (p.cause !== 'votes') {
    await db.insertInto('rating_history').values(point).execute();
    return;
  }
  const lastId = p.last?.id ?? -1;
  await db
    .insertInto('rating_history')
    .values(point)
    .onConflict((oc) =>
      oc
        .columns(['provider_id', 'day'])
        .where(sql<boolean>`cause = 'votes'`) // a literal, so that the partial index is inferred whatever the plan
        .doUpdateSet({
          id: sql`case when rating_history.id = ${lastId} then rating_history.id else excluded.id end`,
          at: sql`now()`,
          overall_rating: p.overall,
          band: p.band,
          previous_band: sql`case when rating_history.id = ${lastId} then rating_history.previous_band else excluded.previous_band end`,
        }),
    )
    .execute();
}

/** The provider's latest `limit` points, oldest first (for the detail and the page's chart). */
export async function ratingHistory(db: Kysely<Database>, providerId: number, limit: number): Promise<RatingPoint[]> {
  const rows = await db
    .selectFrom('rating_history')
    .select(['id', 'at', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'cause', 'overall_rating', 'band', 'previous_band'])
    .where('provider_id', '=', providerId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => ({ ...r, id: Number(r.id), overall_rating: Number(r.overall_rating) }));
}
