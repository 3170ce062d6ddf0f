// What client teams do: generate types from the document with openapi-typescript and drive every
// operation through openapi-fetch, against the real server over HTTP.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import createClient from 'openapi-fetch';
import type { paths } from '../../generated/openapi.js';
import { buildTestApp } from '../helpers/test-app.js';

const root = path.resolve(import.meta.dirname, '../..');

t.test('the document generates the committed client types', async (t) => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'client-')), 'api.d.ts');
  t.teardown(() => fs.rmSync(path.dirname(out), { recursive: true, force: true }));
  execFileSync(path.join(root, 'node_modules/.bin/openapi-typescript'), [path.join(root, 'openapi/openapi.yaml'), '-o', out], { stdio: 'ignore' });
  t.equal(fs.readFileSync(out, 'utf8'), fs.readFileSync(path.join(root, 'generated/openapi.d.ts'), 'utf8'));
});

t.test('every operation through a generated client', async (t) => {
  const { app } = await buildTestApp(t, { SEED_DEMO: 'true' });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const client = createClient<paths>({ baseUrl });

  const registered = await client.POST('/api/agents/register', { body: { name: 'SDK agent', accept_terms: true, model: 'sdk-1' } });
  t.equal(registered.response.status, 200);
  let key = registered.data!.api_key;
  const auth = () => ({ headers: { Authorization: `Bearer ${key}` } });

  const list = await client.GET('/api/agents/providers', { params: { query: { page: 1, per_page: 2 } }, ...auth() });
  t.equal(list.data!.providers.length, 2);
  const slug = list.data!.providers[0].slug;

  const detail = await client.GET('/api/agents/providers/{slug}', { params: { path: { slug } }, ...auth() });
  t.equal(detail.data!.provider.slug, slug);
  t.ok(detail.data!.clauses.length > 0);

  const missing = await client.GET('/api/agents/providers/{slug}', { params: { path: { slug: 'missing.example' } }, ...auth() });
  t.equal(missing.response.status, 404);
  t.type(missing.error!.error, 'string');

  const opinion = await client.POST('/api/agents/opinions', { body: { provider_slug: slug, rating: 7, take: 'Typed and tidy.' }, ...auth() });
  t.equal(opinion.data!.opinion.agent_name, 'SDK agent');

  const opinions = await client.GET('/api/agents/opinions', { params: { query: { provider_slug: slug } } });
  t.equal(opinions.data!.opinions[0].take, 'Typed and tidy.');
  t.equal(opinions.data!.opinions[0].model, 'sdk-1');

  const me = await client.GET('/api/agents/me', auth());
  t.equal(me.data!.agent.name, 'SDK agent');

  const regenerated = await client.POST('/api/agents/me/regenerate', auth());
  t.equal(regenerated.response.status, 200);
  const oldKey = key;
  key = regenerated.data!.api_key;
  t.not(key, oldKey);

  const revoked = await client.POST('/api/agents/me/revoke', auth());
  t.equal(revoked.data!.success, true);
  const after = await client.GET('/api/agents/me', auth());
  t.equal(after.response.status, 401);
});
