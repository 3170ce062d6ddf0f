// Where a provider's current terms come from, as the API (`source`), MCP and the page say it: the
// Open Terms Archive copy shipped with the service (credited with its recorded date, as its
// licence asks), a page our tracker read, an operator's submission, or nothing yet, with the
// tracker's last attempt and why it failed. One function, so that every door says the same.
import type { components } from '../../../generated/openapi.js';

export type TermsSourceView = components['schemas']['TermsSource'];

export const ARCHIVE_CREDIT = 'Open Terms Archive';
export const ARCHIVE_LICENCE = 'ODC-By 1.0';
export const ARCHIVE_LICENCE_URL = 'https://opendatacommons.org/licenses/by/1-0/';

/** What the database holds about the current version and the tracker's last attempt. */
export interface SourceFacts {
  readonly origin: 'snapshot' | 'fetched' | 'submitted' | null;
  readonly recordedAt: Date | string | null;
  readonly receivedAt: Date | string | null;
  readonly url: string | null;
  readonly lastAttemptAt: Date | string | null;
  readonly lastOutcome: 'analysed' | 'unchanged' | 'not-modified' | 'failed' | null;
  readonly lastError: string | null;
  /** The tracker's last successful read of the live page (a 200 or a 304), whatever it found. */
  readonly lastFetchedAt: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const day = (d: Date | string) => new Date(d).toISOString().slice(0, 10);
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/**
 * When the live page was last read and found to have the current version's words: the tracker's
 * last successful read, if it came after the version arrived. A read that found other words made
 * a newer version (so it cannot come after the current one), and a failed read moves nothing.
 */
function liveReadAt(facts: SourceFacts): string | null {
  if (!facts.lastFetchedAt || !facts.receivedAt) return null;
  return new Date(facts.lastFetchedAt) >= new Date(facts.receivedAt) ? iso(facts.lastFetchedAt) : null;
}

/** "; the provider's page, read at 02:10 UTC on 28 November 2026, has the same words". */
function liveRead(at: string | null): string {
  if (!at) return '';
  const when = new Date(at);
  return `; the provider's page, read at ${TIME.format(when)} UTC on ${DATE.format(when)}, has the same words`;
}

export function termsSource(facts: SourceFacts): TermsSourceView {
  const none = { credit: null, licence: null, licence_url: null };
  if (facts.origin === 'snapshot') {
    // A live read that found the archive's words stores no version: the text stays the archive's
    // copy (and its credit), and the source says it was confirmed live.
    const live = liveReadAt(facts);
    return {
      origin: 'snapshot',
      summary:
        (facts.recordedAt
          ? `Terms as recorded by ${ARCHIVE_CREDIT} on ${day(facts.recordedAt)}`
          : `Terms as recorded by ${ARCHIVE_CREDIT} (the copy shipped with this service does not give the date)`) + liveRead(live),
      recorded_at: iso(facts.recordedAt),
      live_read_at: live,
      url: facts.url,
      credit: ARCHIVE_CREDIT,
      licence: ARCHIVE_LICENCE,
      licence_url: ARCHIVE_LICENCE_URL,
      last_attempt: null,
    };
  }
  if (facts.origin === 'fetched' || facts.origin === 'submitted') {
    const when = facts.receivedAt ? ` on ${day(facts.receivedAt)}` : '';
    return {
      origin: facts.origin,
      summary: facts.origin === 'fetched' ? `Terms as read from the provider's page${when}` : `Terms as submitted by an operator${when}`,
      recorded_at: iso(facts.receivedAt),
      live_read_at: facts.origin === 'fetched' ? (liveReadAt(facts) ?? iso(facts.receivedAt)) : liveReadAt(facts),
      url: facts.url,
      ...none,
      last_attempt: null,
    };
  }
  const attempt = facts.lastAttemptAt && facts.lastOutcome ? { at: iso(facts.lastAttemptAt)!, outcome: facts.lastOutcome, error: facts.lastError } : null;
  return { origin: 'none', summary: notReadYet(attempt), recorded_at: null, live_read_at: null, url: null, ...none, last_attempt: attempt };
}

/** "Not read yet: the last fetch failed at 10:42 UTC on 27 November 2026 (DNS ...)". */
function notReadYet(attempt: TermsSourceView['last_attempt']): string {
  if (!attempt) return 'Not read yet: no text of these terms has been read so far.';
  const at = new Date(attempt.at);
  const when = `at ${TIME.format(at)} UTC on ${DATE.format(at)}`;
  if (attempt.outcome === 'failed') return `Not read yet: the last fetch failed ${when}${attempt.error ? ` (${attempt.error.slice(0, 300)})` : ''}.`;
  return `Not read yet: the last fetch ${when} gave no text to analyse.`;
}
