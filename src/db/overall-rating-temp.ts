// TEMPORARY until src/analysis exports overallRating.
export function overallRating(clauses: { ai_rating: number; community_rating: number | null }[]): number {
  if (clauses.length === 0) return 1;
  const ratings = clauses.map((c) => c.community_rating ?? c.ai_rating).sort((a, b) => b - a);
  return Math.round(Math.max(1, Math.min(10, ratings[0] * 0.5 + (ratings.reduce((s, r) => s + r, 0) / ratings.length) * 0.5)) * 10) / 10;
}
