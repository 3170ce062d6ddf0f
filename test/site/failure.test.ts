// A page whose query fails answers with the HTML error page (and the page headers), not with a
// stack trace or the API's JSON.
import t from 'tap';
import Fastify from 'fastify';
import { loadConfig } from '../../src/config.js';
import { registerSite } from '../../src/site/index.js';

t.test('a failing query gives the HTML 500 page', async (t) => {
  const failing = new Proxy({}, { get: () => () => { throw new Error('database is down: secret detail'); } });
  const app = Fastify({ logger: false });
  registerSite(app, { db: failing as any, config: loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }) });
  t.teardown(() => app.close());
  for (const url of ['/', '/provider/chirpnest.example']) {
    const res = await app.inject(url);
    t.equal(res.statusCode, 500, url);
    t.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    t.match(res.headers['content-security-policy'], /default-src 'none'/);
    t.match(res.body, /Something went wrong/);
    t.notOk(res.body.includes('secret detail'), 'no internals shown');
  }
});
