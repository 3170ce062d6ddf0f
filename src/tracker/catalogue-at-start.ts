// The catalogue's providers brought into the database when a server starts, before it answers,
// whenever something will give them terms: tracking (TRACK_INTERVAL) or the shipped snapshot
// (SNAPSHOT). A catalogue that cannot be read is said in the log, and the server goes on with
// what the database holds.
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { syncCatalogue } from '../repositories/tracking.js';
import { CatalogueError, declarationOf, loadCatalogue } from './catalogue.js';

export async function syncCatalogueAtStart(
  db: Kysely<Database>,
  config: Pick<Config, 'catalogueFile' | 'trackIntervalSeconds' | 'snapshotFile'>,
  log: { error(obj: object, msg: string): void },
): Promise<void> {
  if (!config.catalogueFile || (config.trackIntervalSeconds === 0 && config.snapshotFile === null)) return;
  let entries;
  try {
    entries = loadCatalogue(config.catalogueFile);
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    return log.error({ err: error }, 'the catalogue of real providers cannot be read; starting without it');
  }
  await syncCatalogue(db, entries.map(declarationOf));
}
