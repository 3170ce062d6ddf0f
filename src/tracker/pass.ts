// One tracking pass: bring the catalogue and operators' providers into provider_tracking, then
// fetch every provider that is due, each claimed with a lease in the database, which keeps the
// fetches of all processes on one database to two at once and never two on one host, and
// leaves alone the pages the site's robots.txt keeps us from (robots.ts). A good fetch is ingested (a
// new version and a change record only when the words changed); a failure is recorded on the
// provider and stores nothing else, and the pass goes on with the next provider. Beside the
// terms, each provider's access signals for AI agents are read and recorded (access-signals.ts).
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { latestDocumentVersion } from '../repositories/documents.js';
import {
  claimNext,
  recordFailure,
  recordSuccess,
  syncCatalogue,
  syncOperatorProviders,
  type ClaimedProvider,
  type ClaimMode,
} from '../repositories/tracking.js';
import type { Analyzer } from '../analysis-pool/index.js';
import { declarationOf, loadCatalogue } from './catalogue.js';
import { failureReason, fetchTerms, PRODUCT_TOKEN, userAgent, type FetchPolicy } from './fetch/fetch-terms.js';
import { RobotsCache } from './fetch/robots.js';
import { recordSignals, robotsPart, SiteFilesCache, type PageReading } from './access-signals.js';
import type { SiteSignals } from '../agent-access/signals.js';
import { ExtractionError } from '../extract/index.js';
import { ingestDocument, wordCount } from '../ingest/index.js';

export interface TrackerContext {
  readonly db: Kysely<Database>;
  readonly config: Pick<Config, 'baseUrl' | 'fetchAllowPrivate' | 'chromiumPath' | 'catalogueFile' | 'trackIntervalSeconds'>;
  /** Where documents are analysed (the server's worker threads). */
  readonly analyzer: Analyzer;
  readonly log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Overrides of the fetch policy (tests: short timeouts and waits). */
  readonly policy?: Partial<FetchPolicy>;
  /** Fetches at once in this process. */
  readonly concurrency?: number;
  readonly leaseSeconds?: number;
  readonly signal?: AbortSignal;
  /** Who holds the leases; one per process. */
  readonly owner?: string;
}

export interface ProviderOutcome {
  slug: string;
  outcome: 'analysed' | 'unchanged' | 'not-modified' | 'failed';
  error: string | null;
  appeared: number;
  went: number;
}

export interface PassReport {
  started_at: string;
  finished_at: string;
  providers: ProviderOutcome[];
}

/** A new extraction with fewer words than this share of the current version is held back. */
const MIN_SHARE_OF_CURRENT = 0.3;
const DEFAULT_LEASE_SECONDS = 600;
/** How long to wait before asking again when what is due is leased or its host busy. */
const BUSY_WAIT_MS = 300;

export function leaseOwner(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** Adds the catalogue (if configured) and operators' providers to what is tracked. */
export async function syncTracked(ctx: TrackerContext): Promise<void> {
  if (ctx.config.catalogueFile) await syncCatalogue(ctx.db, loadCatalogue(ctx.config.catalogueFile).map(declarationOf));
  await syncOperatorProviders(ctx.db);
}

export async function runPass(ctx: TrackerContext, mode: ClaimMode): Promise<PassReport> {
  const started = new Date();
  await syncTracked(ctx);
  const owner = ctx.owner ?? leaseOwner();
  const results: ProviderOutcome[] = [];
  const request = { allowPrivateAddresses: ctx.config.fetchAllowPrivate, userAgent: userAgent(ctx.config.baseUrl), signal: ctx.signal };
  const robots = new RobotsCache(PRODUCT_TOKEN, request);
  const site = { robots, files: new SiteFilesCache(robots, request) };
  const worker = async () => {
    while (!ctx.signal?.aborted) {
      const claimed = await claimNext(ctx.db, owner, ctx.leaseSeconds ?? DEFAULT_LEASE_SECONDS, mode);
      if (claimed === 'done') return;
      if (claimed === 'busy') {
        await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
        continue;
      }
      const result = await trackOne(ctx, owner, claimed, site);
      if (result) results.push(result);
    }
  };
  await Promise.all(Array.from({ length: ctx.concurrency ?? 2 }, worker));
  return { started_at: started.toISOString(), finished_at: new Date().toISOString(), providers: results.sort((a, b) => a.slug.localeCompare(b.slug)) };
}

/** Fetches and ingests one claimed provider and ends its lease; null when cancelled by a shutdown. */
async function trackOne(
  ctx: TrackerContext,
  owner: string,
  claimed: ClaimedProvider,
  { robots, files }: { robots: RobotsCache; files: SiteFilesCache },
): Promise<ProviderOutcome | null> {
  const interval = ctx.config.trackIntervalSeconds || 24 * 3600;
  const policy: FetchPolicy = {
    baseUrl: ctx.config.baseUrl,
    allowPrivateAddresses: ctx.config.fetchAllowPrivate,
    chromiumPath: ctx.config.chromiumPath,
    signal: ctx.signal,
    ...ctx.policy,
  };
  let signalsRecorded = false;
  const signals = (page: PageReading) => ((signalsRecorded = true), trackSignals(ctx, claimed, robots, files, page));
  try {
    await robots.check(claimed.url);
    const fetched = await fetchTerms(claimed, { etag: claimed.etag, lastModified: claimed.lastModified }, policy, ctx.analyzer);
    if (fetched.kind === 'not-modified') {
      await signals({ transient: true, fallback: unreadPage(claimed.url, 'not modified since it was last read') });
      await recordSuccess(ctx.db, claimed.providerId, owner, { outcome: 'not-modified', etag: claimed.etag, lastModified: claimed.lastModified }, interval);
      return done(ctx, { slug: claimed.slug, outcome: 'not-modified', error: null, appeared: 0, went: 0 });
    }
    await signals({ state: 'read', url: fetched.url, ...fetched.signals, detail: null });
    await refuseSuddenShrink(ctx.db, claimed.providerId, fetched.text);
    const ingested = await ingestDocument(ctx.db, ctx.analyzer, claimed.providerId, fetched.text, fetched.format, fetched.url);
    await recordSuccess(ctx.db, claimed.providerId, owner, { outcome: ingested.status, etag: fetched.etag, lastModified: fetched.lastModified }, interval);
    return done(ctx, { slug: claimed.slug, outcome: ingested.status, error: null, appeared: ingested.added.length, went: ingested.removed.length });
  } catch (error) {
    if (ctx.signal?.aborted) return null; // shutting down: the lease is given back, nothing recorded
    const reason = failureReason(error);
    if (!signalsRecorded) await signals({ transient: true, fallback: unreadPage(claimed.url, reason) });
    if (reason.startsWith('internal error')) ctx.log?.warn({ err: error, provider: claimed.slug }, 'tracking failed');
    await recordFailure(ctx.db, claimed.providerId, owner, reason, interval);
    return done(ctx, { slug: claimed.slug, outcome: 'failed', error: reason, appeared: 0, went: 0 });
  }
}

/** Records the site's access signals beside the terms; a failure here is logged and never fails the terms. */
async function trackSignals(ctx: TrackerContext, claimed: ClaimedProvider, robots: RobotsCache, files: SiteFilesCache, page: PageReading): Promise<void> {
  try {
    const origin = new URL(claimed.url).origin;
    const [reading, siteFiles] = await Promise.all([robots.reading(origin), files.files(origin)]);
    const outcome = await recordSignals(ctx.db, claimed.providerId, origin, { robots: robotsPart(reading), page, files: siteFiles });
    if (outcome === 'changed') ctx.log?.info({ provider: claimed.slug }, 'access signals changed');
  } catch (error) {
    if (!ctx.signal?.aborted) ctx.log?.warn({ err: error, provider: claimed.slug }, 'recording access signals failed');
  }
}

function unreadPage(url: string, detail: string): SiteSignals['page'] {
  return { state: 'unreadable', url, headers: {}, meta: {}, detail };
}

function done(ctx: TrackerContext, outcome: ProviderOutcome): ProviderOutcome {
  ctx.log?.info({ provider: outcome.slug, outcome: outcome.outcome, error: outcome.error ?? undefined }, 'terms tracked');
  return outcome;
}

export class SuspiciousExtraction extends ExtractionError {}

/**
 * A page that suddenly yields a fraction of the terms is more likely a block page, a consent
 * wall or a redesign the selectors miss than terms cut by two thirds: it is not stored (the
 * clauses would all be marked gone), and the error says so. An operator can still submit it.
 */
async function refuseSuddenShrink(db: Kysely<Database>, providerId: number, text: string): Promise<void> {
  const current = await latestDocumentVersion(db, providerId);
  if (!current) return;
  const [now, before] = [wordCount(text), wordCount(current.text)];
  if (now < MIN_SHARE_OF_CURRENT * before) {
    throw new SuspiciousExtraction(
      `the page now gives ${now} words where the current version has ${before}: not stored (a block page, or selectors that no longer fit?)`,
    );
  }
}
