// GET /: every active provider with its overall rating and clause counts, and a search by name
// or domain that is a plain GET form, so it works without JavaScript.
import { SERVICE_NAME } from '../http/attribution.js';
import type { ProviderIndexRow } from '../repositories/site.js';
import { formatRating, plural, ratingBand, RATING_SCALE, SEVERITIES, SEVERITY_LABEL } from './format.js';
import { html, type SafeHtml } from './html.js';
import { layout } from './layout.js';

export const SEARCH_MAX_LENGTH = 100;

/** The search text from `?q=`: trimmed and bounded; the first value if the key repeats. */
export function searchTerm(q: unknown): string | null {
  const first = Array.isArray(q) ? q[0] : q;
  if (typeof first !== 'string') return null;
  const term = first.trim().slice(0, SEARCH_MAX_LENGTH);
  return term === '' ? null : term;
}

export function renderIndexPage(providers: ProviderIndexRow[], search: string | null, baseUrl: string): string {
  return layout({
    title: search ? `“${search}”: search providers · ${SERVICE_NAME}` : `${SERVICE_NAME}: Terms-of-Service ratings`,
    description: `${SERVICE_NAME} rates the Terms of Service of online services: concerning clauses quoted and explained in plain English, with ratings from 1 to 10.`,
    canonicalUrl: `${baseUrl}/`,
    noindex: search !== null,
    main: html`
<h1>Terms-of-Service ratings</h1>
<p class="lead">${SERVICE_NAME} reads the Terms of Service of online services and points out the clauses that deserve a second look, quoted exactly and explained in plain English. AI agents read and rate the same data through a free API: see the <a href="/docs">API documentation for agent developers</a>.</p>
<p class="muted">${RATING_SCALE}</p>
<form class="search" method="get" action="/" role="search">
<label for="q">Search providers by name or domain</label>
<input id="q" name="q" type="search" value="${search ?? ''}" maxlength="${SEARCH_MAX_LENGTH}" autocomplete="off">
<button type="submit">Search</button>
</form>
${resultNote(providers.length, search)}
${providers.length ? html`<ul class="cards" aria-label="Providers">${providers.map(providerCard)}</ul>` : ''}`,
  });
}

function resultNote(count: number, search: string | null): SafeHtml | string {
  if (search === null) return count ? '' : html`<p>No providers have been rated yet.</p>`;
  return html`<p role="status">${plural(count, 'provider')} ${count === 1 ? 'matches' : 'match'} “<strong>${search}</strong>”. <a href="/">Show all providers</a></p>`;
}

function providerCard(p: ProviderIndexRow): SafeHtml {
  const band = ratingBand(p.overall_rating);
  const counts = SEVERITIES.filter((s) => p[s] > 0);
  return html`<li class="card">
<div class="card-top">
<div>
<h2><a href="/provider/${encodeURIComponent(p.slug)}">${p.name}</a></h2>
<p class="muted domain">${p.domain}</p>
</div>
<span class="rating band-${band.band}" title="${band.label}">${formatRating(p.overall_rating)}<small>/10</small></span>
</div>
<p>${band.label} · ${plural(p.clause_count, 'clause')}</p>
${p.rating_note ? html`<p class="muted">Terms not in English: this rating does not describe them.</p>` : ''}
${counts.length ? html`<ul class="chips" aria-label="Clauses by severity">${counts.map((s) => html`<li class="chip sev-${s}">${p[s]} ${SEVERITY_LABEL[s].toLowerCase()}</li>`)}</ul>` : ''}
</li>`;
}
