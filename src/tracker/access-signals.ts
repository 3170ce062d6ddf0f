// The site's access signals, read at every pass beside the terms (src/agent-access): robots.txt
// (as read for politeness), the terms page's signal headers and meta tags (from the terms
// fetch), /.well-known/tdmrep.json and whether /llms.txt exists (each read once per site per
// pass, with the same safe fetcher, limits and robots.txt check as the terms). A failure that may
// pass (5xx, a network error, a page not fetched this time) keeps the part of the last reading;
// what the site serves that cannot be read (too large, broken) is recorded as unreadable. A reading
// unlike the last is a new version and, after the first, one change record (a feed entry).
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { describeSignalChanges } from '../agent-access/signal-changes.js';
import { canonicalJson, type PartState, type SiteSignals } from '../agent-access/signals.js';
import { parseTdmRepFile } from '../agent-access/tdmrep.js';
import { insertSignalChange, insertSignalVersion, latestSignalVersion, touchSignalVersion } from '../repositories/access-signals.js';
import { lockProvider } from '../repositories/providers.js';
import { kindOfContentType } from '../extract/index.js';
import { RobotsRefusal, shortReason, type RobotsCache, type RobotsReading } from './fetch/robots.js';
import { fetchResource, FetchFailure, type ResourceRequest } from './fetch/safe-http.js';

const TDMREP_MAX_BYTES = 64 * 1024;
const LLMS_MAX_BYTES = 1024 * 1024;
const FILE_TIMEOUT_MS = 10_000;

/** A part read this pass, or `transient`: not read for a reason that may pass (keep the last reading). */
type Fresh<T> = T | { readonly transient: true; readonly fallback: T };

export type PageReading = Fresh<SiteSignals['page']>;

export interface SiteFiles {
  readonly tdmrep: Fresh<SiteSignals['tdmrep']>;
  readonly llmsTxt: Fresh<SiteSignals['llmsTxt']>;
}

/** tdmrep.json and llms.txt of each site, read once per pass. */
export class SiteFilesCache {
  private readonly sites = new Map<string, Promise<SiteFiles>>();

  constructor(
    private readonly robots: RobotsCache,
    private readonly request: Pick<ResourceRequest, 'allowPrivateAddresses' | 'userAgent' | 'signal'>,
  ) {}

  files(origin: string): Promise<SiteFiles> {
    let files = this.sites.get(origin);
    if (!files) this.sites.set(origin, (files = this.read(origin)));
    return files;
  }

  private async read(origin: string): Promise<SiteFiles> {
    const tdmrep = await this.fetch(`${origin}/.well-known/tdmrep.json`, TDMREP_MAX_BYTES, 'application/json');
    const llms = await this.fetch(`${origin}/llms.txt`, LLMS_MAX_BYTES, 'text/plain, text/markdown');
    return { tdmrep: tdmrepPart(tdmrep), llmsTxt: llmsPart(llms) };
  }

  private async fetch(url: string, maxBytes: number, accept: string): Promise<Outcome> {
    try {
      await this.robots.check(url);
      const fetched = await fetchResource(url, { ...this.request, accept, maxBytes, timeoutMs: FILE_TIMEOUT_MS });
      if (fetched.kind !== 'fetched') return { kind: 'failed', detail: 'no answer', transient: true };
      return { kind: 'ok', body: fetched.body, contentType: fetched.contentType };
    } catch (error) {
      if (!(error instanceof FetchFailure)) throw error;
      if (error.httpStatus !== null && error.httpStatus >= 400 && error.httpStatus < 500) return { kind: 'missing', detail: `HTTP ${error.httpStatus}` };
      const transient = error instanceof RobotsRefusal ? /could not be read/.test(error.message) : error.retryable;
      return { kind: 'failed', detail: error instanceof RobotsRefusal ? 'robots.txt keeps us from it' : shortReason(error.message), transient };
    }
  }
}

type Outcome = { kind: 'ok'; body: Buffer; contentType: string } | { kind: 'missing'; detail: string } | { kind: 'failed'; detail: string; transient: boolean };

function tdmrepPart(outcome: Outcome): Fresh<SiteSignals['tdmrep']> {
  if (outcome.kind === 'missing') return { state: 'missing', rules: null, detail: outcome.detail };
  if (outcome.kind === 'failed') {
    const part = { state: 'unreadable' as const, rules: null, detail: outcome.detail };
    return outcome.transient ? { transient: true, fallback: part } : part;
  }
  const parsed = parseTdmRepFile(outcome.body.toString('utf8'));
  return parsed.ok ? { state: 'read', rules: parsed.rules, detail: null } : { state: 'unreadable', rules: null, detail: parsed.problem };
}

function llmsPart(outcome: Outcome): Fresh<SiteSignals['llmsTxt']> {
  if (outcome.kind === 'missing') return 'missing';
  if (outcome.kind === 'failed') return outcome.transient ? { transient: true, fallback: 'unreadable' } : 'unreadable';
  // A site that answers every path with its HTML home page has no llms.txt.
  return kindOfContentType(outcome.contentType) === 'html' ? 'missing' : 'present';
}

export function robotsPart(reading: RobotsReading): Fresh<SiteSignals['robots']> {
  const part = { state: reading.state as PartState, text: reading.text, detail: reading.detail };
  return reading.transient ? { transient: true, fallback: part } : part;
}

/** This pass's parts, with the last reading's kept where this pass could not read them (same site only). */
export function mergeReading(
  previous: SiteSignals | null,
  origin: string,
  fresh: { robots: Fresh<SiteSignals['robots']>; page: PageReading; files: SiteFiles },
): SiteSignals {
  const same = previous?.origin === origin ? previous : null;
  const pick = <T>(part: Fresh<T>, last: T | undefined): T => {
    if (typeof part !== 'object' || part === null || !('transient' in part)) return part as T;
    return last !== undefined && !isUnreadable(last) ? last : part.fallback;
  };
  return {
    origin,
    robots: pick(fresh.robots, same?.robots),
    page: pick(fresh.page, same?.page),
    tdmrep: pick(fresh.files.tdmrep, same?.tdmrep),
    llmsTxt: pick(fresh.files.llmsTxt, same?.llmsTxt),
  };
}

function isUnreadable(part: unknown): boolean {
  return part === 'unreadable' || (typeof part === 'object' && part !== null && (part as { state?: string }).state === 'unreadable');
}

export type SignalsOutcome = 'first' | 'unchanged' | 'changed';

/** Records the reading: the same as the last moves its checked_at; another is a new version (and a change record after the first). */
export async function recordSignals(
  db: Kysely<Database>,
  providerId: number,
  origin: string,
  fresh: { robots: Fresh<SiteSignals['robots']>; page: PageReading; files: SiteFiles },
): Promise<SignalsOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockProvider(trx, providerId);
    const last = await latestSignalVersion(trx, providerId);
    const previous = (last?.signals as SiteSignals | undefined) ?? null;
    const signals = mergeReading(previous, origin, fresh);
    const json = canonicalJson(signals);
    const sha256 = createHash('sha256').update(json).digest('hex');
    if (last && last.sha256 === sha256) {
      await touchSignalVersion(trx, last.id);
      return 'unchanged';
    }
    const versionId = await insertSignalVersion(trx, providerId, json, sha256);
    if (!previous) return 'first';
    await insertSignalChange(trx, providerId, versionId, describeSignalChanges(previous, signals));
    return 'changed';
  });
}
