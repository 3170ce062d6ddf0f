// Demo data: seeded once and idempotently, also by several seeders at once; off when asked.
import t from 'tap';
import { sql } from 'kysely';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { openDatabase } from '../../src/db/connect.js';
import { seedDemoData } from '../../src/ingest/index.js';
import { DEMO_PROVIDERS } from '../../db/seed/demo-providers.js';
import { freshDatabase, freshDatabaseEnv } from '../helpers/database.js';
import { seedSummary } from '../../scripts/cli/admin-commands.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { buildTestApp } from '../helpers/test-app.js';

// Runs `npm run seed` as a process of its own (npm, tsx, the database): slow on a busy machine.
t.setTimeout(300_000);

const counts = async (db: any) =>
  (
    await sql<{ providers: number; clauses: number; protections: number }>`
      select (select count(*) from providers)::int as providers, (select count(*) from clauses)::int as clauses,
             (select count(*) from protections)::int as protections`.execute(db)
  ).rows[0];

t.test('seeding twice, and several seeders at once, seed exactly once', async (t) => {
  const { handle, env } = await freshDatabase(t);
  const clauses = DEMO_PROVIDERS.reduce((n, p) => n + p.clauses.length, 0);
  t.equal(await seedDemoData(handle.db), DEMO_PROVIDERS.length);
  // The guides are written from each demo's clauses and facts, as for a real provider.
  const { protections } = await counts(handle.db);
  t.ok(protections >= DEMO_PROVIDERS.length * 2, `${protections} guides`);
  t.equal(await seedDemoData(handle.db), 0);
  t.same(await counts(handle.db), { providers: DEMO_PROVIDERS.length, clauses, protections });
  const severities = await sql<{ slug: string; n: number }>`
    select p.slug, count(distinct c.severity)::int as n from providers p join clauses c on c.provider_id = p.id group by p.slug`.execute(handle.db);
  t.ok(
    severities.rows.every((r) => r.n >= 3),
    'every demo provider has clauses of three severities or more',
  );

  if (env.DATABASE_URL) {
    // Fresh database, several connections seeding concurrently.
    await handle.db.deleteFrom('providers').execute();
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })));
    t.teardown(() => Promise.all(others.map((o) => o.close())));
    const created = await Promise.all([handle, ...others].map((h) => seedDemoData(h.db)));
    t.equal(
      created.reduce((a, b) => a + b, 0),
      DEMO_PROVIDERS.length,
      `created per seeder: ${created}`,
    );
    t.same(await counts(handle.db), { providers: DEMO_PROVIDERS.length, clauses, protections });
  }
});

t.test('demo providers are marked as examples on reserved domains', async (t) => {
  const { handle } = await freshDatabase(t);
  await seedDemoData(handle.db);
  const rows = await handle.db.selectFrom('providers').select(['is_example', 'domain']).execute();
  t.ok(rows.every((r) => r.is_example && r.domain.endsWith('.example')));
});

t.test('SEED_DEMO=false keeps the database empty; true seeds it', async (t) => {
  const empty = await buildTestApp(t, { SEED_DEMO: 'false' });
  t.equal((await counts(empty.database.handle.db)).providers, 0);
  const seeded = await buildTestApp(t, { SEED_DEMO: 'true' });
  t.equal((await counts(seeded.database.handle.db)).providers, DEMO_PROVIDERS.length);
});

t.test("npm run seed: the CLI's seed, counted truthfully", async (t) => {
  const { handle, env } = await freshDatabase(t);
  if (!env.DATABASE_URL) await handle.close(); // the embedded directory takes one process at a time
  const root = path.resolve(import.meta.dirname, '../..');
  const output = execFileSync('npm', ['run', '--silent', 'seed'], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  t.equal(output, `demo data: ${DEMO_PROVIDERS.length} demo providers added\n`, 'none were there before: it says no more');
  const again = execFileSync('npm', ['run', '--silent', 'seed'], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  t.equal(again, `demo data: none added, all ${DEMO_PROVIDERS.length} demo providers were already there\n`);
  t.equal(seedSummary(2, 5), 'demo data: 2 demo providers added, 3 already there');
  t.equal(seedSummary(1, 1), 'demo data: 1 demo provider added');
});

t.test(
  'on PostgreSQL by default: a new database is seeded at its first start, an existing one never',
  { skip: !process.env.DATABASE_URL && 'PostgreSQL only' },
  async (t) => {
    const env = await freshDatabaseEnv(t); // created, not migrated: new
    // Without the snapshot and the catalogue (which would add real providers): the demo providers alone.
    const config = loadConfig({ LOG_LEVEL: 'silent', TRACK_INTERVAL: '0', SNAPSHOT: 'off', CATALOGUE_FILE: 'none', ...env });
    t.equal(config.seedDemo, 'new-database');
    const first = await buildApp(config);
    const db = (await openDatabase({ databaseUrl: env.DATABASE_URL!, dataDir: env.DATA_DIR! })).db;
    t.teardown(() => db.destroy());
    t.equal((await counts(db)).providers, DEMO_PROVIDERS.length, 'the new database is seeded');
    await first.close();
    await sql`delete from providers`.execute(db);
    const second = await buildApp(config);
    await second.close();
    t.equal((await counts(db)).providers, 0, 'a database that has the schema already is left as it is');
  },
);
