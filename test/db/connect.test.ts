// The database handle: on PostgreSQL, only the metering connections commit without waiting for
// the WAL flush; everything else is synchronous. On the embedded database both are one.
import t from 'tap';
import { sql } from 'kysely';
import { freshDatabase } from '../helpers/database.js';

t.test('synchronous_commit per pool', async (t) => {
  const { handle } = await freshDatabase(t);
  const setting = async (db: typeof handle.db) => (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0].synchronous_commit;
  if (handle.kind === 'pglite') {
    t.equal(handle.meteringDb, handle.db, 'one connection, one handle');
    return;
  }
  t.equal(await setting(handle.db), 'on', 'writes that matter are durable before they are acknowledged');
  t.equal(await setting(handle.meteringDb), 'off', 'metering does not wait for the WAL flush');
});
