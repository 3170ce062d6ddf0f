// A page whose database is gone answers with the HTML error page (and the page headers), not
// with a stack trace or the API's JSON. The real application, its real database closed under it.
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';

t.test('a failing database gives the HTML 500 page', async (t) => {
  const { app, database } = await buildTestApp(t, { SEED_DEMO: 'true' });
  await database.handle.close();
  for (const url of ['/', '/provider/chirpnest.example']) {
    const res = await app.inject(url);
    t.equal(res.statusCode, 500, url);
    t.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    t.match(res.headers['content-security-policy'], /default-src 'none'/);
    t.match(res.body, /Something went wrong/);
    t.notMatch(res.body, /Error:|\n\s+at |closed|pglite|kysely|ECONN/i, 'no internals shown');
  }
});
