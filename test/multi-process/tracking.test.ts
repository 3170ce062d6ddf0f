// Two server processes on one PostgreSQL, both tracking on their schedule: leases in the
// database make each provider's terms fetched exactly once per pass, never two fetches on one
// host at once and never more than two at once in all, although both processes (two workers
// each) start their pass at the same moment.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { freshDatabase } from '../helpers/database.js';
import { startServers } from './fixtures/servers.js';

if (!process.env.DATABASE_URL) {
  t.plan(0, 'multi-process tests need DATABASE_URL: the embedded PGlite database is single-process by design');
} else {
  const HOSTS = ['127.0.0.1', '127.0.0.2', '127.0.0.3'];
  const PROVIDERS = 9;
  const hits = new Map<string, number>();
  const busy = new Map<string, number>();
  let overlapOnHost = false;
  let inFlight = 0;
  let mostAtOnce = 0;
  const robotsReads = new Map<string, number>();
  const handler: http.RequestListener = (req, res) => {
    const host = req.socket.localAddress!;
    // Each process reads each site's robots.txt, tdmrep.json and llms.txt once per pass (404 here).
    if (req.url === '/robots.txt' || req.url === '/.well-known/tdmrep.json' || req.url === '/llms.txt') {
      robotsReads.set(`${host}${req.url}`, (robotsReads.get(`${host}${req.url}`) ?? 0) + 1);
      return res.writeHead(404).end();
    }
    hits.set(`${host}${req.url}`, (hits.get(`${host}${req.url}`) ?? 0) + 1);
    busy.set(host, (busy.get(host) ?? 0) + 1);
    if (busy.get(host)! > 1) overlapOnHost = true;
    mostAtOnce = Math.max(mostAtOnce, ++inFlight);
    setTimeout(() => {
      inFlight--;
      busy.set(host, busy.get(host)! - 1);
      const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`Terms of ${req.url}.\n\nWe may terminate your account at any time. ${words}`);
    }, 150);
  };
  const servers = HOSTS.map(() => http.createServer(handler));
  const port = await new Promise<number>((resolve) => servers[0]!.listen(0, HOSTS[0], () => resolve((servers[0]!.address() as { port: number }).port)));
  await Promise.all(servers.slice(1).map((s, i) => new Promise<void>((resolve) => s.listen(port, HOSTS[i + 1], resolve))));
  t.teardown(() => servers.forEach((s) => s.close()));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-tracking-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const catalogue = path.join(dir, 'catalogue.json');
  const entries = Array.from({ length: PROVIDERS }, (_, i) => ({
    slug: `tracked${i}.test`,
    name: `Tracked ${i}`,
    domain: `tracked${i}.test`,
    category: 'social',
    terms_url: `http://${HOSTS[i % HOSTS.length]}:${port}/terms/${i}`,
  }));
  fs.writeFileSync(catalogue, JSON.stringify({ providers: entries }));

  const database = await freshDatabase(t);
  const db = database.handle.db;
  await startServers(t, 2, { ...database.env, TRACK_INTERVAL: '1h', CATALOGUE_FILE: catalogue, FETCH_ALLOW_PRIVATE: 'true' });

  t.test('each provider fetched once per pass, one fetch per host at a time', async (t) => {
    const deadline = Date.now() + 60_000;
    let fetched = 0;
    while (Date.now() < deadline) {
      fetched = (await db.selectFrom('provider_tracking').select('provider_id').where('last_fetched_at', 'is not', null).execute()).length;
      if (fetched === PROVIDERS) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    t.equal(fetched, PROVIDERS, 'every provider fetched');
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a second fetch, if any, would land now
    t.equal(hits.size, PROVIDERS);
    t.same([...hits.values()], Array(PROVIDERS).fill(1), `each provider fetched exactly once: ${JSON.stringify([...hits])}`);
    t.notOk(overlapOnHost, 'never two fetches on one host at once');
    t.ok(mostAtOnce <= 2, `at most two fetches at once in all, across both processes (saw ${mostAtOnce})`);
    t.ok(
      [...robotsReads.values()].every((n) => n <= 2),
      `robots.txt and the signal files read at most once per site per process: ${JSON.stringify([...robotsReads])}`,
    );
    const published = await db.selectFrom('providers').select('slug').where('is_active', '=', true).where('slug', 'like', 'tracked%').execute();
    t.equal(published.length, PROVIDERS, 'all analysed and published');
    t.equal((await db.selectFrom('provider_changes').select('id').execute()).length, PROVIDERS, 'one change record each');
  });
}
