// The real snapshot (db/snapshot/, every provider's shipped terms) taken in on a fresh database,
// as a first `npm start` does (PGlite, or PostgreSQL with DATABASE_URL: CI runs it on both): every
// readable document analysed, at least 300 real providers rated, and a restart that finds
// nothing left to do. The only test that analyses the whole snapshot; the others run with
// SNAPSHOT=off or a small one. It asserts counts only (sealed documents are in the snapshot).
import t from 'tap';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { buildTestApp } from '../helpers/test-app.js';
import { Snapshot } from '../../src/snapshot/index.js';
import { openDatabase } from '../../src/db/connect.js';

t.setTimeout(900_000);

t.test('a fresh database takes in and analyses the whole snapshot, once', async (t) => {
  const { app, config, database } = await buildTestApp(t, { SNAPSHOT: 'on' });
  const db = database.handle.db;
  const expected = Snapshot.open(config.snapshotFile!).current().length;
  const started = Date.now();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const taken = async () =>
    (
      await db
        .selectFrom('document_versions')
        .select(sql<number>`count(distinct provider_id)::int`.as('n'))
        .where('origin', '=', 'snapshot')
        .executeTakeFirstOrThrow()
    ).n;
  while ((await taken()) < expected) {
    if (Date.now() - started > 840_000) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  t.equal(await taken(), expected, `all ${expected} readable documents taken in`);
  t.comment(`taken in and analysed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const states = await db
    .selectFrom('providers')
    .select(['terms_state', sql<number>`count(*)::int`.as('n')])
    .groupBy('terms_state')
    .execute();
  const count = (state: string) => states.find((s) => s.terms_state === state)?.n ?? 0;
  t.ok(count('analysed') >= 300, `${count('analysed')} real providers rated`);
  t.ok(count('not-english') >= 1, `${count('not-english')} with terms not in English`);
  // A restart on the same database: nothing to take in again, no version doubled.
  const versions = async () =>
    (
      await db
        .selectFrom('document_versions')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const before = await versions();
  await app.close(); // closes the database too: the restart opens its own, as `npm start` does
  const lines: string[] = [];
  const again = await buildApp(loadConfig({ ...database.env, LOG_LEVEL: 'info', SNAPSHOT: 'on', TRACK_INTERVAL: '0', SEED_DEMO: 'false' }), {
    logStream: { write: (line) => lines.push(line) },
  });
  await again.listen({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => setTimeout(r, 2000));
  await again.close();
  const reopened = await openDatabase({ databaseUrl: database.env.DATABASE_URL ?? null, dataDir: database.env.DATA_DIR! });
  t.teardown(() => reopened.close());
  const after = (
    await reopened.db
      .selectFrom('document_versions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;
  t.equal(after, before, 'a restart doubles nothing');
  t.notOk(
    lines.some((l) => l.includes('taking in the snapshot')),
    'a restart finds nothing to take in',
  );
});
