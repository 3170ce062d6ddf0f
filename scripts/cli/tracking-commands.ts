// `track`, `tracking` and `catalogue check`: run a tracking pass, show how tracking is going,
// and check the catalogue's entries against the live web (no database needed for the last).
import { loadConfig } from '../../src/config.js';
import { loadCatalogue, type CatalogueEntry } from '../../src/tracker/catalogue.js';
import { decodeBody, extractTerms } from '../../src/extract/extract-terms.js';
import { PRODUCT_TOKEN, userAgent } from '../../src/tracker/fetch/fetch-terms.js';
import { RobotsCache, RobotsRefusal } from '../../src/tracker/fetch/robots.js';
import { fetchResource, FetchFailure } from '../../src/tracker/fetch/safe-http.js';
import { ExtractionError, selectorMatches } from '../../src/extract/terms-html.js';
import { wordCount } from '../../src/ingest/words.js';
import { announce, CliError, openDoor, type Door } from './doors.js';
import { failureSummary, localFailureSummary, trackExitCode } from './track-summary.js';

export async function track(door: Door, slugs: string[]): Promise<number> {
  process.stderr.write(`tracking ${slugs.length ? slugs.join(', ') : 'every tracked provider'} through ${door.description}...\n`);
  const report = await door.call('runTrackingPass', { body: slugs.length ? { slugs } : {} });
  for (const provider of report.providers) console.log(JSON.stringify(provider));
  const count = (outcome: string) => report.providers.filter((p) => p.outcome === outcome).length;
  process.stderr.write(
    `${report.providers.length} tracked: ${count('analysed')} analysed (new version), ${count('unchanged')} unchanged, ` +
      `${count('not-modified')} not modified, ${count('failed')} failed\n`,
  );
  const cause = failureSummary(report.providers);
  if (cause) process.stderr.write(`${cause}\n`);
  return trackExitCode(report.providers);
}

export async function trackingStatus(door: Door, slug: string | undefined, failedOnly: boolean): Promise<number> {
  for (let page = 1; page <= 500; page++) {
    const query = { page, per_page: 20, ...(slug !== undefined && { provider_slug: slug }), ...(failedOnly && { failed: true }) };
    const result = await door.call('listTrackingStatus', { query });
    for (const provider of result.providers) console.log(JSON.stringify(provider));
    if (page === 1)
      process.stderr.write(`${result.counts.tracked} tracked, ${result.counts.analysed} analysed, ${result.counts.failing} failing their last fetch\n`);
    if (page >= result.pagination.total_pages) break;
  }
  return 0;
}

/**
 * `catalogue` alone: every entry of the catalogue with its terms URL and how its last fetch went
 * (from the database or the running server; "never fetched" before the first pass).
 */
export async function listCatalogue(file: string | undefined): Promise<number> {
  const entries = catalogueEntries(file);
  const status = new Map<string, { outcome: string | null; at: string | null; error: string | null }>();
  let unknown: string | null = null;
  try {
    const door = await openDoor();
    try {
      announce(door);
      for (let page = 1; page <= 500; page++) {
        const result = await door.call('listTrackingStatus', { query: { page, per_page: 20 } });
        for (const p of result.providers) status.set(p.slug, { outcome: p.last_outcome, at: p.last_attempt_at, error: p.last_error });
        if (page >= result.pagination.total_pages) break;
      }
    } finally {
      await door.close();
    }
  } catch (error) {
    unknown = (error as Error).message;
  }
  for (const entry of entries) {
    const s = status.get(entry.slug);
    const last = unknown
      ? 'last outcome unknown'
      : !s?.outcome
        ? 'never fetched'
        : `${s.outcome} ${s.at?.slice(0, 16).replace('T', ' ')} UTC${s.error ? ` (${s.error})` : ''}`;
    console.log(`${entry.name} (${entry.slug})  ${entry.terms_url}  ${last}`);
  }
  const count = (outcome: string) => entries.filter((e) => status.get(e.slug)?.outcome === outcome).length;
  process.stderr.write(
    unknown
      ? `${entries.length} entries; their last outcomes could not be read: ${unknown}\n`
      : `${entries.length} entries: ${count('analysed') + count('unchanged') + count('not-modified')} fetched last time, ${count('failed')} failed, ` +
          `${entries.filter((e) => !status.get(e.slug)?.outcome).length} never fetched\n`,
  );
  return 0;
}

function catalogueEntries(file: string | undefined): (CatalogueEntry & { terms_url: string })[] {
  const path = file ?? loadConfig().catalogueFile;
  if (!path) throw new CliError('no catalogue: CATALOGUE_FILE is none; give --file FILE');
  try {
    // Entries known only from the shipped snapshot have no page to check.
    return loadCatalogue(path).filter((e): e is CatalogueEntry & { terms_url: string } => e.terms_url !== undefined);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}

const CHECK_WORKERS = 2;

/** One line per entry: HTTP status and selector matches, or the error; exit 1 if any entry fails. */
export async function checkCatalogue(file: string | undefined): Promise<number> {
  const config = loadConfig();
  const entries = catalogueEntries(file);
  const busyHosts = new Set<string>();
  const robots = new RobotsCache(PRODUCT_TOKEN, { allowPrivateAddresses: config.fetchAllowPrivate, userAgent: userAgent(config.baseUrl) });
  const queue = [...entries];
  let failures = 0;
  const fetches: { outcome: string; error: string | null }[] = [];
  const worker = async () => {
    for (;;) {
      const index = queue.findIndex((e) => !busyHosts.has(new URL(e.terms_url).hostname));
      if (index < 0) {
        if (queue.length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      const [entry] = queue.splice(index, 1) as [CatalogueEntry & { terms_url: string }];
      const host = new URL(entry.terms_url).hostname;
      busyHosts.add(host);
      try {
        const line = await checkEntry(entry, config.baseUrl, config.fetchAllowPrivate, robots);
        if (line.failed) failures++;
        fetches.push(line.fetchError === null ? { outcome: 'fetched', error: null } : { outcome: 'failed', error: line.fetchError });
        console.log(`${entry.slug}: ${line.text}`);
      } finally {
        busyHosts.delete(host);
      }
    }
  };
  await Promise.all(Array.from({ length: CHECK_WORKERS }, worker));
  process.stderr.write(`${entries.length} entries checked, ${failures} with problems\n`);
  // As `track` does: the likely cause when fetches failed (a machine offline fails every one on DNS).
  const cause = localFailureSummary(fetches);
  if (cause) process.stderr.write(`${cause}\n`);
  return failures === 0 ? 0 : 1;
}

interface EntryCheck {
  readonly text: string;
  readonly failed: boolean;
  /** Why the page could not be fetched at all (null when it was). */
  readonly fetchError: string | null;
}

async function checkEntry(entry: CatalogueEntry & { terms_url: string }, baseUrl: string, allowPrivate: boolean, robots: RobotsCache): Promise<EntryCheck> {
  let fetched;
  try {
    // The tracker obeys robots.txt: an entry it keeps away is not tracked (only fetched by hand).
    await robots.check(entry.terms_url);
    fetched = await fetchResource(entry.terms_url, {
      userAgent: userAgent(baseUrl),
      allowPrivateAddresses: allowPrivate,
      timeoutMs: 30_000,
      maxBytes: 8 * 1024 * 1024,
    });
  } catch (error) {
    if (error instanceof RobotsRefusal) return { text: `not tracked: ${error.message}`, failed: true, fetchError: error.message };
    const message = error instanceof FetchFailure ? error.message.replace(`fetching ${entry.terms_url} failed: `, '') : (error as Error).message;
    return { text: `error: ${message}`, failed: true, fetchError: message };
  }
  if (fetched.kind !== 'fetched') return { text: 'HTTP 304', failed: false, fetchError: null };
  const parts = [`HTTP 200 ${fetched.contentType.split(';')[0] || 'untyped'}`];
  let failed = false;
  const html = fetched.contentType.includes('html') ? decodeBody(fetched.body, fetched.contentType) : null;
  if (html !== null && (entry.select || entry.remove)) {
    for (const [role, selectors] of [
      ['select', entry.select],
      ['remove', entry.remove],
    ] as const) {
      for (const { selector, matches } of selectorMatches(html, selectors ?? [])) {
        parts.push(`${role} ${selector}: ${matches} match${matches === 1 ? '' : 'es'}`);
        if (role === 'select' && matches === 0) failed = true;
      }
    }
  }
  try {
    const terms = await extractTerms(fetched, entry);
    parts.push(`${wordCount(terms.text)} words of terms`);
  } catch (error) {
    if (!(error instanceof ExtractionError)) throw error;
    parts.push(entry.render ? `${error.message} (the page needs JavaScript: the tracker renders it in Chromium)` : error.message);
    failed ||= !entry.render;
  }
  return { text: parts.join('; '), failed, fetchError: null };
}
