// Opens the configured database for one CLI command and closes it afterwards.
import type { Kysely } from 'kysely';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connect.js';
import type { Database } from '../../src/db/schema.js';

export async function withDatabase(run: (db: Kysely<Database>) => Promise<number>): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}
