// Which providers are tracked on the web, who is fetching which right now (leases), and how
// each last fetch went. Several processes share the work through the database alone: a claim
// is one short transaction under a transaction-scoped advisory lock (claims never interleave,
// so "one fetch per host at a time" holds across processes), and a lease that a crashed
// process leaves behind expires by itself.
import { sql, type Kysely } from 'kysely';
import type { Database, ProviderTracking } from '../db/schema.js';
import type { TrackingCounts, TrackingStatusRow } from './views.js';

export type { TrackingCounts };

const CLAIM_LOCK = 7253020;
/** Providers fetched at once by all processes on this database together (politeness, not capacity). */
export const MAX_FETCHES_AT_ONCE = 2;

export interface TrackedDeclaration {
  readonly slug: string;
  readonly name: string;
  readonly domain: string;
  /** Where the terms are read on the web; null: known only from the shipped snapshot, not fetched. */
  readonly url: string | null;
  readonly select: readonly string[] | null;
  readonly remove: readonly string[] | null;
  readonly renderJs: boolean;
  readonly description: string;
}

export function hostOf(url: string): string {
  return new URL(url).hostname.toLowerCase();
}

const json = (value: readonly string[] | null) => (value === null ? null : JSON.stringify(value));

/** The address shown for a provider whose terms have no known web address: its site. */
export function siteUrl(domain: string): string {
  return `https://${domain}/`;
}

/**
 * Adds the catalogue's providers that are missing (active at once: a provider we track has a page
 * from the start, saying "not read yet" until its terms are in) and brings every catalogue
 * declaration up to date; a changed declaration forgets the validators, so that the page is read
 * again with it. A provider an operator deactivated stays so. Set-based (a few statements for
 * hundreds of entries, it runs at every start); idempotent, safe to run at once in several processes.
 */
export async function syncCatalogue(db: Kysely<Database>, entries: readonly TrackedDeclaration[]): Promise<void> {
  if (entries.length === 0) return;
  const slugs = entries.map((e) => e.slug);
  // Only the missing ones are inserted: an insert of nothing would still mark content as changed.
  const present = new Set((await db.selectFrom('providers').select('slug').where('slug', 'in', slugs).execute()).map((p) => p.slug));
  const missing = entries.filter((e) => !present.has(e.slug));
  if (missing.length > 0) {
    await db
      .insertInto('providers')
      .values(missing.map((e) => ({ slug: e.slug, name: e.name, domain: e.domain, tos_url: e.url ?? siteUrl(e.domain), description: e.description })))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
  const providers = await db.selectFrom('providers').select(['id', 'slug', 'tos_url']).where('slug', 'in', slugs).execute();
  const bySlug = new Map(providers.map((p) => [p.slug, p]));
  const existing = new Map(
    (
      await db
        .selectFrom('provider_tracking')
        .selectAll()
        .where(
          'provider_id',
          'in',
          providers.map((p) => p.id),
        )
        .execute()
    ).map((r) => [r.provider_id, r]),
  );
  const fresh = [];
  for (const entry of entries) {
    const provider = bySlug.get(entry.slug)!;
    const shownUrl = entry.url ?? siteUrl(entry.domain);
    if (provider.tos_url !== shownUrl) {
      await db.updateTable('providers').set({ tos_url: shownUrl, updated_at: new Date() }).where('id', '=', provider.id).execute();
    }
    if (entry.url === null) continue; // nothing to fetch
    const declared = {
      source: 'catalogue' as const,
      url: entry.url,
      host: hostOf(entry.url),
      select_selectors: json(entry.select),
      remove_selectors: json(entry.remove),
      render_js: entry.renderJs,
    };
    const row = existing.get(provider.id);
    if (!row) fresh.push({ provider_id: provider.id, ...declared });
    else if (!sameDeclaration(row, declared)) {
      await db
        .updateTable('provider_tracking')
        .set({ ...declared, etag: null, last_modified: null })
        .where('provider_id', '=', provider.id)
        .execute();
    }
  }
  if (fresh.length > 0) {
    await db
      .insertInto('provider_tracking')
      .values(fresh)
      .onConflict((oc) => oc.column('provider_id').doNothing())
      .execute();
  }
}

function sameDeclaration(
  row: ProviderTracking,
  declared: { source: string; url: string; select_selectors: string | null; remove_selectors: string | null; render_js: boolean },
): boolean {
  return (
    row.source === declared.source &&
    row.url === declared.url &&
    json(row.select_selectors) === declared.select_selectors &&
    json(row.remove_selectors) === declared.remove_selectors &&
    row.render_js === declared.render_js
  );
}

/** Active real providers added by operators are tracked at their tos_url, which may change. */
export async function syncOperatorProviders(db: Kysely<Database>): Promise<void> {
  const rows = await db
    .selectFrom('providers as p')
    .leftJoin('provider_tracking as t', 't.provider_id', 'p.id')
    .select(['p.id', 'p.tos_url', 't.url', 't.source'])
    .where('p.is_active', '=', true)
    .where('p.is_example', '=', false)
    .where((eb) => eb.or([eb('t.provider_id', 'is', null), eb.and([eb('t.source', '=', 'operator'), eb('t.url', '<>', eb.ref('p.tos_url'))])]))
    .execute();
  for (const row of rows) {
    let host: string;
    try {
      host = hostOf(row.tos_url);
    } catch {
      continue; // not a URL: nothing to track
    }
    if (row.source === null) {
      await db
        .insertInto('provider_tracking')
        .values({ provider_id: row.id, source: 'operator', url: row.tos_url, host })
        .onConflict((oc) => oc.column('provider_id').doNothing())
        .execute();
    } else {
      await db.updateTable('provider_tracking').set({ url: row.tos_url, host, etag: null, last_modified: null }).where('provider_id', '=', row.id).execute();
    }
  }
}

/** Makes a provider the catalogue added active with its first analysed version (inside ingestion's transaction). */
export async function publishIfPending(db: Kysely<Database>, providerId: number): Promise<void> {
  const pending = await db
    .updateTable('provider_tracking')
    .set({ publish_on_first_version: false })
    .where('provider_id', '=', providerId)
    .where('publish_on_first_version', '=', true)
    .returning('provider_id')
    .executeTakeFirst();
  if (pending) await db.updateTable('providers').set({ is_active: true, updated_at: new Date() }).where('id', '=', providerId).execute();
}

/** An operator who sets is_active decides for good: the catalogue no longer publishes on its own. */
export async function forgetPendingPublication(db: Kysely<Database>, providerId: number): Promise<void> {
  await db.updateTable('provider_tracking').set({ publish_on_first_version: false }).where('provider_id', '=', providerId).execute();
}

export interface ClaimedProvider {
  readonly providerId: number;
  readonly slug: string;
  readonly url: string;
  readonly select: string[] | null;
  readonly remove: string[] | null;
  readonly renderJs: boolean;
  readonly etag: string | null;
  readonly lastModified: string | null;
}

export type ClaimMode =
  /** What is due by the schedule (next_attempt_at has come). */
  | { readonly kind: 'scheduled' }
  /** Everything not attempted since `since` (a pass run by hand), optionally only these slugs. */
  | { readonly kind: 'forced'; readonly since: Date; readonly slugs?: readonly string[] };

/**
 * Claims the next provider to fetch: due, not leased, and on a host nobody is fetching from, while
 * fewer than MAX_FETCHES_AT_ONCE leases are held by all processes together (claims are serialised
 * by the advisory lock, so the count cannot be overtaken). `busy` when something is due but waits
 * for a lease, a host or a free fetch; `done` when nothing is due.
 */
export async function claimNext(db: Kysely<Database>, owner: string, leaseSeconds: number, mode: ClaimMode): Promise<ClaimedProvider | 'busy' | 'done'> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
    const due =
      mode.kind === 'scheduled'
        ? sql`t.next_attempt_at <= now()`
        : sql`(t.last_attempt_at is null or t.last_attempt_at < ${mode.since})${mode.slugs?.length ? sql` and p.slug in (${sql.join(mode.slugs)})` : sql``}`;
    // Due rows in the order of provider_tracking_due_idx: the scan stops at the first one whose
    // host is free, so a claim reads a few index entries, not a sort of every due row. Leases
    // are few (MAX_FETCHES_AT_ONCE), and the partial index on leased hosts finds them.
    const leasedHost = sql`exists (select 1 from provider_tracking o where o.host = t.host and o.leased_until is not null and o.leased_until > now())`;
    const { rows } = await sql<{ provider_id: number }>`
      select t.provider_id
      from provider_tracking t join providers p on p.id = t.provider_id
      where (p.is_active or t.publish_on_first_version) and ${due}
        and not coalesce(t.leased_until > now(), false) and not ${leasedHost}
      order by t.next_attempt_at, t.provider_id
      limit 1`.execute(trx);
    const first = rows[0];
    if (!first) {
      const { rows: waiting } = await sql`
        select 1 from provider_tracking t join providers p on p.id = t.provider_id
        where (p.is_active or t.publish_on_first_version) and ${due} limit 1`.execute(trx);
      return waiting.length > 0 ? 'busy' : 'done';
    }
    const { rows: held } = await sql<{ n: number }>`
      select count(*)::int as n from provider_tracking where leased_until is not null and leased_until > now()`.execute(trx);
    if (held[0]!.n >= MAX_FETCHES_AT_ONCE) return 'busy';
    const claimed = await trx
      .updateTable('provider_tracking as t')
      .from('providers as p')
      .set({ leased_until: sql`now() + make_interval(secs => ${leaseSeconds})`, lease_owner: owner, last_attempt_at: sql`now()` })
      .whereRef('p.id', '=', 't.provider_id')
      .where('t.provider_id', '=', first.provider_id)
      .returning(['t.provider_id', 'p.slug', 't.url', 't.select_selectors', 't.remove_selectors', 't.render_js', 't.etag', 't.last_modified'])
      .executeTakeFirstOrThrow();
    return {
      providerId: claimed.provider_id,
      slug: claimed.slug,
      url: claimed.url,
      select: claimed.select_selectors,
      remove: claimed.remove_selectors,
      renderJs: claimed.render_js,
      etag: claimed.etag,
      lastModified: claimed.last_modified,
    };
  });
}

export interface FetchSuccess {
  readonly outcome: 'analysed' | 'unchanged' | 'not-modified';
  /** Validators to send next time (kept as they were after a 304). */
  readonly etag: string | null;
  readonly lastModified: string | null;
}

/** Ends a lease after a good fetch: validators kept, error cleared, next fetch a whole interval away. */
export async function recordSuccess(db: Kysely<Database>, providerId: number, owner: string, result: FetchSuccess, intervalSeconds: number): Promise<void> {
  await db
    .updateTable('provider_tracking')
    .set({
      leased_until: null,
      lease_owner: null,
      last_fetched_at: sql`now()`,
      last_outcome: result.outcome,
      last_error: null,
      consecutive_failures: 0,
      etag: result.etag,
      last_modified: result.lastModified,
      next_attempt_at: sql`now() + make_interval(secs => ${intervalSeconds})`,
    })
    .where('provider_id', '=', providerId)
    .where('lease_owner', '=', owner)
    .execute();
  // Every provider shows when its live page was last read (`source.live_read_at`), read ones too.
  await touchProvider(db, providerId, false);
}

/** Ends a lease after a failure: the error kept, the next try sooner than a whole interval (15 min, doubling). */
export async function recordFailure(db: Kysely<Database>, providerId: number, owner: string, error: string, intervalSeconds: number): Promise<void> {
  await db
    .updateTable('provider_tracking')
    .set({
      leased_until: null,
      lease_owner: null,
      last_outcome: 'failed',
      last_error: error.slice(0, 1000),
      consecutive_failures: sql`consecutive_failures + 1`,
      next_attempt_at: sql`now() + make_interval(secs => least(${intervalSeconds}::float8, 900 * power(2, least(consecutive_failures, 10))))`,
    })
    .where('provider_id', '=', providerId)
    .where('lease_owner', '=', owner)
    .execute();
  await touchProvider(db, providerId, true);
}

/**
 * A provider not read yet shows its last attempt (the page, the API's `source.last_attempt`), and
 * every provider when its live page was last read (`source.live_read_at`): touching its row renews
 * its content version, so that cached answers say the latest one. A failure matters only to a
 * provider not read yet.
 */
async function touchProvider(db: Kysely<Database>, providerId: number, onlyIfNotRead: boolean): Promise<void> {
  await db
    .updateTable('providers')
    .set({ updated_at: sql`now()` })
    .where('id', '=', providerId)
    .where((eb) => (onlyIfNotRead ? eb('terms_state', '=', 'not-read-yet') : eb.lit(true)))
    .execute();
}

/** Gives back leases a stopping process still holds, so that others need not wait for them to expire. */
export async function releaseLeases(db: Kysely<Database>, owner: string): Promise<void> {
  await db.updateTable('provider_tracking').set({ leased_until: null, lease_owner: null }).where('lease_owner', '=', owner).execute();
}

/** The provider's tracking declaration (the catalogue's URL and selectors), if it is tracked. */
export async function findTracking(db: Kysely<Database>, providerId: number): Promise<ProviderTracking | undefined> {
  return db.selectFrom('provider_tracking').selectAll().where('provider_id', '=', providerId).executeTakeFirst();
}

export async function listTrackingStatus(
  db: Kysely<Database>,
  options: { failedOnly: boolean; slug: string | null; limit: number; offset: number },
): Promise<TrackingStatusRow[]> {
  let query = db
    .selectFrom('provider_tracking as t')
    .innerJoin('providers as p', 'p.id', 't.provider_id')
    .select([
      'p.slug',
      'p.name',
      't.source',
      't.url',
      'p.is_active',
      sql<boolean>`exists (select 1 from document_versions d where d.provider_id = p.id)`.as('analysed'),
      't.last_attempt_at',
      't.last_fetched_at',
      't.last_outcome',
      't.last_error',
      't.consecutive_failures',
      't.next_attempt_at',
    ]);
  if (options.failedOnly) query = query.where('t.last_outcome', '=', 'failed');
  if (options.slug !== null) query = query.where('p.slug', '=', options.slug);
  return query.orderBy('p.slug').limit(options.limit).offset(options.offset).execute();
}

/**
 * Tracked, analysed (has a document version) and failing providers. One pass over each table
 * (a hashed semi-join), not one EXISTS per tracked provider.
 */
export async function trackingCounts(db: Kysely<Database>): Promise<TrackingCounts> {
  const { rows } = await sql<TrackingCounts>`
    select count(*)::int as tracked,
      (count(*) filter (where t.provider_id in (select d.provider_id from document_versions d)))::int as analysed,
      (count(*) filter (where t.last_outcome = 'failed'))::int as failing
    from provider_tracking t`.execute(db);
  return rows[0]!;
}
