// `npm run seed`: adds the fictional demo providers to the configured database (idempotent).
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { seedDemoData } from '../src/ingest/index.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const created = await seedDemoData(database.db);
  console.log(`demo data: ${created} provider(s) added, the others were already there`);
} finally {
  await database.close();
}
