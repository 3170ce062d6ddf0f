// protectionsFor: the guides the categories call for, deduplicated, in stable library order.
import t from 'tap';
import { IMPACTS, PROTECTION_GUIDES, protectionsFor } from '../../src/analysis/protections.js';
import { CATEGORY_SLUGS } from '../../src/analysis/taxonomy.js';

t.test('arbitration calls for the opt-out guide', async (t) => {
  const guides = protectionsFor(['arbitration']);
  t.ok(guides.some((g) => /opt out/i.test(g.title)));
  for (const g of guides) {
    t.ok(IMPACTS.includes(g.impact));
    t.ok(g.steps.length > 0 && g.steps.every((s) => typeof s === 'string' && s.length > 0));
    t.type(g.description, 'string');
    t.same(Object.keys(g).sort(), ['description', 'impact', 'steps', 'title']);
  }
});

t.test('deduplicated and stable whatever the input order or repetition', async (t) => {
  const a = protectionsFor(['content-removal', 'unilateral-termination', 'content-removal']);
  const b = protectionsFor(['unilateral-termination', 'content-removal']);
  t.same(a, b);
  t.equal(new Set(a.map((g) => g.title)).size, a.length);
  const order = PROTECTION_GUIDES.map((g) => g.title);
  t.same(
    a.map((g) => order.indexOf(g.title)),
    [...a.map((g) => order.indexOf(g.title))].sort((x, y) => x - y),
  );
});

t.test('specific guides for renewal and data export', async (t) => {
  t.ok(protectionsFor(['automatic-renewal']).some((g) => /auto(?:matic)?[- ]renewal/i.test(g.title)));
  t.ok(protectionsFor(['unilateral-termination']).some((g) => /copy of your data/i.test(g.title)));
});

t.test('no categories, or unknown ones, give no guides', async (t) => {
  t.same(protectionsFor([]), []);
  t.same(protectionsFor(['not-a-category']), []);
});

t.test('every guide is keyed by real categories and every category has a guide', async (t) => {
  for (const g of PROTECTION_GUIDES) for (const c of g.categories) t.ok(CATEGORY_SLUGS.includes(c), c);
  for (const slug of CATEGORY_SLUGS) t.ok(protectionsFor([slug]).length > 0, `${slug} has a guide`);
  t.same([...IMPACTS], ['high', 'medium', 'low']);
});

t.test('returned steps are copies: callers cannot corrupt the library', async (t) => {
  const [first] = protectionsFor(['arbitration']);
  first.steps.push('tampered');
  t.notOk(protectionsFor(['arbitration'])[0].steps.includes('tampered'));
});
