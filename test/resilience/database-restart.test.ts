// PostgreSQL restarting under write load from two server processes, and a server started while
// PostgreSQL is down, on a throwaway cluster of the test's own (the machine's PostgreSQL is
// shared and never stopped). Every process stays up; while the database is away every answer
// is 503 with Retry-After (a page for pages), never a 500; every registration acknowledged with
// a 2xx is in the database afterwards; once it is back, every request succeeds again.
import t from 'tap';
import postgres from 'postgres';
import { startServer, stopAtTeardown, waitReady, type ServerProcess } from '../helpers/server-process.js';
import { throwawayPostgres, throwawayPostgresMissing } from '../helpers/throwaway-postgres.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const missing = throwawayPostgresMissing();
if (missing) t.plan(0, `needs a throwaway PostgreSQL cluster: ${missing}`);
else await main();

async function main() {
  const cluster = throwawayPostgres(t, 5499)!;
  cluster.start();
  const env = { DATABASE_URL: cluster.url, RATE_LIMIT_REGISTRATIONS_PER_IP_PER_DAY: '1000000', TRACK_INTERVAL: '0', CATALOGUE_FILE: 'none' };

  await t.test('two servers under write load through three restarts of PostgreSQL', async (t) => {
    const servers = [await startServer(env), await startServer(env)];
    for (const server of servers) stopAtTeardown(t, server);
    await Promise.all(servers.map((server) => waitReady(server)));

    const statuses = new Map<number, number>();
    const acknowledged: string[] = [];
    const without: string[] = [];
    let stop = false;
    let n = 0;
    const load = async (server: ServerProcess) => {
      while (!stop) {
        const name = `agent ${++n}`;
        try {
          const res = await fetch(`${server.url}/api/agents/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name, accept_terms: true }),
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 503 && !res.headers.get('retry-after')) without.push(name);
          if (res.ok) acknowledged.push(name);
          await res.arrayBuffer();
        } catch {
          statuses.set(0, (statuses.get(0) ?? 0) + 1); // the connection itself failed
          await sleep(50);
        }
      }
    };
    const loops = servers.flatMap((server) => [load(server), load(server), load(server)]);
    for (let restart = 0; restart < 3; restart++) {
      await sleep(1500);
      cluster.stop();
      await sleep(1000);
      cluster.start();
    }
    await sleep(1500);
    stop = true;
    await Promise.all(loops);

    for (const server of servers) t.equal((await fetch(`${server.url}/health`)).status, 200, 'the server process is alive');
    const seen = Object.fromEntries(statuses);
    t.notOk(
      Object.keys(seen).some((status) => Number(status) >= 500 && Number(status) !== 503),
      `no 5xx but 503 (statuses ${JSON.stringify(seen)})`,
    );
    t.equal(seen[0], undefined, 'no connection was dropped by a server');
    t.same(without, [], 'every 503 carries Retry-After');
    t.ok(acknowledged.length > 0, `registrations acknowledged: ${acknowledged.length}`);

    const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
    t.teardown(() => sql.end());
    const stored = new Set((await sql<{ name: string }[]>`select name from agents`).map((row) => row.name));
    t.same(
      acknowledged.filter((name) => !stored.has(name)),
      [],
      'every acknowledged registration is stored',
    );

    // Recovered: every pooled connection that died with PostgreSQL is replaced, no request fails.
    for (const server of servers) await waitReady(server);
    const after = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${servers[i % 2]!.url}/api/agents/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `after ${i}`, accept_terms: true }),
        }).then((res) => res.status),
      ),
    );
    t.same([...new Set(after)], [200], 'every request after the restarts succeeds');
  });

  await t.test('a server started while PostgreSQL is down waits for it', async (t) => {
    cluster.stop();
    const server = await startServer(env);
    stopAtTeardown(t, server);
    let health = 0;
    for (let i = 0; i < 600 && health !== 200; i++) {
      health = await fetch(`${server.url}/health`).then(
        (res) => res.status,
        () => 0,
      );
      if (health !== 200) await sleep(100);
    }
    t.equal(health, 200, '/health answers while the database is down');

    const ready = await fetch(`${server.url}/ready`);
    t.equal(ready.status, 503, '/ready says 503');
    const read = await fetch(`${server.url}/api/agents/opinions`);
    t.equal(read.status, 503, 'an operation answers 503');
    t.ok(Number(read.headers.get('retry-after')) > 0, 'with Retry-After');
    t.match(await read.json(), { error: /database is unavailable/ });
    const page = await fetch(`${server.url}/`);
    t.equal(page.status, 503, 'a page answers 503');
    t.match(page.headers.get('content-type'), /text\/html/);
    t.match(await page.text(), /Back in a moment/);

    cluster.start();
    await waitReady(server);
    t.equal((await fetch(`${server.url}/api/agents/opinions`)).status, 200, 'served once the database is up');
    t.equal(server.child.exitCode, null, 'the process never exited');
  });

  await t.test('a server running when PostgreSQL stops answers 503, then recovers', async (t) => {
    const server = await startServer({ ...env, SEED_DEMO: 'true' });
    stopAtTeardown(t, server);
    await waitReady(server);
    // Answers the server holds in its cache: without the database it cannot know they are
    // current (nor whether the key still holds), so they too answer 503, never a kept body.
    const registered = await fetch(`${server.url}/api/agents/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'before the outage', accept_terms: true }),
    });
    const key = ((await registered.json()) as { api_key: string }).api_key;
    const list = (await (await fetch(`${server.url}/api/agents/providers`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
      providers: { slug: string }[];
    };
    const slug = list.providers[0]!.slug;
    const cachedReads = [
      () => fetch(`${server.url}/api/agents/providers/${slug}`, { headers: { authorization: `Bearer ${key}` } }),
      () => fetch(`${server.url}/api/agents/opinions?provider_slug=${slug}`),
      () => fetch(`${server.url}/api/agents/opinions`),
    ];
    for (const read of cachedReads) t.equal((await read()).status, 200, 'read while the database is up');
    cluster.stop();
    for (const read of cachedReads) {
      const res = await read();
      t.equal(res.status, 503, `${res.url}: a cached answer answers 503 during the outage`);
      t.ok(Number(res.headers.get('retry-after')) > 0, 'with Retry-After');
    }
    const ready = await fetch(`${server.url}/ready`);
    t.equal(ready.status, 503, '/ready says 503');
    const write = await fetch(`${server.url}/api/agents/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'during the outage', accept_terms: true }),
    });
    t.equal(write.status, 503, 'a write answers 503');
    t.ok(Number(write.headers.get('retry-after')) > 0, 'with Retry-After');
    const page = await fetch(`${server.url}/provider/nobody.example`);
    t.equal(page.status, 503, 'a page answers 503');
    t.ok(Number(page.headers.get('retry-after')) > 0, 'with Retry-After');
    cluster.start();
    await waitReady(server);
    t.equal((await fetch(`${server.url}/api/agents/opinions`)).status, 200, 'served again');
    for (const read of cachedReads) t.equal((await read()).status, 200, 'cached reads served again');
  });
}
