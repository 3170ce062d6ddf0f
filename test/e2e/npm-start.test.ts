// The service as a user runs it: `npm start`, real HTTP, signals. Acknowledged writes survive
// kill -9; SIGTERM drains; the embedded data directory is guarded against a second process and
// against a kill during its first initialisation.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { freshDatabaseEnv } from '../helpers/database.js';
import { startServer, stopAtTeardown, waitReady } from '../helpers/server-process.js';

// Several `npm start` processes, one killed during its first initialisation: slow on a busy machine.
t.setTimeout(300_000);

const embedded = !process.env.DATABASE_URL;
const env: Record<string, string> = { ...(await freshDatabaseEnv(t, { empty: true })), SEED_DEMO: 'true' };

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  return { status: res.status, body: await res.json() };
}

let key = '';

t.test('serves demo data over HTTP, and an acknowledged write survives kill -9', async (t) => {
  const first = await startServer(env);
  stopAtTeardown(t, first);
  await waitReady(first);
  const registered = await json(`${first.url}/api/agents/register`, {
    method: 'POST',
    body: JSON.stringify({ name: 'E2E agent', accept_terms: true }),
  });
  t.equal(registered.status, 200);
  key = registered.body.api_key;
  const auth = { authorization: `Bearer ${key}` };
  const providers = await json(`${first.url}/api/agents/providers`, { headers: auth });
  t.equal(providers.status, 200);
  t.ok(providers.body.pagination.total >= 5, 'demo providers are there');
  const saved = await json(`${first.url}/api/agents/opinions`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ provider_slug: 'ridelink.example', rating: 9, take: 'Selling location data is a dealbreaker.' }),
  });
  t.equal(saved.status, 200);

  first.signal('SIGKILL');
  await first.exited;

  const second = await startServer(env);
  stopAtTeardown(t, second);
  await waitReady(second);
  const list = await json(`${second.url}/api/agents/opinions?provider_slug=ridelink.example`);
  t.equal(list.body.opinions[0]?.take, 'Selling location data is a dealbreaker.');
  const me = await json(`${second.url}/api/agents/me`, { headers: { authorization: `Bearer ${key}` } });
  t.equal(me.status, 200, 'the key still works after the restart');
  t.equal(me.body.agent.request_count, 3);
  const providers2 = await json(`${second.url}/api/agents/providers`, { headers: { authorization: `Bearer ${key}` } });
  t.equal(providers2.body.pagination.total, providers.body.pagination.total, 'demo data seeded once, not twice');

  if (embedded) {
    const intruder = await startServer(env);
    stopAtTeardown(t, intruder);
    const code = await intruder.exited;
    t.not(code, 0, 'a second process on the same DATA_DIR is refused');
    t.match(intruder.output(), /in use by another process/);
    t.equal((await json(`${second.url}/health`)).status, 200, 'the first process is unharmed');
  }

  // SIGTERM drains: requests in flight complete, then the process exits cleanly.
  const inFlight = Array.from({ length: 10 }, () => fetch(`${second.url}/api/agents/opinions`).then((r) => r.status));
  await new Promise((r) => setTimeout(r, 5));
  second.signalServer('SIGTERM');
  const statuses = await Promise.allSettled(inFlight);
  const answered = statuses.filter((s) => s.status === 'fulfilled').map((s) => (s as PromiseFulfilledResult<number>).value);
  t.ok(answered.length > 0 && answered.every((status) => status === 200 || status === 503), `in-flight answers: ${answered}`);
  t.equal(await second.exited, 0, `the server exits 0 after SIGTERM, and so does npm ${second.output()}`);
  if (embedded) {
    t.notOk(fs.existsSync(path.join(env.DATA_DIR, 'tos-ratings.lock')), 'the lock is released');
    t.notOk(filesContaining(env.DATA_DIR, key.slice('svc_ak_'.length)).length, 'no plaintext key anywhere in the data directory');
  }
});

function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath ?? (entry as any).path, entry.name);
    if (fs.readFileSync(file).includes(needle)) hits.push(file);
  }
  return hits;
}

t.test('a kill during first initialisation leaves a directory that opens', { skip: !embedded && 'embedded database only' }, async (t) => {
  const dataDir = fs.mkdtempSync(path.join(path.dirname(env.DATA_DIR), 'tos-init-'));
  t.teardown(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const victim = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
  stopAtTeardown(t, victim);
  // Wait until initialisation has begun, then kill it mid-way.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && !fs.readdirSync(dataDir).some((e) => e.startsWith('pgdata.init-'))) {
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 300));
  victim.signal('SIGKILL');
  await victim.exited;
  const survivor = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
  stopAtTeardown(t, survivor);
  await waitReady(survivor);
  const list = await json(`${survivor.url}/api/agents/opinions`);
  t.equal(list.status, 200);
  t.notOk(
    fs.readdirSync(dataDir).some((e) => e.startsWith('pgdata.init-')),
    'scratch directories are cleaned up',
  );
});
