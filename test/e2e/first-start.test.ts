// The first start on this offline machine, as a user runs it: `npm start` serves at once while
// it tracks the real catalogue in the background; every fetch fails (no network), each
// provider's error is recorded, the demo providers keep the service from looking empty, and the
// index says how many real providers are analysed so far.
import t from 'tap';
import { freshDatabaseEnv } from '../helpers/database.js';
import { startServer, stopAtTeardown, waitReady } from '../helpers/server-process.js';

// `npm start` on an empty directory, its first tracking pass over the whole catalogue: slow on a busy machine.
t.setTimeout(300_000);

const ADMIN_TOKEN = 'first-start-admin-token-0123456789';

t.test('npm start: serves at once, tracks in the background, demo data while nothing real is analysed', async (t) => {
  const env = { ...(await freshDatabaseEnv(t, { empty: true })), SEED_DEMO: 'true', ADMIN_TOKEN };
  delete (env as Record<string, string>).TRACK_INTERVAL; // the default schedule, as a user gets it
  const server = await startServer(env);
  stopAtTeardown(t, server);
  await waitReady(server);
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const status = async () => (await (await fetch(`${server.url}/api/admin/tracking?per_page=20`, { headers: admin })).json()) as any;
  const deadline = Date.now() + 120_000;
  let counts = (await status()).counts;
  while (Date.now() < deadline && (counts.tracked < 60 || counts.failing + counts.analysed < counts.tracked)) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    counts = (await status()).counts;
  }
  t.ok(counts.tracked >= 60, `the catalogue is tracked: ${JSON.stringify(counts)}`);
  t.equal(counts.failing + counts.analysed, counts.tracked, 'every provider was tried in the first pass');
  const page = await status();
  t.ok(
    page.providers.every((p: any) => p.last_attempt_at !== null && (p.last_error !== null || p.analysed)),
    'each provider records its last fetch and error',
  );
  const index = await (await fetch(`${server.url}/`)).text();
  t.match(index, new RegExp(`Tracking the terms of ${counts.tracked} services: <strong>${counts.analysed} analysed so far</strong>`));
  if (counts.analysed === 0) {
    t.match(index, /chirpnest\.example/, 'offline: the demo providers are shown');
    t.match(index, /fictional examples/);
  }
});
