// The database's content_version, read after the request arrived (batched: requests arriving
// together share one read). A response kept in memory under version v is current while this
// still reads v; see db/migrations/2026-11-22T03-00-00_content-version-and-batched-metering.ts.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { Batcher } from '../batcher.js';

export class ContentVersion {
  private readonly batcher: Batcher<null, number>;

  constructor(db: Kysely<Database>) {
    this.batcher = new Batcher(async (items) => {
      const { rows } = await sql<{ version: number }>`select version::float8 as version from content_version`.execute(db);
      const version = rows[0]!.version;
      return items.map(() => version);
    });
  }

  read(): Promise<number> {
    return this.batcher.submit(null);
  }
}
