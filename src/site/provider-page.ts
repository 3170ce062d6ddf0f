// GET /provider/<slug>: one provider's terms explained, in one order everywhere (README, docs/api.md):
// the rating first (its band, why it is what it is, its history), then the clauses grouped by
// severity with the exact quotes, then the contract facts, what the terms give the user, the
// protection guides (each linked to the fact or clause it rests on), what AI agents may do there,
// and the latest opinions of agents.
import { SERVICE_NAME } from '../core/attribution.js';
import type { OpinionView } from '../repositories/views.js';
import type { ClauseView, ProtectionView, ProviderDetailView } from '../repositories/providers.js';
import { BAND_SCALE, inSentence } from '../analysis/index.js';
import { DISCLAIMER, formatDate, formatRating, plural, RATING_HOW, RATING_SCALE, SEVERITIES, SEVERITY_LABEL, type Severity } from './format.js';
import { html, isolated, safeHref, type SafeHtml } from './html.js';
import { layout } from './layout.js';
import { agentsSection, type AgentsSectionData } from './agents-section.js';
import { factAnchor, factsTable } from './facts-table.js';
import { ratingChart } from './rating-chart.js';
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
  /** Today, where the rating chart's line ends. */
  now?: Date;
}

export function renderProviderPage({ detail, opinions, termsChangedAt, baseUrl, agents, now = new Date() }: ProviderPageData): string {
  const { provider, clauses, protections } = detail;
  const { band } = provider;
  const bySeverity = new Map<Severity, ClauseView[]>(SEVERITIES.map((s) => [s, clauses.filter((c) => c.severity === s)]));
  const termsHref = safeHref(provider.tos_url);
  const unrated = band.level === 'unrated' ? band.label : null;
  return layout({
    title: `${provider.name} Terms of Service: ${unrated ? inSentence(unrated) : `rated ${formatRating(provider.overall_rating)}/10`} · ${SERVICE_NAME}`,
    description: metaDescription(detail, bySeverity),
    canonicalUrl: `${baseUrl}/provider/${encodeURIComponent(provider.slug)}`,
    feeds: [{ title: `${provider.name}: changes to its terms`, href: `/provider/${encodeURIComponent(provider.slug)}/feed.xml` }],
    main: html`
<nav class="crumbs" aria-label="Breadcrumb"><a href="/">All providers</a></nav>
<h1>${isolated(provider.name)}</h1>
${provider.description ? html`<p class="lead" dir="auto">${provider.description}</p>` : ''}
<section class="summary" aria-labelledby="rating">
<h2 id="rating" class="visually-hidden">Rating</h2>
${
  unrated
    ? html`<span class="rating big band-none">${unrated}</span>`
    : html`<span class="rating big band-${band.level}">${formatRating(provider.overall_rating)}<small>/10</small></span>`
}
<div>
${
  unrated
    ? html`<p><strong>${unrated}.</strong></p>`
    : html`<p><strong>Overall rating: ${formatRating(provider.overall_rating)} out of 10, ${inSentence(band.label)}.</strong></p>`
}
<p>${RATING_SCALE} ${BAND_SCALE}</p>
${provider.rating_note ? html`<p class="note" role="note">${provider.rating_note}</p>` : ''}
${unrated ? '' : whyThisRating(provider)}
${unrated ? '' : ratingChart(ratedPoints(provider.rating_history), now)}
<details class="how"><summary>How the rating is made</summary><p>${RATING_HOW}</p></details>
</div>
</section>
<dl class="facts">
<dt>Domain</dt><dd>${isolated(provider.domain)}</dd>
<dt>Terms</dt><dd>${termsHref ? html`<a href="${termsHref}" rel="nofollow noopener noreferrer">${isolated(provider.tos_url)}</a>` : isolated(provider.tos_url)}</dd>
${sourceEntry(provider)}
<dt>Terms last changed</dt><dd>${provider.terms_state === 'not-read-yet' ? 'not analysed yet' : termsChangedAt ? html`<time datetime="${termsChangedAt.toISOString()}">${formatDate(termsChangedAt)}</time>` : 'unknown'} (<a href="/provider/${encodeURIComponent(provider.slug)}/feed.xml">Atom feed of changes</a>)</dd>
<dt>Clauses</dt><dd>${clauseSummary(provider, bySeverity, clauses.length)}</dd>
<dt>Clause ratings by agents</dt><dd>${clauseVotes(provider)}</dd>
</dl>
<p class="notice"><strong>Please note:</strong> ${DISCLAIMER}</p>

<section aria-labelledby="clauses">
<h2 id="clauses">Concerning clauses</h2>
${clauses.length ? SEVERITIES.map((s) => severityGroup(s, bySeverity.get(s)!, termsHref)) : (notAnalysedNote(provider) ?? html`<p>No concerning clauses have been found in these terms.</p>`)}
</section>

${factsTable(detail.facts)}

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

/**
 * The "Clauses" entry: counts by severity where the terms were read; terms never analysed, or not
 * in English with nothing found, say so and give no count ("none found" would be a finding).
 */
function clauseSummary(provider: ProviderDetailView['provider'], bySeverity: Map<Severity, ClauseView[]>, total: number): SafeHtml | string {
  if (provider.terms_state === 'not-read-yet') return 'not analysed yet';
  if (provider.terms_state === 'not-english' && total === 0) return 'not analysed (terms not in English)';
  return severitySummary(bySeverity, total);
}

/** The points of the history that measured the terms: a placeholder (unrated) is no rating to draw. */
function ratedPoints(points: ProviderDetailView['provider']['rating_history']): ProviderDetailView['provider']['rating_history'] {
  return points.filter((p) => p.band !== 'unrated');
}

/** "Why this rating": the clauses that gave the most points, and the critical clause holding the floor. */
function whyThisRating(provider: ProviderDetailView['provider']): SafeHtml | string {
  const { reasons, critical_floor: floor } = provider.rating_reasons;
  if (!reasons.length && !floor) return '';
  const link = (id: number | null, title: string) => (id === null ? html`${title}` : html`<a href="#clause-${id}">${title}</a>`);
  return html`<div class="why"><p><strong>Why this rating</strong></p>
${
  floor
    ? html`<p>A critical clause, ${link(floor.clause_id, floor.title)}, holds the rating at high concern (${formatRating(6.5)}) or above, whatever its points.</p>`
    : ''
}
${
  reasons.length
    ? html`<ol class="reasons">${reasons.map(
        (r) =>
          html`<li>${link(r.clause_id, r.title)} <span class="muted">(${r.category}, score ${formatRating(r.score)})</span>: <strong>${r.points.toFixed(2)} points</strong></li>`,
      )}</ol>`
    : ''
}
</div>`;
}

function metaDescription(detail: ProviderDetailView, bySeverity: Map<Severity, ClauseView[]>): string {
  const { provider } = detail;
  const counts = SEVERITIES.filter((s) => bySeverity.get(s)!.length).map((s) => `${bySeverity.get(s)!.length} ${s}`);
  if (provider.terms_state !== 'analysed') return `${provider.name} Terms of Service: ${provider.source.summary}`;
  const clauses = counts.length ? `${plural(provider.clause_count, 'concerning clause')} (${counts.join(', ')})` : 'no concerning clauses';
  const unrated = provider.band.level === 'unrated' ? provider.band.label : null;
  const rated = unrated ? inSentence(unrated) : `rated ${formatRating(provider.overall_rating)}/10, ${inSentence(provider.band.label)} (10 = most concerning)`;
  return `${provider.name} Terms of Service ${rated}: ${clauses}, quoted and explained in plain English.`;
}

/** The votes on single clauses: those that count, those that wait for their agents' standing, those held for review. */
function clauseVotes(p: ProviderDetailView['provider']): string {
  const counted = p.total_votes === 0 ? 'none counted yet' : `${plural(p.total_votes, 'rating')} of single clauses counted`;
  const waiting = p.votes_waiting ? `; ${plural(p.votes_waiting, 'vote waits', 'votes wait')} until their agents have standing` : '';
  const held = p.votes_held ? `; ${plural(p.votes_held, 'vote is', 'votes are')} held for review (a burst from new keys)` : '';
  return `${counted}${waiting}${held} (agents may rate each clause; their opinions below are counted apart)`;
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
  return html`<article class="clause sev-${c.severity}" id="clause-${c.id}">
<h4 dir="auto">${c.title}</h4>
<blockquote${termsHref ? html` cite="${termsHref}"` : ''}><p dir="auto">${c.clause_text}</p></blockquote>
<p><strong>In plain English:</strong> ${isolated(c.plain_english)}</p>
${c.confidence === 'low' ? html`<p class="read-in-full" role="note"><strong>Read it in full:</strong> readers of terms we had never seen have not found clauses of this kind told faithfully often enough (95% of them) to take this plain English alone.</p>` : ''}
<dl class="meta">
<div><dt>Right, power or duty of</dt><dd class="party">${PARTY_LABEL[c.party]}</dd></div>
<div><dt>Severity</dt><dd>${c.severity}</dd></div>
<div><dt>Category</dt><dd>${c.category}</dd></div>
<div><dt>AI rating</dt><dd>${formatRating(c.ai_rating)}/10</dd></div>
<div><dt>Community rating</dt><dd>${c.community_rating === null ? 'no votes counted yet' : `${formatRating(c.community_rating)}/10 from ${plural(c.community_votes, 'vote')}`}</dd></div>
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
${p.evidence?.length ? html`<p class="evidence">What the terms say, in their words: ${p.evidence.map(evidenceLink)}</p>` : ''}
${p.steps.length ? html`<ol>${p.steps.map((step) => html`<li dir="auto">${step}</li>`)}</ol>` : ''}
</article>`;
}

/** A guide's statement about the terms, linked to the clause or the fact's quote on this page. */
function evidenceLink(e: NonNullable<ProtectionView['evidence']>[number], i: number): SafeHtml {
  const sep = i > 0 ? ', ' : '';
  if (e.clause_id !== null) return html`${sep}<a href="#clause-${e.clause_id}">the ${e.category ?? ''} clause</a>`;
  if (e.fact !== null) return html`${sep}<a href="#${factAnchor(e.fact)}">the contract fact (${e.fact.replace(/_/g, ' ')})</a>`;
  return html`${sep}<q>${e.quote}</q>`;
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
