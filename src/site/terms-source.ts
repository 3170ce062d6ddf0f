// Two small parts of the provider page (issue 45): where the text of its terms comes from, with
// the credit Open Terms Archive's copies ask for (licence ODC-By: "Open Terms Archive" and the
// recorded date), and what the page says while a provider's terms are not analysed: not read
// yet (with the tracker's last attempt and why it failed) or not in English (with the language).
// Never "no concerning clauses" and never a date of change for terms nobody has read.
import type { ProviderDetailView } from '../repositories/providers.js';
import { notInEnglish } from '../analysis/index.js';
import { html, isolated, safeHref, type SafeHtml } from './html.js';

type Detail = ProviderDetailView['provider'];

/** The "Source" entry of the page's facts list: the sentence and, for an archive copy, its credit. */
export function sourceEntry(provider: Detail): SafeHtml {
  const { source } = provider;
  const credit =
    source.credit && source.licence && source.licence_url
      ? html` Credit: <a href="https://opentermsarchive.org/" rel="noopener noreferrer">${source.credit}</a>, under the <a href="${source.licence_url}" rel="license noopener noreferrer">${source.licence}</a> licence.`
      : '';
  const from = source.url && safeHref(source.url) ? html` (<a href="${safeHref(source.url)!}" rel="nofollow noopener noreferrer">where it was read</a>)` : '';
  const end = source.origin === 'none' ? '' : html`${from}.`;
  return html`<dt>Source of the text</dt><dd class="source">${source.summary}${end}${credit}</dd>`;
}

/** In place of the clauses while the terms are not analysed; null once they are. */
export function notAnalysedNote(provider: Detail): SafeHtml | null {
  if (provider.terms_state === 'not-read-yet') {
    return html`<p class="note not-analysed" role="note"><strong>Not analysed yet.</strong> ${isolated(provider.source.summary)} Its clauses and rating will appear here once its terms have been read and analysed.</p>`;
  }
  if (provider.terms_state === 'not-english') {
    return html`<p class="note not-analysed" role="note"><strong>Terms ${notInEnglish(provider.terms_language)}.</strong> The analyzer reads English only, so these terms are not analysed and not rated.</p>`;
  }
  return null;
}
