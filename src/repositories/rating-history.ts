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

/** The provider's two latest points, newest first. */
export async function latestRatingPoints(db: Kysely<Database>, providerId: number): Promise<RatingPoint[]> {
  const rows = await db
    .selectFrom('rating_history')
    .select(['id', 'at', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'cause', 'overall_rating', 'band', 'previous_band'])
    .where('provider_id', '=', providerId)
    .orderBy('id', 'desc')
    .limit(2)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), overall_rating: Number(r.overall_rating) }));
}

/**
 * Adds a point, or, for votes, moves today's vote point (the day keeps one: its last rating, and
 * the band of the point before it). Run it with the provider's row locked.
 */
export async function recordRatingPoint(
  db: Kysely<Database>,
  p: { providerId: number; cause: RatingCause; overall: number; band: string; last: RatingPoint | null; before: RatingPoint | null },
): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  if (p.cause === 'votes' && p.last?.cause === 'votes' && p.last.day === today) {
    await db
      .updateTable('rating_history')
      .set({ at: sql`now()`, overall_rating: p.overall, band: p.band, previous_band: p.before?.band ?? null })
      .where('id', '=', p.last.id)
      .execute();
    return;
  }
  await db
    .insertInto('rating_history')
    .values({ provider_id: p.providerId, cause: p.cause, overall_rating: p.overall, band: p.band, previous_band: p.last?.band ?? null })
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
