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
