// Every keyed request is authenticated and metered by the database at the time it arrives (no
// key cache: a replaced or revoked key is refused by every process at once), but requests that
// arrive together share one statement: one batch per budget bucket.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { meterRequests, type MeteredRequest } from '../../repositories/metering.js';
import type { BudgetRule } from '../../repositories/rate-limits.js';
import { Batcher } from '../batcher.js';

export class RequestMeter {
  private readonly batchers = new Map<string, Batcher<string, MeteredRequest | null>>();

  constructor(private readonly db: Kysely<Database>) {}

  /** Null when no active agent holds the key. */
  meter(keyHash: string, rule: BudgetRule | null): Promise<MeteredRequest | null> {
    const id = rule ? `${rule.bucket}/${rule.limit}/${rule.windowSeconds}` : '';
    let batcher = this.batchers.get(id);
    if (!batcher) {
      batcher = new Batcher((keyHashes) => meterRequests(this.db, keyHashes, rule));
      this.batchers.set(id, batcher);
    }
    return batcher.submit(keyHash);
  }
}
