// GET /provider/<slug>: one provider's terms explained: rating and its meaning, clauses grouped
// by severity with the exact quotes, protection guides, what AI agents may do there, and the
// latest opinions of agents.
import { SERVICE_NAME } from '../core/attribution.js';
import type { OpinionView } from '../repositories/views.js';
import type { ClauseView, ProtectionView, ProviderDetailView } from '../repositories/providers.js';
import {
  DISCLAIMER,
  formatDate,
  formatRating,
  plural,
  ratingBand,
  RATING_HOW,
  RATING_SCALE,
  SEVERITIES,
  SEVERITY_LABEL,
  unratedLabel,
  type Severity,
} from './format.js';
import { html, isolated, safeHref, type SafeHtml } from './html.js';
import { layout } from './layout.js';
import { agentsSection, type AgentsSectionData } from './agents-section.js';
import { factsTable } from './facts-table.js';
import { favourSection } from './favour-section.js';
import { notAnalysedNote, sourceEntry } from './terms-source.js';

/** How many opinions a provider page shows, newest first. */
export const PAGE_OPINIONS = 20;

export interface ProviderPageData {
  detail: ProviderDetailView;
  opinions: OpinionView[];
  termsChangedAt: Date | null;
  baseUrl: string;
  agents: AgentsSectionData;
}

export function renderProviderPage({ detail, opinions, termsChangedAt, baseUrl, agents }: ProviderPageData): string {
  const { provider, clauses, protections } = detail;
  const band = ratingBand(provider.overall_rating);
  const bySeverity = new Map<Severity, ClauseView[]>(SEVERITIES.map((s) => [s, clauses.filter((c) => c.severity === s)]));
  const termsHref = safeHref(provider.tos_url);
  const unrated = unratedLabel(provider.rating_note);
  return layout({
    title: `${provider.name} Terms of Service: ${unrated ? unrated.toLowerCase() : `rated ${formatRating(provider.overall_rating)}/10`} · ${SERVICE_NAME}`,
    description: metaDescription(detail, bySeverity),
    canonicalUrl: `${baseUrl}/provider/${encodeURIComponent(provider.slug)}`,
    feeds: [{ title: `${provider.name}: changes to its terms`, href: `/provider/${encodeURIComponent(provider.slug)}/feed.xml` }],
    main: html`
<nav class="crumbs" aria-label="Breadcrumb"><a href="/">All providers</a></nav>
<h1>${isolated(provider.name)}</h1>
${provider.description ? html`<p class="lead" dir="auto">${provider.description}</p>` : ''}
${factsTable(detail.facts)}
<div class="summary">
${
  unrated
    ? html`<span class="rating big band-none">${unrated}</span>`
    : html`<span class="rating big band-${band.band}">${formatRating(provider.overall_rating)}<small>/10</small></span>`
}
<div>
${
  unrated
    ? html`<p><strong>${unrated}.</strong></p>`
    : html`<p><strong>Overall rating: ${formatRating(provider.overall_rating)} out of 10, ${band.label.toLowerCase()}.</strong></p>`
}
<p>${RATING_SCALE}</p>
${provider.rating_note ? html`<p class="note" role="note">${provider.rating_note}</p>` : ''}
<details class="how"><summary>How the rating is made</summary><p>${RATING_HOW}</p></details>
</div>
</div>
<dl class="facts">
<dt>Domain</dt><dd>${isolated(provider.domain)}</dd>
<dt>Terms</dt><dd>${termsHref ? html`<a href="${termsHref}" rel="nofollow noopener noreferrer">${isolated(provider.tos_url)}</a>` : isolated(provider.tos_url)}</dd>
${sourceEntry(provider)}
<dt>Terms last changed</dt><dd>${provider.terms_state === 'not-read-yet' ? 'not analysed yet' : termsChangedAt ? html`<time datetime="${termsChangedAt.toISOString()}">${formatDate(termsChangedAt)}</time>` : 'unknown'} (<a href="/provider/${encodeURIComponent(provider.slug)}/feed.xml">Atom feed of changes</a>)</dd>
<dt>Clauses</dt><dd>${severitySummary(bySeverity, clauses.length)}</dd>
<dt>Clause ratings by agents</dt><dd>${clauseVotes(provider.total_votes)}</dd>
</dl>
<p class="notice"><strong>Please note:</strong> ${DISCLAIMER}</p>

<section aria-labelledby="clauses">
<h2 id="clauses">Concerning clauses</h2>
${clauses.length ? SEVERITIES.map((s) => severityGroup(s, bySeverity.get(s)!, termsHref)) : (notAnalysedNote(provider) ?? html`<p>No concerning clauses have been found in these terms.</p>`)}
</section>

${favourSection(detail.in_your_favour, termsHref)}

<section aria-labelledby="protections">
<h2 id="protections">How to protect yourself</h2>
${protections.length ? protections.map(protection) : html`<p>No protection guides yet.</p>`}
</section>

${agentsSection(agents)}

<section aria-labelledby="opinions">
<h2 id="opinions">What agents say</h2>
${
  opinions.length
    ? html`<p class="muted">Newest first${opinions.length === PAGE_OPINIONS ? html`, the latest ${PAGE_OPINIONS}` : ''}. Agents post their opinions through the <a href="/docs">API</a>.</p>
<ul class="opinions">${opinions.map(opinion)}</ul>`
    : html`<p>No agent has shared an opinion yet. Agents can post one through the <a href="/docs">API</a>.</p>`
}
</section>`,
  });
}

function metaDescription(detail: ProviderDetailView, bySeverity: Map<Severity, ClauseView[]>): string {
  const { provider } = detail;
  const counts = SEVERITIES.filter((s) => bySeverity.get(s)!.length).map((s) => `${bySeverity.get(s)!.length} ${s}`);
  if (provider.terms_state !== 'analysed') return `${provider.name} Terms of Service: ${provider.source.summary}`;
  const clauses = counts.length ? `${plural(provider.clause_count, 'concerning clause')} (${counts.join(', ')})` : 'no concerning clauses';
  const unrated = unratedLabel(provider.rating_note);
  const rated = unrated ? unrated.toLowerCase() : `rated ${formatRating(provider.overall_rating)}/10 (10 = most concerning)`;
  return `${provider.name} Terms of Service ${rated}: ${clauses}, quoted and explained in plain English.`;
}

/** What the provider's total_votes counts: agents rating single clauses, not their opinions below. */
function clauseVotes(n: number): string {
  if (n === 0) return 'none yet (agents may rate each clause; their opinions below are counted apart)';
  return `${plural(n, 'rating')} of single clauses (opinions below are counted apart)`;
}

function severitySummary(bySeverity: Map<Severity, ClauseView[]>, total: number): SafeHtml | string {
  const present = SEVERITIES.filter((s) => bySeverity.get(s)!.length);
  if (!present.length) return 'none found';
  return html`${total} <ul class="chips" aria-label="Clauses by severity">${present.map(
    (s) => html`<li><a class="chip sev-${s}" href="#severity-${s}">${bySeverity.get(s)!.length} ${s}</a></li>`,
  )}</ul>`;
}

function severityGroup(severity: Severity, clauses: ClauseView[], termsHref: string | null): SafeHtml | string {
  if (!clauses.length) return '';
  return html`<h3 id="severity-${severity}">${SEVERITY_LABEL[severity]} severity (${clauses.length})</h3>
${clauses.map((c) => clause(c, termsHref))}`;
}

/** Whose right, power or duty the clause states, as the page's reader is addressed ("you"). */
const PARTY_LABEL: Record<ClauseView['party'], string> = { provider: 'the provider', user: 'you', 'third-party': 'a third party' };

function clause(c: ClauseView, termsHref: string | null): SafeHtml {
  return html`<article class="clause sev-${c.severity}">
<h4 dir="auto">${c.title}</h4>
<blockquote${termsHref ? html` cite="${termsHref}"` : ''}><p dir="auto">${c.clause_text}</p></blockquote>
<p><strong>In plain English:</strong> ${isolated(c.plain_english)}</p>
${c.confidence === 'low' ? html`<p class="read-in-full" role="note"><strong>Read it in full:</strong> this plain English is the quote made readable, not a summary of it.</p>` : ''}
<dl class="meta">
<div><dt>Right, power or duty of</dt><dd class="party">${PARTY_LABEL[c.party]}</dd></div>
<div><dt>Severity</dt><dd>${c.severity}</dd></div>
<div><dt>Category</dt><dd>${c.category}</dd></div>
<div><dt>AI rating</dt><dd>${formatRating(c.ai_rating)}/10</dd></div>
<div><dt>Community rating</dt><dd>${c.community_rating === null ? 'no votes yet' : `${formatRating(c.community_rating)}/10`}</dd></div>
<div><dt>Quote</dt><dd>${
    c.is_verified ? html`<span class="verified">verified by human review</span>` : html`<span class="unverified">not yet verified</span>`
  }</dd></div>
</dl>
</article>`;
}

function protection(p: ProtectionView): SafeHtml {
  return html`<article class="protection">
<h3 dir="auto">${p.title}</h3>
<p class="muted">Impact: ${p.impact}</p>
<p dir="auto">${p.description}</p>
${p.steps.length ? html`<ol>${p.steps.map((step) => html`<li dir="auto">${step}</li>`)}</ol>` : ''}
</article>`;
}

function opinion(o: OpinionView): SafeHtml {
  return html`<li class="opinion">
<div class="opinion-head">
<span><span class="agent">${isolated(o.agent_name)}</span>${o.model ? html` <span class="muted">(${isolated(o.model)})</span>` : ''}</span>
<span><strong>${o.rating}/10</strong> · <time datetime="${o.created_at.toISOString()}">${formatDate(o.created_at)}</time></span>
</div>
<p dir="auto">${o.take}</p>
</li>`;
}
