// overallRating: 1..10 with one decimal, driven by which powers the terms give (categories, each
// at its most concerning clause), community votes blended in; it must tell providers apart.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import t from 'tap';
import { analyzeDocument, detectFormat, normaliseDocument } from '../../src/analysis/index.js';
import { OVERALL_RATING_FORMULA, overallRating, type RatingInput } from '../../src/analysis/overall-rating.js';

type Severity = RatingInput['severity'];
const clause = (category: string, ai_rating: number, severity: Severity = 'medium', community_rating: number | null = null): RatingInput => ({
  category,
  ai_rating,
  severity,
  community_rating,
});

t.test('no clauses is the minimum rating, and so are only harmless ones', async (t) => {
  t.equal(overallRating([]), 1);
  t.equal(overallRating([clause('choice-of-law', 3)]), 1);
});

t.test('arbitration, a class-action waiver and termination at will sit far from terms with none of them', async (t) => {
  const mild = overallRating([clause('choice-of-law', 3.5), clause('contract-by-using', 3), clause('privacy-by-reference', 3)]);
  const harsh = overallRating([
    clause('arbitration', 9, 'critical'),
    clause('class-action-waiver', 8.5, 'critical'),
    clause('unilateral-termination', 8, 'high'),
    clause('choice-of-law', 3.5),
  ]);
  t.ok(mild < 2, `mild terms rate low (${mild})`);
  t.ok(harsh >= 6.5, `harsh terms rate high (${harsh})`);
  t.ok(harsh - mild >= 4.5, `at least 4.5 apart (${mild} and ${harsh})`);
});

t.test('a feared power weighs more than a mild one at the same clause rating', async (t) => {
  t.ok(overallRating([clause('arbitration', 7)]) > overallRating([clause('choice-of-law', 7)]));
  t.ok(overallRating([clause('unilateral-termination', 7)]) > overallRating([clause('privacy-by-reference', 7)]));
});

t.test('more categories, worse clauses and a few more clauses of a category raise the rating, with diminishing returns', async (t) => {
  const one = overallRating([clause('unilateral-change', 6)]);
  t.ok(overallRating([clause('unilateral-change', 8)]) > one, 'a worse clause');
  t.ok(overallRating([clause('unilateral-change', 6), clause('content-removal', 6)]) > one, 'another category');
  const two = overallRating([clause('unilateral-change', 6), clause('unilateral-change', 5)]);
  t.ok(two > one, 'a second clause of the category');
  const many = overallRating(Array.from({ length: 100 }, () => clause('unilateral-change', 6)));
  const four = overallRating(Array.from({ length: 4 }, () => clause('unilateral-change', 6)));
  t.equal(many, four, 'past three more clauses, repeating a category adds nothing');
});

t.test('community ratings blend with the AI rating (70% community)', async (t) => {
  t.ok(overallRating([clause('arbitration', 5, 'medium', 9)]) > overallRating([clause('arbitration', 5)]));
  t.ok(overallRating([clause('arbitration', 9, 'critical', 2)]) < overallRating([clause('arbitration', 9, 'critical')]));
  t.same(
    overallRating([clause('arbitration', 4, 'medium', 10)]),
    overallRating([clause('arbitration', 0.3 * 4 + 0.7 * 10, 'medium')]),
    'the blended score is what counts',
  );
});

t.test('always within 1..10 and rounded to one decimal', async (t) => {
  const categories = ['arbitration', 'class-action-waiver', 'unilateral-termination', 'unilateral-change', 'data-sharing', 'limitation-of-liability'];
  const values = [
    overallRating(categories.flatMap((c) => [clause(c, 10, 'critical', 10), clause(c, 10), clause(c, 10), clause(c, 10)])),
    overallRating([clause('choice-of-law', 1, 'low', 1)]),
    overallRating([clause('jurisdiction', 3.33, 'low'), clause('indemnification', 6.67, 'high'), clause('unknown-category', 5.55, 'medium', 7.77)]),
  ];
  for (const v of values) {
    t.ok(v >= 1 && v <= 10, `${v} in range`);
    t.equal(Math.round(v * 10) / 10, v);
  }
  t.ok(values[0] >= 9, `six feared powers at their worst rate near the top (${values[0]})`);
  t.equal(values[1], 1);
});

t.test('the formula is described for the API docs', async (t) => {
  t.match(OVERALL_RATING_FORMULA, /community/);
  t.match(OVERALL_RATING_FORMULA, /1 and 10/);
  t.match(OVERALL_RATING_FORMULA, /arbitration/);
});

// The real terms of ../shared/terms/current (skipped where absent): the scale must tell them apart.
const TERMS = resolve(import.meta.dirname, '../../../shared/terms/current');
t.test(
  'on real terms, the ratings spread and arbitration with a class-action waiver rates higher',
  { skip: existsSync(TERMS) ? false : `${TERMS} not found` },
  async (t) => {
    const ratings: { name: string; rating: number; harsh: boolean }[] = [];
    for (const file of readdirSync(TERMS).filter((f) => f.endsWith('.md'))) {
      const raw = readFileSync(join(TERMS, file), 'utf8');
      const clauses = analyzeDocument(normaliseDocument(raw, detectFormat(file, raw)));
      if (clauses.length === 0) continue; // not English (Telegram): not rated
      const categories = new Set(clauses.map((c) => c.category));
      ratings.push({
        name: file,
        rating: overallRating(clauses.map((c) => ({ ...c, community_rating: null }))),
        harsh: categories.has('arbitration') && categories.has('class-action-waiver'),
      });
    }
    const values = ratings.map((r) => r.rating);
    const spread = Math.max(...values) - Math.min(...values);
    t.ok(spread >= 4, `ratings spread over at least 4 points (${Math.min(...values)}-${Math.max(...values)})`);
    const harsh = ratings.filter((r) => r.harsh);
    const mild = ratings.filter((r) => !r.harsh);
    const highestMild = Math.max(...mild.map((r) => r.rating));
    t.ok(harsh.length >= 5, `several providers impose arbitration and a class-action waiver (${harsh.length})`);
    const mildMean = mild.reduce((s, r) => s + r.rating, 0) / mild.length;
    const harshMean = harsh.reduce((s, r) => s + r.rating, 0) / harsh.length;
    t.ok(harshMean - mildMean >= 1.5, `those rate higher on average (${harshMean.toFixed(1)} against ${mildMean.toFixed(1)}; highest without: ${highestMild})`);
  },
);
