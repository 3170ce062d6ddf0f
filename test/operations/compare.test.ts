// compareProviders: providers in the order asked, per category the most severe current clause of
// each (from the same data endpoint 3 serves), 404 for any unknown slug, 400 for bad lists.
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient, registerAgent } from '../helpers/api.js';
import { CATEGORY_SLUGS } from '../../src/analysis/taxonomy.js';

const { app } = await buildTestApp(t, { SEED_DEMO: 'true', BASE_URL: 'https://ratings.example.net' });
const call = apiClient(t, app);
const key = await registerAgent(call);
const SLUGS = ['snapvault.example', 'chirpnest.example', 'tunetide.example'];

t.test('side by side: ratings, and per category the most severe clause of each provider', async (t) => {
  const response = await call('POST', '/api/agents/compare', { key, body: { slugs: SLUGS } });
  t.equal(response.status, 200);
  const { providers, categories, attribution } = response.body;
  t.same(
    providers.map((p: any) => p.slug),
    SLUGS,
    'in the order asked',
  );
  t.equal(providers[0].provider_url, 'https://ratings.example.net/provider/snapvault.example');
  t.equal(attribution.required, true);
  const details = await Promise.all(SLUGS.map(async (slug) => (await call('GET', `/api/agents/providers/${slug}`, { key })).body));
  providers.forEach((p: any, i: number) => t.equal(p.overall_rating, details[i].provider.overall_rating));
  const expected = CATEGORY_SLUGS.filter((c) => details.some((d) => d.clauses.some((x: any) => x.category === c)));
  t.same(
    categories.map((c: any) => c.category),
    expected,
    'every category present, in the taxonomy order',
  );
  const rank = { critical: 0, high: 1, medium: 2, low: 3 } as Record<string, number>;
  for (const category of categories) {
    t.equal(category.clauses.length, SLUGS.length);
    category.clauses.forEach((clause: any, i: number) => {
      const ofCategory = details[i].clauses.filter((c: any) => c.category === category.category);
      if (ofCategory.length === 0) return t.equal(clause, null, `${SLUGS[i]} has no ${category.category} clause`);
      const worst = Math.min(...ofCategory.map((c: any) => rank[c.severity]));
      t.equal(rank[clause.severity], worst, `${SLUGS[i]}: the most severe ${category.category} clause`);
      t.same(
        clause,
        ofCategory.find((c: any) => rank[c.severity] === worst),
        'the clause as endpoint 3 shows it',
      );
    });
  }
  t.ok(
    categories.some((c: any) => c.clauses.includes(null)),
    'the demo data has a gap somewhere, so null is exercised',
  );
});

t.test('bad requests', async (t) => {
  const unknown = await call('POST', '/api/agents/compare', { key, body: { slugs: ['chirpnest.example', 'nobody.example'] } });
  t.same([unknown.status, unknown.body], [404, { error: 'no provider with slug "nobody.example"' }]);
  const cases: [unknown, string][] = [
    [{ slugs: ['chirpnest.example'] }, 'body.slugs must NOT have fewer than 2 items'],
    [{ slugs: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'body.slugs must NOT have more than 5 items'],
    [{ slugs: ['chirpnest.example', 'chirpnest.example'] }, 'body.slugs must not contain the same item twice'],
    [{ slugs: ['chirpnest.example', 'Bad'] }, 'body.slugs.1 has an invalid format'],
    [{}, 'body.slugs is required'],
  ];
  for (const [body, error] of cases)
    t.same(await call('POST', '/api/agents/compare', { key, body }).then((r) => [r.status, r.body]), [400, { error }], JSON.stringify(body));
  t.equal((await call('POST', '/api/agents/compare', { body: { slugs: SLUGS } })).status, 401, 'keyed');
});
