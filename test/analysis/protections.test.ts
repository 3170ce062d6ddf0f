// protectionsFor: the guides the clauses' categories call for, deduplicated, in stable library
// order, each saying what these terms allow only with the fact or clause behind it.
import t from 'tap';
import { IMPACTS, PROTECTION_GUIDES, protectionsFor, type GuideClause } from '../../src/analysis/protections.js';
import { readFacts } from '../../src/analysis/index.js';
import { CATEGORY_SLUGS } from '../../src/analysis/taxonomy.js';

const clause = (category: string, id = 1, clause_text = `A ${category} clause.`): GuideClause => ({ id, category, categories: [category], clause_text });
const of = (...categories: string[]) => categories.map((c, i) => clause(c, i + 1));

t.test('every guide is well formed', async (t) => {
  for (const slug of CATEGORY_SLUGS)
    for (const g of protectionsFor([clause(slug)], null)) {
      t.ok(IMPACTS.includes(g.impact));
      t.ok(g.steps.length > 0 && g.steps.every((s) => typeof s === 'string' && s.length > 0));
      t.type(g.description, 'string');
      t.same(Object.keys(g).sort(), ['description', 'evidence', 'impact', 'steps', 'title']);
    }
});

t.test('deduplicated and stable whatever the input order or repetition', async (t) => {
  const a = protectionsFor(of('content-removal', 'unilateral-termination', 'content-removal'), null);
  const b = protectionsFor(of('unilateral-termination', 'content-removal'), null);
  t.same(
    a.map((g) => g.title),
    b.map((g) => g.title),
  );
  t.equal(new Set(a.map((g) => g.title)).size, a.length);
  const order = PROTECTION_GUIDES.map((g) => g.title);
  const positions = a.map((g) => order.indexOf(g.title));
  t.same(
    positions,
    [...positions].sort((x, y) => x - y),
  );
});

t.test('specific guides for renewal and data export', async (t) => {
  t.ok(protectionsFor(of('automatic-renewal'), null).some((g) => /auto(?:matic)?[- ]renewal/i.test(g.title)));
  t.ok(protectionsFor(of('unilateral-termination'), null).some((g) => /copy of your data/i.test(g.title)));
});

t.test('no clauses, or unknown categories, give no guides', async (t) => {
  t.same(protectionsFor([], null), []);
  t.same(protectionsFor(of('not-a-category'), null), []);
});

t.test('every guide is keyed by real categories and every category has a guide', async (t) => {
  for (const g of PROTECTION_GUIDES) for (const c of g.categories) t.ok(CATEGORY_SLUGS.includes(c), c);
  for (const slug of CATEGORY_SLUGS) t.ok(protectionsFor([clause(slug)], null).length > 0, `${slug} has a guide`);
  t.same([...IMPACTS], ['high', 'medium', 'low']);
});

t.test('the arbitration guide offers an opt-out only when the terms do, and links to the sentence', async (t) => {
  const withOptOut =
    'Disputes will be resolved by binding individual arbitration. You may opt out of arbitration by writing to us within 30 days of accepting these Terms.';
  const facts = readFacts(withOptOut);
  t.equal(facts.arbitration?.opt_out_days, 30, 'the fact reader finds the opt-out');
  const [offered] = protectionsFor([clause('arbitration', 7, 'Disputes will be resolved by binding individual arbitration.')], facts);
  t.match(offered!.title, /opt out/i);
  t.match(offered!.description, /within 30 days/);
  t.same(offered!.evidence, [{ fact: 'arbitration', clause_id: null, category: null, quote: facts.arbitration!.evidence[0]!.quote }]);

  const without = 'Any dispute arising out of these Terms shall be resolved exclusively by final and binding arbitration.';
  const noFacts = readFacts(without);
  t.equal(noFacts.arbitration?.opt_out_days ?? null, null);
  const [refused] = protectionsFor([clause('arbitration', 9, without)], noFacts);
  t.notMatch(refused!.title, /opt out/i, 'no opt-out promised in the title');
  t.notMatch(refused!.description, /let you|you can refuse|within \d+ days/i, 'nor in the description');
  t.match(refused!.description, /no way to opt out of it was found/);
  t.same(
    refused!.evidence!.map((e) => e.clause_id),
    [9],
    'the statement links to the arbitration clause',
  );
});

t.test('a statement about the terms is dropped when nothing says it', async (t) => {
  // The term-changes guide is called for by a contract-by-using clause alone: it must not claim the provider may change the terms.
  const [guide] = protectionsFor(of('contract-by-using'), null);
  t.notMatch(guide!.description, /let the provider change/);
  t.match(guide!.description, /Using the service counts as accepting these terms\./);
  t.same(
    guide!.evidence!.map((e) => e.category),
    ['contract-by-using'],
  );
});

t.test('returned steps are copies: callers cannot corrupt the library', async (t) => {
  const [first] = protectionsFor(of('arbitration'), null);
  first!.steps.push('tampered');
  t.notOk(protectionsFor(of('arbitration'), null)[0]!.steps.includes('tampered'));
});
