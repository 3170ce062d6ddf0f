// The error shape everywhere, the documents served, health, and a 5xx that hides internals.
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { apiClient } from '../helpers/api.js';

const { app, database } = await buildTestApp(t, { BASE_URL: 'https://api.example.com' });
const call = apiClient(t, app);

t.test('unknown routes and methods are JSON 404s', async (t) => {
  for (const [method, url] of [
    ['GET', '/nope'],
    ['GET', '/api/agents'],
    ['DELETE', '/api/agents/me'],
    ['PUT', '/api/agents/opinions'],
  ] as const) {
    const res = await call(method, url);
    t.equal(res.status, 404, `${method} ${url}`);
    t.type(res.body.error, 'string');
  }
});

t.test('the OpenAPI document and its docs page are served', async (t) => {
  const doc = await app.inject({ method: 'GET', url: '/openapi.json' });
  t.equal(doc.statusCode, 200);
  const body = doc.json();
  t.equal(body.openapi, '3.1.0');
  t.equal(body.info.version, '1.0.0');
  t.same(body.servers, [{ url: 'https://api.example.com' }]);
  const docs = await app.inject({ method: 'GET', url: '/docs' });
  t.equal(docs.statusCode, 200);
  t.match(docs.body, /<title>ToS Ratings API<\/title>/);
  const rendered = await app.inject({ method: 'GET', url: '/docs/json' });
  t.equal(rendered.json().info.title, body.info.title, 'the docs page renders this document');
});

t.test('an empty service lists no providers and no opinions', async (t) => {
  const opinions = await call('GET', '/api/agents/opinions');
  t.equal(opinions.status, 200);
  t.same(opinions.body.opinions, []);
  t.same(opinions.body.pagination, { page: 1, per_page: 20, total: 0, total_pages: 0, next_cursor: null });
});

t.test('health and readiness', async (t) => {
  t.same((await app.inject({ method: 'GET', url: '/health' })).json(), { status: 'ok', service: 'tos-ratings' });
  t.same((await app.inject({ method: 'GET', url: '/ready' })).json(), { status: 'ok' });
});

t.test('a failure inside gives 500 {error} with no internals; readiness says 503', async (t) => {
  await database.handle.close();
  const res = await call('POST', '/api/agents/register', { body: { name: 'After close', accept_terms: true } });
  t.equal(res.status, 500);
  t.same(res.body, { error: 'internal server error' });
  const ready = await app.inject({ method: 'GET', url: '/ready' });
  t.equal(ready.statusCode, 503);
  t.same(ready.json(), { error: 'database unavailable' });
});
