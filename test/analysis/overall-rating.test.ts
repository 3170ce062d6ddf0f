// overallRating: 1..10 with one decimal, driven by the worst clauses, community votes blended in.
import t from 'tap';
import { OVERALL_RATING_FORMULA, overallRating } from '../../src/analysis/overall-rating.js';

const clause = (ai_rating: number, severity: 'critical' | 'high' | 'medium' | 'low' = 'medium', community_rating: number | null = null) => ({
  ai_rating,
  severity,
  community_rating,
});

t.test('no clauses is the minimum rating', async (t) => {
  t.equal(overallRating([]), 1);
});

t.test('a single clause gives its own rating', async (t) => {
  t.equal(overallRating([clause(7.2, 'high')]), 7.2);
});

t.test('worse or more numerous concerning clauses raise the rating', async (t) => {
  const base = overallRating([clause(5), clause(4)]);
  t.ok(overallRating([clause(9, 'critical'), clause(4)]) > base);
  t.ok(overallRating([clause(5), clause(5), clause(5), clause(4)]) > base);
});

t.test('community ratings blend with the AI rating (70% community)', async (t) => {
  t.equal(overallRating([clause(4, 'medium', 10)]), 8.2);
  t.equal(overallRating([clause(8, 'high', 2)]), 3.8);
  t.ok(overallRating([clause(5, 'medium', 9)]) > overallRating([clause(5, 'medium', null)]));
});

t.test('always within 1..10 and rounded to one decimal', async (t) => {
  const values = [
    overallRating([clause(10, 'critical', 10), clause(10, 'critical')]),
    overallRating([clause(1, 'low', 1)]),
    overallRating([clause(3.33, 'low'), clause(6.67, 'high'), clause(5.55, 'medium', 7.77)]),
  ];
  for (const v of values) {
    t.ok(v >= 1 && v <= 10);
    t.equal(Math.round(v * 10) / 10, v);
  }
  t.equal(values[0], 10);
  t.equal(values[1], 1);
});

t.test('the formula is described for the API docs', async (t) => {
  t.match(OVERALL_RATING_FORMULA, /community/);
  t.match(OVERALL_RATING_FORMULA, /1 and 10/);
});
