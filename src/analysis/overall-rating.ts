// The provider's overall rating (1-10, 10 = most concerning terms) from its current clauses.
//
// Formula, per clause: r = ai_rating when nobody voted; with a community mean c,
// r = 0.3 * ai_rating + 0.7 * c (the community outweighs the AI, which still damps a handful of
// outlier votes). Clauses are weighted by severity (critical 4, high 3, medium 2, low 1).
// overall = 0.6 * (mean r of the three most concerning clauses) + 0.4 * (severity-weighted mean r),
// clamped to 1..10 and rounded to one decimal; a provider without concerning clauses gets 1.
// Why: the worst clauses decide how risky the terms are, but a provider with many concerning
// clauses should rate higher than one with a single bad clause of the same kind.
import type { Severity } from './taxonomy.js';

export const OVERALL_RATING_FORMULA =
  'Each clause counts with its AI rating (1-10); when the community has rated it, with 30% AI rating plus 70% community mean. ' +
  'The overall rating is 60% the mean of the three most concerning clauses plus 40% the mean of all clauses weighted by severity ' +
  '(critical 4, high 3, medium 2, low 1), between 1 and 10 (10 = most concerning), with one decimal; with no concerning clause it is 1.';

const WEIGHT: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1 };
export const COMMUNITY_SHARE = 0.7;

export interface RatingInput {
  severity: Severity;
  ai_rating: number;
  community_rating: number | null;
}

export function clauseScore(c: RatingInput): number {
  return c.community_rating === null || c.community_rating === undefined
    ? c.ai_rating
    : (1 - COMMUNITY_SHARE) * c.ai_rating + COMMUNITY_SHARE * c.community_rating;
}

export function overallRating(clauses: readonly RatingInput[]): number {
  if (clauses.length === 0) return 1;
  const scored = clauses.map((c) => ({ r: clauseScore(c), w: WEIGHT[c.severity] ?? 1 }));
  const top = scored
    .map((x) => x.r)
    .sort((a, b) => b - a)
    .slice(0, 3);
  const topMean = top.reduce((s, r) => s + r, 0) / top.length;
  const weighted = scored.reduce((s, x) => s + x.r * x.w, 0) / scored.reduce((s, x) => s + x.w, 0);
  const overall = Math.min(Math.max(0.6 * topMean + 0.4 * weighted, 1), 10);
  return Math.round(overall * 10) / 10;
}
