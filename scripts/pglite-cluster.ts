// `npm run db:pglite-cluster`: remakes the migrated, empty PGlite cluster shipped in db/pglite/
// (see src/db/shipped-cluster.ts) with the installed PGlite and db/migrations. Run it after
// upgrading @electric-sql/pglite or adding a migration: until then a first start runs initdb or
// the newer migrations itself (slower, not wrong), and test/db/shipped-cluster.test.ts says so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/connect.js';
import { migrationNames } from '../src/db/migrate.js';
import { installedPgliteVersion, packShippedCluster } from '../src/db/shipped-cluster.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tos-pglite-cluster-'));
try {
  // Made by initdb, not from the previous shipped cluster (hidden from openDatabase by the empty directory).
  const handle = await openDatabase({ databaseUrl: null, dataDir: scratch, shippedCluster: false });
  await handle.close();
  const manifest = packShippedCluster(path.join(scratch, 'pgdata'), installedPgliteVersion(), migrationNames());
  console.log(
    `db/pglite/cluster.tar.br: PGlite ${manifest.pglite}, ${manifest.migrations.length} migrations, ${(manifest.bytes / 2 ** 20).toFixed(1)} MiB of tar`,
  );
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
