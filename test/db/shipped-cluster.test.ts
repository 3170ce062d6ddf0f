// The migrated, empty cluster shipped in db/pglite/ (src/db/shipped-cluster.ts): made by the
// installed PGlite with every migration (else first starts run initdb or migrations again), a new
// data directory starts from it and works, and a cluster of another PGlite version or of other
// migrations is never used.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { sql } from 'kysely';
import { connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest, migrationNames } from '../../src/db/migrate.js';
import { installedPgliteVersion, packShippedCluster, SHIPPED_CLUSTER_DIR, unpackShippedCluster } from '../../src/db/shipped-cluster.js';

const tmp = (t: { teardown(fn: () => void): void }, prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

t.test('the shipped cluster is current (else: npm run db:pglite-cluster)', async (t) => {
  const manifest = JSON.parse(fs.readFileSync(path.join(SHIPPED_CLUSTER_DIR, 'cluster.json'), 'utf8'));
  t.equal(manifest.pglite, installedPgliteVersion(), 'made by the installed PGlite');
  t.same(manifest.migrations, migrationNames(), 'with every migration of db/migrations');
});

t.test('a new data directory starts from the shipped cluster, without initdb', async (t) => {
  const dir = tmp(t, 'shipped-cluster-');
  const started = performance.now();
  const handle = await connectDatabase({ databaseUrl: null, dataDir: dir });
  t.teardown(() => handle.close());
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_database where datname = 'postgres'`.execute(handle.db);
  t.equal(rows[0]!.n, 1, 'the cluster answers');
  await sql`create table t (x int)`.execute(handle.db);
  const { created } = await migrateToLatest(handle.db);
  t.equal(created, false, 'already migrated');
  const providers = await handle.db.selectFrom('providers').select('id').execute();
  t.same(providers, [], 'and empty');
  t.ok(fs.existsSync(path.join(dir, 'pgdata', 'PG_VERSION')));
  t.comment(`opened in ${Math.round(performance.now() - started)} ms`);
});

t.test('a cluster of another PGlite version or other migrations is not used; a packed directory unpacks the same', async (t) => {
  const source = tmp(t, 'shipped-cluster-src-');
  fs.mkdirSync(path.join(source, 'base', '1'), { recursive: true });
  fs.writeFileSync(path.join(source, 'PG_VERSION'), '17\n');
  fs.writeFileSync(path.join(source, 'base', '1', '112'), Buffer.alloc(8192, 7));
  fs.mkdirSync(path.join(source, 'pg_notify'));
  const shipped = tmp(t, 'shipped-cluster-pack-');
  packShippedCluster(source, installedPgliteVersion(), migrationNames().slice(0, 3), shipped);
  const target = path.join(tmp(t, 'shipped-cluster-out-'), 'pgdata');
  t.equal(unpackShippedCluster(target, shipped), true);
  t.equal(fs.readFileSync(path.join(target, 'PG_VERSION'), 'utf8'), '17\n');
  t.same(fs.readFileSync(path.join(target, 'base', '1', '112')), Buffer.alloc(8192, 7));
  t.ok(fs.statSync(path.join(target, 'pg_notify')).isDirectory(), 'empty directories too');

  const manifest = JSON.parse(fs.readFileSync(path.join(shipped, 'cluster.json'), 'utf8'));
  fs.writeFileSync(path.join(shipped, 'cluster.json'), JSON.stringify({ ...manifest, pglite: '0.0.1' }));
  const other = path.join(tmp(t, 'shipped-cluster-other-'), 'pgdata');
  t.equal(unpackShippedCluster(other, shipped), false, 'another PGlite: not used');
  t.notOk(fs.existsSync(other), 'nothing written');
  fs.writeFileSync(path.join(shipped, 'cluster.json'), JSON.stringify({ ...manifest, migrations: ['2026-01-01T00-00-00_elsewhere'] }));
  t.equal(unpackShippedCluster(other, shipped), false, 'migrations that are not the first of db/migrations: not used');
  t.equal(unpackShippedCluster(other, path.join(shipped, 'missing')), false, 'no shipped cluster: false');
});
