// The provider's overall rating (1-10, 10 = most concerning terms) from its current clauses, its
// band, and what gave it its points. The ONE place of the formula: the ingestion, the votes, the
// pages, the API, the feeds, MCP and the CLI all call these functions.
//
// Formula.
// 1. A clause's score is a Bayesian average: its AI rating is the prior, weighted as m = 10 votes,
//    and the votes that count (see src/core/votes/) are added to it:
//      score = (m * ai_rating + sum of counted votes) / (m + number of counted votes)
//    With no counted vote it is the AI rating; one vote moves it by at most 1/(m + 1) of the way
//    from the AI rating to the vote (9/11 of a point at worst), so a handful of votes cannot set
//    it, and sustained agreement of many agents can (100 votes of 2 on a clause the AI rated 9
//    give (90 + 200) / 110 = 2.6).
// 2. Per category present, the most concerning clause counts:
//      points(category) = weight(category) * (top score - 3) / 7 * (1 + 0.1 * min(more clauses, 3))
//    (a score of 3 or less adds nothing, a 10 adds the full weight; up to three more clauses of
//    the same category add 10% each).
// 3. overall = 1 + 9 * (1 - exp(-total points / 5)), one decimal; no concerning clause gives 1.
// 4. Blocker (ToS;DR's idea): while a current clause is of critical severity, the overall rating
//    is at least 6.5, the start of the "high concern" band. Severity is the analyzer's (or a
//    reviewer's) judgement of the clause, so votes cannot lift the floor; a reviewer can.
// Why categories: a reader judges terms by which powers they give the provider, not by how many
// sentences say so. Binding arbitration, a class-action waiver and termination at will weigh
// most; a choice of law or a privacy policy by reference weigh little.
import type { Severity } from './taxonomy.js';

/** The prior's weight, in votes: how many counted votes it takes to move a clause halfway. */
export const PRIOR_VOTES = 10;
/** The overall rating a provider with a current critical clause has at least (the high-concern band's start). */
export const CRITICAL_FLOOR = 6.5;

export const OVERALL_RATING_FORMULA =
  `Each clause has a score: its AI rating (1-10) as a prior worth ${PRIOR_VOTES} votes, averaged with the community votes that count ` +
  `(score = (${PRIOR_VOTES} x AI rating + sum of counted votes) / (${PRIOR_VOTES} + counted votes); votes of agents without standing wait, ` +
  'and bursts of votes from new keys are held for review). ' +
  'Per category of clause, the most concerning clause gives points: the category weight (binding arbitration 2.5, class-action waiver 2, ' +
  'termination at will 1.5, one-sided changes and data sharing 1, most others 0.6-0.8, choice of law, contract by using and privacy by ' +
  'reference 0.3) times (score - 3) / 7, plus 10% for each further clause of that category (up to three). ' +
  'The overall rating is 1 + 9 * (1 - e^(-points / 5)): between 1 and 10 (10 = most concerning), with one decimal; with no concerning clause it is 1. ' +
  `A critical clause holds it at ${CRITICAL_FLOOR} (high concern) at least.`;

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

/** What the formula needs of a clause. Votes are the counted ones only (count and sum of ratings). */
export interface RatingInput {
  category: string;
  severity: Severity;
  ai_rating: number;
  votes?: number;
  vote_sum?: number;
  /** For "Why this rating": which clause gave a category its points (absent for a text brought to `analyze`). */
  id?: number | null;
  title?: string;
}

/** The clause's score: the AI rating as a prior worth PRIOR_VOTES votes, with the counted votes. */
export function clauseScore(c: Pick<RatingInput, 'ai_rating' | 'votes' | 'vote_sum'>): number {
  const votes = c.votes ?? 0;
  if (votes <= 0) return c.ai_rating;
  return (PRIOR_VOTES * c.ai_rating + (c.vote_sum ?? 0)) / (PRIOR_VOTES + votes);
}

/** The mean of the counted votes, one decimal, or null with none (shown beside the vote count). */
export function communityMean(votes: number, voteSum: number): number | null {
  return votes > 0 ? Math.round((voteSum / votes) * 10) / 10 : null;
}

/** One category's contribution: the clause that sets it, its score and the points it gives. */
export interface RatingReason {
  clause_id: number | null;
  title: string;
  category: string;
  severity: Severity;
  score: number;
  points: number;
}

export interface RatingExplained {
  overall: number;
  /** The rating before the critical floor (equal to `overall` when the floor does not apply). */
  formula: number;
  /** The critical clause holding the rating at CRITICAL_FLOOR, when the floor raised it. */
  floor: { clause_id: number | null; title: string } | null;
  /** Categories by the points they give, most first. */
  reasons: RatingReason[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The rating and the reasons for it, from the current clauses. */
export function explainRating(clauses: readonly RatingInput[]): RatingExplained {
  const byCategory = new Map<string, { top: RatingInput; score: number; count: number }>();
  for (const c of clauses) {
    const score = clauseScore(c);
    const seen = byCategory.get(c.category);
    if (!seen) byCategory.set(c.category, { top: c, score, count: 1 });
    else {
      seen.count++;
      if (score > seen.score) Object.assign(seen, { top: c, score });
    }
  }
  const reasons: RatingReason[] = [];
  let total = 0;
  for (const [category, { top, score, count }] of byCategory) {
    const extra = 1 + EXTRA_CLAUSE_SHARE * Math.min(count - 1, MAX_EXTRA_CLAUSES);
    const points = ((CATEGORY_WEIGHT[category] ?? DEFAULT_WEIGHT) * Math.max(0, score - NO_CONCERN) * extra) / (10 - NO_CONCERN);
    total += points;
    // A reason that rounds to no points gives none worth listing.
    if (round2(points) > 0)
      reasons.push({ clause_id: top.id ?? null, title: top.title ?? category, category, severity: top.severity, score: round1(score), points: round2(points) });
  }
  reasons.sort((a, b) => b.points - a.points || a.category.localeCompare(b.category));
  const formula = clauses.length === 0 ? 1 : round1(Math.min(Math.max(1 + 9 * (1 - Math.exp(-total / SCALE)), 1), 10));
  const critical = clauses.find((c) => c.severity === 'critical');
  const floored = critical !== undefined && formula < CRITICAL_FLOOR;
  return {
    overall: floored ? CRITICAL_FLOOR : formula,
    formula,
    floor: floored ? { clause_id: critical.id ?? null, title: critical.title ?? critical.category } : null,
    reasons,
  };
}

export function overallRating(clauses: readonly RatingInput[]): number {
  return explainRating(clauses).overall;
}
