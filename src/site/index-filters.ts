// The index's filters by what the terms contain (issue 45): `?has=arbitration&has=bots-forbidden`
// from a plain GET form of checkboxes, so that they work without JavaScript. Unknown values are
// ignored; each is kept once, in a fixed order (one cache entry per set).
import { INDEX_FILTERS, type IndexFilter } from '../repositories/site.js';
import { html, type SafeHtml } from './html.js';

export const FILTER_LABEL: Record<IndexFilter, string> = {
  arbitration: 'Mandatory arbitration',
  'class-action-waiver': 'Class-action waiver',
  'bots-forbidden': 'Bots forbidden',
  'not-english': 'Terms not in English',
};

export function indexFilters(has: unknown): IndexFilter[] {
  const given = new Set((Array.isArray(has) ? has : [has]).filter((v): v is string => typeof v === 'string'));
  return INDEX_FILTERS.filter((f) => given.has(f));
}

/** The checkboxes inside the index's search form. */
export function filterFieldset(chosen: readonly IndexFilter[]): SafeHtml {
  return html`<fieldset class="filters"><legend>Only terms with</legend>${INDEX_FILTERS.map(
    (f) => html`<label><input type="checkbox" name="has" value="${f}"${chosen.includes(f) ? html` checked` : ''}> ${FILTER_LABEL[f]}</label>`,
  )}</fieldset>`;
}
