// The database's content_version, read after the call arrived (batched: calls arriving together
// share one read). An answer kept in memory under version v is current while this still reads v.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readContentVersion } from '../../repositories/content-version.js';
import { Batcher } from '../batcher.js';

export class ContentVersion {
  private readonly batcher: Batcher<null, number>;

  constructor(db: Kysely<Database>) {
    this.batcher = new Batcher(async (items) => {
      const version = await readContentVersion(db);
      return items.map(() => version);
    });
  }

  read(): Promise<number> {
    return this.batcher.submit(null);
  }
}
