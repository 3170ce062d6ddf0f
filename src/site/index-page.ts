// GET /: the active providers with their overall rating and clause counts, a page at a time, with
// a search by name or domain and a sort by name or by rating: a plain GET form, so it all works
// without JavaScript. It says how far tracking the catalogue has got, and that the providers
// shown are fictional demos while no real provider has been analysed yet.
import { SERVICE_NAME } from '../core/attribution.js';
import type { IndexFilter, IndexSort, ProviderIndexRow } from '../repositories/site.js';
import { FILTER_LABEL, filterFieldset } from './index-filters.js';
import type { TrackingCounts } from '../repositories/tracking.js';
import { notInEnglish, providerBand } from '../analysis/index.js';
import { formatRating, plural, RATING_SCALE, SEVERITIES, SEVERITY_LABEL } from './format.js';
import { html, isolated, type SafeHtml } from './html.js';
import { layout } from './layout.js';

export const SEARCH_MAX_LENGTH = 100;
export const INDEX_PAGE_SIZE = 24;
const MAX_PAGE = 100_000;

/** The search text from `?q=`: trimmed and bounded; the first value if the key repeats. */
export function searchTerm(q: unknown): string | null {
  const first = Array.isArray(q) ? q[0] : q;
  if (typeof first !== 'string') return null;
  const term = first.trim().slice(0, SEARCH_MAX_LENGTH);
  return term === '' ? null : term;
}

/** `?sort=rating` sorts by rating; anything else by name. */
export function sortOrder(sort: unknown): IndexSort {
  return (Array.isArray(sort) ? sort[0] : sort) === 'rating' ? 'rating' : 'name';
}

/** `?page=N` for N from 1; anything else is page 1. */
export function pageNumber(page: unknown): number {
  const first = Array.isArray(page) ? page[0] : page;
  return typeof first === 'string' && /^[1-9]\d{0,5}$/.test(first) ? Math.min(Number(first), MAX_PAGE) : 1;
}

export interface IndexPageData {
  providers: ProviderIndexRow[];
  total: number;
  search: string | null;
  sort: IndexSort;
  page: number;
  /** Only providers whose terms have all of these (`?has=`). */
  filters: readonly IndexFilter[];
  tracking: TrackingCounts;
  baseUrl: string;
}

export function renderIndexPage(data: IndexPageData): string {
  const { providers, search, sort, page, total, filters } = data;
  const pages = Math.max(1, Math.ceil(total / INDEX_PAGE_SIZE));
  const firstPage = search === null && sort === 'name' && page === 1 && filters.length === 0;
  const listing = { search, sort, filters };
  return layout({
    title: search ? `“${search}”: search providers · ${SERVICE_NAME}` : `${SERVICE_NAME}: Terms-of-Service ratings${page > 1 ? ` (page ${page})` : ''}`,
    description: `${SERVICE_NAME} rates the Terms of Service of online services: concerning clauses quoted and explained in plain English, with ratings from 1 to 10.`,
    canonicalUrl: `${data.baseUrl}/`,
    noindex: !firstPage,
    feeds: [{ title: `${SERVICE_NAME}: changes to terms of service`, href: '/feed.xml' }],
    main: html`
<h1>Terms-of-Service ratings</h1>
<p class="lead">${SERVICE_NAME} reads the Terms of Service of online services and points out the clauses that deserve a second look, quoted exactly and explained in plain English. AI agents read and rate the same data through a free API: see the <a href="/docs">API documentation for agent developers</a>.</p>
<p class="muted">${RATING_SCALE} Changes to terms: <a href="/feed.xml">Atom feed</a>.</p>
${trackingNote(data.tracking, providers)}
<form class="search" method="get" action="/" role="search">
<label for="q">Search providers by name or domain</label>
<input id="q" name="q" type="search" value="${search ?? ''}" maxlength="${SEARCH_MAX_LENGTH}" autocomplete="off">
<label class="sort-label" for="sort">Sort by</label>
<select id="sort" name="sort">
<option value="name"${sort === 'name' ? html` selected` : ''}>Name</option>
<option value="rating"${sort === 'rating' ? html` selected` : ''}>Rating (most concerning first)</option>
</select>
${filterFieldset(filters)}
<button type="submit">Search</button>
</form>
${resultNote(total, search, filters, page, pages)}
${providers.length ? html`<ul class="cards" aria-label="Providers">${providers.map(providerCard)}</ul>` : ''}
${pager(page, pages, listing)}`,
  });
}

function trackingNote(tracking: TrackingCounts, providers: ProviderIndexRow[]): SafeHtml | string {
  const demo = providers.some((p) => p.is_example);
  const progress =
    tracking.tracked > 0
      ? html`<p role="status">Tracking the terms of ${plural(tracking.tracked, 'service')}: <strong>${tracking.analysed} analysed so far</strong>${tracking.failing ? html`, ${tracking.failing} not reachable at the last try` : ''}.</p>`
      : '';
  const demoNote = demo
    ? html`<p class="note" role="note">The providers marked “demo” are fictional examples, shown until the terms of the first real provider have been analysed.</p>`
    : '';
  return html`${progress}${demoNote}`;
}

function resultNote(total: number, search: string | null, filters: readonly IndexFilter[], page: number, pages: number): SafeHtml | string {
  const where = pages > 1 ? html` Page ${page} of ${pages}.` : '';
  if (search === null && filters.length === 0)
    return total ? html`<p class="muted">${plural(total, 'provider')}.${where}</p>` : html`<p>No providers have been rated yet.</p>`;
  const withTerms = filters.length ? html` with ${filters.map((f) => FILTER_LABEL[f].toLowerCase()).join(', ')}` : '';
  const matching = search === null ? '' : html` ${total === 1 ? 'matches' : 'match'} “<strong>${isolated(search)}</strong>”`;
  return html`<p role="status">${plural(total, 'provider')}${matching}${withTerms}.${where} <a href="/">Show all providers</a></p>`;
}

interface Listing {
  search: string | null;
  sort: IndexSort;
  filters: readonly IndexFilter[];
}

function pageHref(page: number, { search, sort, filters }: Listing): string {
  const params = new URLSearchParams();
  if (search) params.set('q', search);
  if (sort !== 'name') params.set('sort', sort);
  for (const f of filters) params.append('has', f);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/?${query}` : '/';
}

function pager(page: number, pages: number, listing: Listing): SafeHtml | string {
  if (pages <= 1 && page <= 1) return '';
  const previous = page > 1 ? html`<a rel="prev" href="${pageHref(Math.min(page - 1, pages), listing)}">Previous page</a>` : '';
  const next = page < pages ? html`<a rel="next" href="${pageHref(page + 1, listing)}">Next page</a>` : '';
  return html`<nav class="pager" aria-label="Pages">${previous}<span>Page ${page} of ${pages}</span>${next}</nav>`;
}

function providerCard(p: ProviderIndexRow): SafeHtml {
  const band = providerBand(p);
  const unrated = band.level === 'unrated' ? band.label : null;
  const counts = SEVERITIES.filter((s) => p[s] > 0);
  const state =
    p.terms_state === 'not-read-yet' ? 'Not analysed yet' : p.terms_state === 'not-english' ? `Terms ${notInEnglish(p.terms_language)}, not rated` : null;
  return html`<li class="card">
<div class="card-top">
<div>
<h2><a href="/provider/${encodeURIComponent(p.slug)}">${isolated(p.name)}</a></h2>
<p class="muted domain">${isolated(p.domain)}${p.is_example ? html` <span class="demo">demo</span>` : ''}</p>
</div>
${
  unrated
    ? html`<span class="rating band-none">${unrated}</span>`
    : html`<span class="rating band-${band.level}" title="${band.label}">${formatRating(p.overall_rating)}<small>/10</small></span>`
}
</div>
<p>${state ?? html`${unrated ?? band.label} · ${plural(p.clause_count, 'clause')}`}</p>
${counts.length ? html`<ul class="chips" aria-label="Clauses by severity">${counts.map((s) => html`<li class="chip sev-${s}">${p[s]} ${SEVERITY_LABEL[s].toLowerCase()}</li>`)}</ul>` : ''}
</li>`;
}
