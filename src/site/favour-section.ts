// "In your favour" on a provider page: what the terms give the user (rights, the provider's duties,
// consumer law kept), apart from the concerning clauses, each with its exact quote and the quote
// made readable. Only the provider page shows it; a provider with none shows no section.
import type { FavourableClauseView } from '../repositories/views.js';
import { html, isolated, type SafeHtml } from './html.js';

export function favourSection(clauses: readonly FavourableClauseView[], termsHref: string | null): SafeHtml | string {
  if (!clauses.length) return '';
  return html`<section aria-labelledby="in-your-favour" class="in-your-favour">
<h2 id="in-your-favour">In your favour</h2>
<p class="muted">What these terms give you rather than take: your rights, the provider's duties, and consumer law they keep. Not counted in the rating.</p>
${clauses.map(
  (c) => html`<article class="favour">
<h3 dir="auto">${c.title}</h3>
<blockquote${termsHref ? html` cite="${termsHref}"` : ''}><p dir="auto">${c.clause_text}</p></blockquote>
<p><strong>In plain English:</strong> ${isolated(c.plain_english)}</p>
</article>`,
)}
</section>`;
}
