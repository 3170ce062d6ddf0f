// The provider's overall rating (1-10, 10 = most concerning terms) from its current clauses.
//
// Formula. A clause's score is its AI rating while nobody voted; with a community mean c, it is
// 0.3 * ai_rating + 0.7 * c (the community outweighs the AI, which still damps a few outlier
// votes). Per category present, the most concerning clause counts:
//   points(category) = weight(category) * (top score - 3) / 7 * (1 + 0.1 * min(more clauses, 3))
// (a score of 3 or less adds nothing, a 10 adds the full weight; up to three more clauses of the
// same category add 10% each), and
//   overall = 1 + 9 * (1 - exp(-total points / 5)), one decimal; no concerning clause gives 1.
// Why: a reader judges terms by which powers they give the provider, not by how many sentences
// say so. Binding arbitration, a class-action waiver and termination at will weigh most; a
// choice of law or a privacy policy by reference weigh little. The former formula (the mean of
// the three worst clauses and a severity-weighted mean) put every large provider's terms between
// 5.3 and 7.9; on the same 24 analysed real terms this one spreads them from 3.7 to 8.6, and those
// with arbitration and a class-action waiver all sit above those with neither
// (test/analysis/overall-rating.test.ts).
import type { Severity } from './taxonomy.js';

export const OVERALL_RATING_FORMULA =
  'Each clause counts with its AI rating (1-10); when the community has rated it, with 30% AI rating plus 70% community mean. ' +
  'Per category of clause, the most concerning clause gives points: the category weight (binding arbitration 2.5, class-action waiver 2, ' +
  'termination at will 1.5, one-sided changes and data sharing 1, most others 0.6-0.8, choice of law, contract by using and privacy by ' +
  'reference 0.3) times (score - 3) / 7, plus 10% for each further clause of that category (up to three). ' +
  'The overall rating is 1 + 9 * (1 - e^(-points / 5)): between 1 and 10 (10 = most concerning), with one decimal; with no concerning clause it is 1.';

/** How much a reader fears the power a category gives the provider (points at a clause score of 10). */
export const CATEGORY_WEIGHT: Readonly<Record<string, number>> = {
  arbitration: 2.5,
  'class-action-waiver': 2,
  'unilateral-termination': 1.5,
  'unilateral-change': 1,
  'data-sharing': 1,
  'claim-time-limit': 0.8,
  'content-licence': 0.8,
  'limitation-of-liability': 0.8,
  indemnification: 0.6,
  'automatic-renewal': 0.6,
  'content-removal': 0.6,
  jurisdiction: 0.6,
  'automated-access': 0.6,
  'choice-of-law': 0.3,
  'contract-by-using': 0.3,
  'privacy-by-reference': 0.3,
};
const DEFAULT_WEIGHT = 0.6;
/** Points at which the rating is 1 + 9 * (1 - 1/e) = 6.7: terms with about three strong powers. */
const SCALE = 5;
const NO_CONCERN = 3;
const EXTRA_CLAUSE_SHARE = 0.1;
const MAX_EXTRA_CLAUSES = 3;

export const COMMUNITY_SHARE = 0.7;

export interface RatingInput {
  category: string;
  /** Kept for callers and for the clause's own display; the category and score decide the rating. */
  severity: Severity;
  ai_rating: number;
  community_rating: number | null;
}

export function clauseScore(c: Pick<RatingInput, 'ai_rating' | 'community_rating'>): number {
  return c.community_rating === null || c.community_rating === undefined
    ? c.ai_rating
    : (1 - COMMUNITY_SHARE) * c.ai_rating + COMMUNITY_SHARE * c.community_rating;
}

/** Points per category present: its weight scaled by its most concerning clause. */
export function categoryPoints(clauses: readonly RatingInput[]): Map<string, number> {
  const byCategory = new Map<string, number[]>();
  for (const c of clauses) byCategory.set(c.category, [...(byCategory.get(c.category) ?? []), clauseScore(c)]);
  const points = new Map<string, number>();
  for (const [category, scores] of byCategory) {
    const top = Math.max(...scores);
    const extra = 1 + EXTRA_CLAUSE_SHARE * Math.min(scores.length - 1, MAX_EXTRA_CLAUSES);
    points.set(category, ((CATEGORY_WEIGHT[category] ?? DEFAULT_WEIGHT) * Math.max(0, top - NO_CONCERN) * extra) / (10 - NO_CONCERN));
  }
  return points;
}

export function overallRating(clauses: readonly RatingInput[]): number {
  if (clauses.length === 0) return 1;
  const total = [...categoryPoints(clauses).values()].reduce((s, p) => s + p, 0);
  const overall = Math.min(Math.max(1 + 9 * (1 - Math.exp(-total / SCALE)), 1), 10);
  return Math.round(overall * 10) / 10;
}
