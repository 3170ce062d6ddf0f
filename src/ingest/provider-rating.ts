// Keeps providers.overall_rating, the reasons for it (rating_explained) and its history in step
// with the current clauses and their counted votes. Every writer that can move a rating calls
// refreshProviderRating inside its transaction, with the provider's row locked: new terms,
// re-analysis, review, votes. Reading a provider then costs no computation over its votes.
import type { Kysely } from 'kysely';
import { explainRating, providerBand } from '../analysis/index.js';
import type { Database } from '../db/schema.js';
import { ratingInputs, ratingInputsOf } from '../repositories/clauses.js';
import { latestRatingPoint, recordRatingPoint, type RatingCause } from '../repositories/rating-history.js';
import { providerRatingState, setProviderRating } from '../repositories/providers.js';
import { refreshProviderVoteCounts } from '../repositories/votes.js';

export type { RatingCause };

/**
 * Computes the provider's rating again and stores it with its reasons; adds a point to its history
 * when the terms changed (`terms`: always) or the rating or band moved (votes: one point a day,
 * the day's last). Returns the rating.
 */
export async function refreshProviderRating(db: Kysely<Database>, providerId: number, cause: RatingCause): Promise<number> {
  const [inputs, state] = await Promise.all([ratingInputs(db, providerId), providerRatingState(db, providerId)]);
  if (!state) return 1;
  // Votes on clauses that are no longer current neither wait nor are held for the provider.
  await refreshProviderVoteCounts(db, providerId);
  const { overall, floor, reasons } = explainRating(inputs);
  const explained = { reasons, floor };
  if (Number(state.overall_rating) !== overall || !sameJson(state.rating_explained, explained)) await setProviderRating(db, providerId, overall, explained);
  // The band follows the stored terms state: callers derive it first (refreshTermsState).
  const band = providerBand({ ...state, overall_rating: overall }).level;
  const last = await latestRatingPoint(db, providerId);
  const moved = !last || last.overall_rating !== overall || last.band !== band;
  if (cause === 'terms' || moved) await recordRatingPoint(db, { providerId, cause, overall, band, last });
  return overall;
}

/**
 * At start-up: ratings stored under an earlier formula (or before their reasons were stored) are
 * computed again, so that a changed formula reaches every provider. Only ratings that differ are
 * written (a write bumps the content version); safe when several processes start at once, as
 * each provider is locked while it is refreshed. Returns how many changed.
 */
export async function refreshAllProviderRatings(db: Kysely<Database>): Promise<number> {
  const providers = await db.selectFrom('providers').select(['id', 'overall_rating', 'rating_explained']).execute();
  // Every provider's clauses in one query: one query per provider took 2-5 s on the embedded database under load.
  const inputs = await ratingInputsOf(db);
  let changed = 0;
  for (const p of providers) {
    const { overall, floor, reasons } = explainRating(inputs.get(Number(p.id)) ?? []);
    if (Number(p.overall_rating) === overall && sameJson(p.rating_explained, { reasons, floor })) continue;
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('providers').select('id').where('id', '=', p.id).forUpdate().execute();
      await refreshProviderRating(trx, p.id, 'analysis');
    });
    changed++;
  }
  return changed;
}

/** JSON equality whatever the order of keys (jsonb gives them back in its own order). */
function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
