// Every keyed request is authenticated and metered by the database at the time it arrives (no
// key cache: a replaced or revoked key is refused by every process at once), but requests that
// arrive together share one statement: one batch per budget bucket. The same statement reads
// the content versions of the providers the batch's answers are about (its `slugs`), so that a
// keyed answer about a provider is checked against its cache in the same round trip.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { meterRequests, type MeteredRequest } from '../../repositories/metering.js';
import type { BudgetRule } from '../../repositories/rate-limits.js';
import { Batcher } from '../batcher.js';

interface Item {
  readonly keyHash: string;
  readonly slugs: readonly string[] | null;
}

export class RequestMeter {
  private readonly batchers = new Map<string, Batcher<Item, MeteredRequest | null>>();

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Null when no active agent holds the key. `slugs`: providers whose content versions the
   * caller needs (MeteredRequest.providerVersions), read by the same statement.
   */
  meter(keyHash: string, rule: BudgetRule | null, slugs: readonly string[] | null = null): Promise<MeteredRequest | null> {
    const id = rule ? `${rule.bucket}/${rule.limit}/${rule.windowSeconds}` : '';
    let batcher = this.batchers.get(id);
    if (!batcher) {
      batcher = new Batcher((items) =>
        meterRequests(
          this.db,
          items.map((i) => i.keyHash),
          rule,
          slugsOf(items),
        ),
      );
      this.batchers.set(id, batcher);
    }
    return batcher.submit({ keyHash, slugs });
  }
}

function slugsOf(items: readonly Item[]): string[] {
  const slugs = new Set<string>();
  for (const item of items) if (item.slugs) for (const slug of item.slugs) slugs.add(slug);
  return [...slugs];
}
