// The embedded database runs with smaller shared buffers than PostgreSQL's default (they live in the
// server's own memory): the setting is the one connect.ts names, and the database works with it.
import t from 'tap';
import { connectDatabase, EMBEDDED_SHARED_BUFFERS } from '../../src/db/connect.js';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

t.test('the embedded database opens with the smaller shared buffers', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-settings-'));
  const handle = await connectDatabase({ databaseUrl: null, dataDir: dir });
  t.teardown(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });
  t.equal(handle.kind, 'pglite');
  const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(handle.db);
  t.equal(rows[0].shared_buffers, EMBEDDED_SHARED_BUFFERS);
});
