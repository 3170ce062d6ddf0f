// Atom 1.0 feeds of terms changes (RFC 4287): one for every provider, one per provider. Each
// entry is one change record: it links to the provider's page and lists the concerning clauses
// that appeared and went, or says how the site's access signals for AI agents changed, or how the
// provider's rating moved into another band. Every text is escaped for XML, and characters XML 1.0 cannot carry
// are dropped, so no document or title can break the feed.
import { SERVICE_NAME } from '../core/attribution.js';
import { ARCHIVE_CREDIT } from '../core/answers/terms-source.js';
import type { FeedChange } from '../repositories/feeds.js';
import { escapeHtml, visibleText } from './html.js';
import { SEVERITY_LABEL } from './format.js';
import { bandChangeSummary, bandChangeTitle } from '../ingest/index.js';

export const FEED_ENTRIES = 50;
export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Anything but tab, newline, carriage return and the allowed ranges of XML 1.0.
const NOT_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export function escapeXml(text: string): string {
  return visibleText(text)
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

export interface FeedOptions {
  readonly title: string;
  readonly subtitle: string;
  /** The feed's own URL (its id and rel=self). */
  readonly selfUrl: string;
  /** The HTML page the feed is about. */
  readonly pageUrl: string;
  readonly baseUrl: string;
  readonly changes: FeedChange[];
  /**
   * The feed's date while it has no entry: when its provider (or the first provider) was added, a
   * stable date, never the time of the request, since nothing has happened since.
   */
  readonly since: Date | null;
}

/** When the entry's change happened: a snapshot version's recorded date, else when it arrived. */
export function changedAt(change: FeedChange): Date {
  return change.recorded_at ?? change.created_at;
}

export function renderFeed(feed: FeedOptions): string {
  // No newer than the newest of its entries (a snapshot version is dated when it was recorded).
  const updated = feed.changes.length ? new Date(Math.max(...feed.changes.map((c) => changedAt(c).getTime()))) : (feed.since ?? new Date(0));
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${escapeXml(feed.selfUrl)}</id>
<title type="text">${escapeXml(feed.title)}</title>
<subtitle type="text">${escapeXml(feed.subtitle)}</subtitle>
<updated>${updated.toISOString()}</updated>
<link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfUrl)}"/>
<link rel="alternate" type="text/html" href="${escapeXml(feed.pageUrl)}"/>
<author><name>${escapeXml(SERVICE_NAME)}</name><uri>${escapeXml(feed.baseUrl)}/</uri></author>
<generator>${escapeXml(SERVICE_NAME)}</generator>
${feed.changes.map((change) => entry(change, feed.baseUrl)).join('\n')}
</feed>
`;
}

function entry(change: FeedChange, baseUrl: string): string {
  const page = `${baseUrl}/provider/${encodeURIComponent(change.slug)}`;
  const when = changedAt(change).toISOString();
  return `<entry>
<id>${escapeXml(`${page}#${change.kind === 'signals' ? 'signals-change' : change.kind === 'band' ? 'band-change' : 'change'}-${change.id}`)}</id>
<title type="text">${escapeXml(entryTitle(change))}</title>
<published>${when}</published>
<updated>${when}</updated>
<link rel="alternate" type="text/html" href="${escapeXml(page)}"/>
<summary type="text">${escapeXml(change.kind === 'band' ? bandSummary(change) : change.summary)}</summary>
<content type="html">${escapeXml(entryHtml(change))}</content>
</entry>`;
}

/** A band change: its words from the one band table (src/analysis/band.ts), as the API gives them. */
function bandSummary(change: FeedChange): string {
  return bandChangeSummary(change.band!);
}

function entryTitle(change: FeedChange): string {
  if (change.kind === 'signals') return `${change.name}: signals for AI agents changed`;
  if (change.kind === 'band') return `${change.name}: ${bandChangeTitle(change.band!)}`;
  if (!change.is_english) return `${change.name}: terms not in English, not rated (the analyzer reads English only)`;
  if (change.is_first) return `${change.name}: terms analysed, ${count(change.added.length)} concerning`;
  return `${change.name}: terms changed, ${count(change.added.length)} appeared, ${count(change.removed.length)} went`;
}

const count = (n: number) => `${n} clause${n === 1 ? '' : 's'}`;

/** The entry's body as HTML (itself escaped again for XML by the caller). */
function entryHtml(change: FeedChange): string {
  if (change.kind === 'band') return `<p>${escapeHtml(bandSummary(change))}</p>`;
  const list = (heading: string, clauses: FeedChange['added']) =>
    clauses.length === 0
      ? ''
      : `<h3>${escapeHtml(heading)}</h3><ul>${grouped(clauses)
          .map(({ title, severity, n }) => `<li>${escapeHtml(title)} (${escapeHtml(SEVERITY_LABEL[severity] ?? severity)})${n > 1 ? ` × ${n}` : ''}</li>`)
          .join('')}</ul>`;
  const recorded = change.recorded_at ? `<p>Terms as recorded by ${ARCHIVE_CREDIT} on ${change.recorded_at.toISOString().slice(0, 10)}.</p>` : '';
  return [
    `<p>${escapeHtml(change.summary)}</p>`,
    recorded,
    list(change.is_first ? 'Concerning clauses found' : 'Clauses that appeared', change.added),
    list('Clauses that went', change.removed),
  ].join('');
}

/** Clauses of the same title and severity as one line with a count, in order of first appearance. */
function grouped(clauses: FeedChange['added']): { title: string; severity: FeedChange['added'][number]['severity']; n: number }[] {
  const groups = new Map<string, { title: string; severity: FeedChange['added'][number]['severity']; n: number }>();
  for (const c of clauses) {
    const key = `${c.severity}\u0000${c.title}`;
    const group = groups.get(key);
    if (group) group.n++;
    else groups.set(key, { title: c.title, severity: c.severity, n: 1 });
  }
  return [...groups.values()];
}
