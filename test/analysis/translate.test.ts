// Titles, plain-English translations and ratings carry the clause's own specifics.
import t from 'tap';
import { rateClause, severityFor } from '../../src/analysis/rate.js';
import { titleClause, translateClause } from '../../src/analysis/translate.js';

t.test('translations carry notice periods, places, amounts and bodies', async (t) => {
  const change = translateClause('We may modify these Terms by giving you 30 days notice by email.', 'unilateral-change');
  t.match(change, '30 days');
  t.match(change, /terms/i);
  const courts = translateClause('All claims must be brought exclusively in the state or federal courts of Santa Clara County, California.', 'jurisdiction');
  t.match(courts, 'Santa Clara County');
  t.match(courts, 'nowhere else');
  const cap = translateClause('Our aggregate liability shall not exceed the greater of $100 or the amount you paid us in the last 12 months.', 'limitation-of-liability');
  t.match(cap, '$100');
  t.match(cap, '12 months');
  const arb = translateClause('You may opt out of this arbitration agreement within 30 days; arbitration is administered by JAMS in New York, New York.', 'arbitration');
  t.match(arb, 'JAMS');
  t.match(arb, '30 days');
  t.match(arb, 'New York');
  const law = translateClause('These Terms are governed by the laws of Ireland.', 'choice-of-law');
  t.match(law, 'Ireland');
});

t.test('different clauses of one category get different translations', async (t) => {
  const a = translateClause('We are not responsible for actions taken by the moderators.', 'limitation-of-liability');
  const b = translateClause('In no event will we be liable for any indirect or consequential damages or lost profits.', 'limitation-of-liability');
  t.not(a, b);
  t.match(a, 'moderators');
  t.match(b, /indirect/);
  const c = translateClause('We may terminate your account at any time for any reason without notice.', 'unilateral-termination');
  const d = translateClause('We may suspend your account if you repeatedly infringe copyright.', 'unilateral-termination');
  t.match(c, /any time/);
  t.match(c, /any reason/);
  t.not(c, d);
});

t.test('titles name the category and a key specific', async (t) => {
  t.equal(titleClause('Disputes are resolved in the courts of Dublin, Ireland exclusively.', 'jurisdiction'), 'Distant jurisdiction (Dublin, Ireland)');
  t.match(titleClause('We may change these terms.', 'unilateral-change'), 'Unilateral changes');
});

t.test('ratings follow the documented cues', async (t) => {
  const plain = rateClause('We may terminate your account.', 'unilateral-termination');
  const harsh = rateClause('We may terminate your account at any time, for any reason, in our sole discretion and without notice.', 'unilateral-termination');
  const mild = rateClause('We may terminate your account with 30 days notice if you materially breach these terms.', 'unilateral-termination');
  t.ok(harsh.ai_rating > plain.ai_rating && plain.ai_rating > mild.ai_rating);
  t.equal(harsh.severity, 'critical');
  t.same(harsh.aggravating.sort(), ['at any time', 'for any reason', 'sole discretion', 'without notice']);
  t.ok(mild.mitigating.includes('notice given'));
  for (const r of [plain, harsh, mild]) t.ok(r.ai_rating >= 1 && r.ai_rating <= 10);
  t.equal(severityFor(8.5), 'critical');
  t.equal(severityFor(6.5), 'high');
  t.equal(severityFor(4), 'medium');
  t.equal(severityFor(3.9), 'low');
});
