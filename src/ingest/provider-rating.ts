// Keeps providers.overall_rating in step with its current clauses and their community votes.
import type { Kysely } from 'kysely';
import { overallRating } from '../analysis/index.js';
import type { Database } from '../db/schema.js';
import { ratingInputs } from '../repositories/clauses.js';
import { setOverallRating } from '../repositories/providers.js';

export async function refreshProviderRating(db: Kysely<Database>, providerId: number): Promise<number> {
  const rating = overallRating(await ratingInputs(db, providerId));
  await setOverallRating(db, providerId, rating);
  return rating;
}

/**
 * At start-up: ratings stored under an earlier formula are computed again, so that a changed
 * formula reaches every provider. Only ratings that differ are written (a write bumps the
 * content version); safe when several processes start at once. Returns how many changed.
 */
export async function refreshAllProviderRatings(db: Kysely<Database>): Promise<number> {
  const providers = await db.selectFrom('providers').select(['id', 'overall_rating']).execute();
  let changed = 0;
  for (const p of providers) {
    const rating = overallRating(await ratingInputs(db, p.id));
    if (Number(p.overall_rating) === rating) continue;
    await setOverallRating(db, p.id, rating);
    changed++;
  }
  return changed;
}
