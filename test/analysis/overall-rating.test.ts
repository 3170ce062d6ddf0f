// overallRating: 1..10 with one decimal, driven by which powers the terms give (categories, each
// at its most concerning clause), counted community votes averaged in with the AI rating as a
// prior worth PRIOR_VOTES votes, held at 6.5 by a critical clause; it must tell providers apart.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import t from 'tap';
import { analyzeDocument, detectFormat, normaliseDocument } from '../../src/analysis/index.js';
import {
  clauseScore,
  communityMean,
  CRITICAL_FLOOR,
  explainRating,
  OVERALL_RATING_FORMULA,
  overallRating,
  PRIOR_VOTES,
  type RatingInput,
} from '../../src/analysis/overall-rating.js';
import { bandOf } from '../../src/analysis/band.js';

type Severity = RatingInput['severity'];
/** `votes`: that many counted votes, all of `vote` (a crowd that agrees). */
const clause = (category: string, ai_rating: number, severity: Severity = 'medium', vote: number | null = null, votes = 1): RatingInput => ({
  category,
  ai_rating,
  severity,
  votes: vote === null ? 0 : votes,
  vote_sum: vote === null ? 0 : vote * votes,
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

t.test('counted votes are averaged with the AI rating as a prior worth m votes', async (t) => {
  t.equal(PRIOR_VOTES, 10);
  t.equal(clauseScore({ ai_rating: 9 }), 9, 'no vote: the AI rating');
  t.equal(clauseScore({ ai_rating: 9, votes: 1, vote_sum: 1 }), (10 * 9 + 1) / 11, 'one vote of 1 moves it 1/(m+1) of the way');
  t.ok(9 - clauseScore({ ai_rating: 9, votes: 1, vote_sum: 1 }) < 0.73, 'less than three quarters of a point');
  t.equal(clauseScore({ ai_rating: 4, votes: 10, vote_sum: 100 }), 7, 'm votes of 10 on a 4: halfway');
  t.ok(Math.abs(clauseScore({ ai_rating: 9, votes: 1000, vote_sum: 2000 }) - 2) < 0.1, 'sustained votes take it nearly all the way');
  t.equal(communityMean(0, 0), null);
  t.equal(communityMean(3, 20), 6.7);
  t.ok(overallRating([clause('arbitration', 5, 'medium', 9, 20)]) > overallRating([clause('arbitration', 5)]));
  t.same(overallRating([clause('arbitration', 4, 'medium', 10, 10)]), overallRating([clause('arbitration', 7, 'medium')]), 'the clause score is what counts');
});

t.test('a critical clause holds the rating at the high-concern band, whatever the votes', async (t) => {
  const ridelink = [clause('data-sharing', 9.4, 'critical'), clause('unilateral-termination', 7.2, 'high'), clause('contract-by-using', 3, 'low')];
  const explained = explainRating(ridelink.map((c, i) => ({ ...c, id: i + 1, title: `clause ${i + 1}` })));
  t.ok(explained.formula < CRITICAL_FLOOR, `the formula alone gives ${explained.formula}`);
  t.equal(explained.overall, CRITICAL_FLOOR);
  t.same(explained.floor, { clause_id: 1, title: 'clause 1' });
  t.equal(bandOf(explained.overall).level, 'high');
  const outvoted = ridelink.map((c) => ({ ...c, votes: 1000, vote_sum: 1000 }));
  t.equal(overallRating(outvoted), CRITICAL_FLOOR, 'a thousand votes of 1 do not lift the floor');
  const harsh = explainRating([clause('arbitration', 9.5, 'critical'), clause('class-action-waiver', 9, 'high'), clause('unilateral-termination', 9, 'high')]);
  t.equal(harsh.floor, null, 'above the floor it plays no part');
  t.equal(harsh.overall, harsh.formula);
});

t.test('the reasons are the categories by the points they give', async (t) => {
  const explained = explainRating([
    { ...clause('choice-of-law', 5), id: 1, title: 'Law' },
    { ...clause('arbitration', 8, 'high'), id: 2, title: 'Arbitration A' },
    { ...clause('arbitration', 9, 'critical'), id: 3, title: 'Arbitration B' },
    { ...clause('contract-by-using', 2, 'low'), id: 4, title: 'Using' },
  ]);
  t.same(
    explained.reasons.map((r) => [r.clause_id, r.category]),
    [
      [3, 'arbitration'],
      [1, 'choice-of-law'],
    ],
    'the top clause of each category, most points first; a score of 3 or less gives none',
  );
  t.equal(explained.reasons[0]!.points, Math.round(((2.5 * (9 - 3) * 1.1) / 7) * 100) / 100);
});

t.test('bands: words and colour from one function', async (t) => {
  t.same([bandOf(3.9).level, bandOf(4).level, bandOf(6.4).level, bandOf(6.5).level, bandOf(8.5).level], ['low', 'moderate', 'moderate', 'high', 'severe']);
  t.equal(bandOf(6.5).label, 'High concern');
  t.match(bandOf(6.5).colour, /^#[0-9a-f]{6}$/);
  t.same(bandOf(1, 'Not rated yet'), { level: 'unrated', label: 'Not rated yet', colour: '#4b5563' });
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
        rating: overallRating(clauses),
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
