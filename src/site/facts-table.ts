// The contract facts of a provider page (after the rating and the clauses): a short table, one row per fact, each linked to
// the quote it was read from (shown just below the table, so that the reader checks it in place).
// Null facts read "Not stated"; a provider with no analysed terms document has no table.
import type { ContractFactsView } from '../repositories/views.js';
import { html, type SafeHtml } from './html.js';

type FactName = keyof ContractFactsView;

const LABELS: [FactName, string][] = [
  ['governing_law', 'Governing law'],
  ['courts', 'Courts'],
  ['arbitration', 'Arbitration'],
  ['liability_cap', 'Liability cap'],
  ['terms_changes', 'Changes to the terms'],
  ['provider_termination', 'Closing your account'],
  ['claim_time_limit', 'Time to bring a claim'],
  ['minimum_age', 'Minimum age'],
  ['automated_access', 'Bots and scrapers'],
];

/** The id of a fact's quote on the page (guides link to it). */
export const factAnchor = (name: string) => `fact-${name.replace(/_/g, '-')}`;
const anchor = factAnchor;

function days(n: number): string {
  if (n % 365 === 0) return n === 365 ? '1 year' : `${n / 365} years`;
  if (n % 30 === 0 && n >= 60) return `${n / 30} months`;
  return n === 1 ? '1 day' : `${n} days`;
}

/** What a fact says, in a few words; null when the terms say nothing of it. */
export function factSummary(facts: ContractFactsView, name: FactName): string | null {
  switch (name) {
    case 'governing_law':
      return facts.governing_law && `The law of ${facts.governing_law.place}`;
    case 'courts': {
      const c = facts.courts;
      return c && `${c.place}: ${c.exclusive ? 'you must sue there' : 'not the only courts you may use'}`;
    }
    case 'arbitration': {
      const a = facts.arbitration;
      if (!a) return null;
      const parts = [a.mandatory ? 'Disputes go to binding arbitration' : 'Either side may choose arbitration'];
      if (a.class_action_waiver) parts.push('no class actions');
      parts.push(a.opt_out_days !== null ? `you may opt out within ${days(a.opt_out_days)}` : 'no opt-out');
      return parts.join('; ');
    }
    case 'liability_cap': {
      const c = facts.liability_cap;
      if (!c) return null;
      const sum = c.amount !== null ? `${c.amount.toLocaleString('en-US')} ${c.currency ?? ''}`.trim() : null;
      const fees = c.fees_paid_months !== null ? `what you paid in the last ${c.fees_paid_months === 1 ? 'month' : `${c.fees_paid_months} months`}` : null;
      if (sum && fees) return `Capped: ${sum}, or ${fees}, as the clause says`;
      if (sum) return `Capped at ${sum}`;
      return fees ? `Capped at ${fees}` : 'Capped at what you paid';
    }
    case 'terms_changes': {
      const c = facts.terms_changes;
      if (!c) return null;
      const ahead = c.notice_days !== null ? `, ${days(c.notice_days)} ahead` : '';
      if (c.notice === 'notified') return `The provider may change them and tells you directly${ahead}`;
      if (c.notice === 'posted') return `The provider may change them by posting a new version${ahead}, without telling you directly`;
      return 'The provider may change them without notice';
    }
    case 'provider_termination': {
      const p = facts.provider_termination;
      if (!p) return null;
      return `The provider may suspend or close it${p.without_cause ? ' for any reason' : ' for cause'}${p.without_notice ? ', without notice' : ''}`;
    }
    case 'claim_time_limit':
      return facts.claim_time_limit && `Within ${days(facts.claim_time_limit.days)}`;
    case 'minimum_age':
      return facts.minimum_age && `${facts.minimum_age.years} years`;
    case 'automated_access':
      return facts.automated_access && 'Forbidden';
  }
}

export function factsTable(facts: ContractFactsView | null): SafeHtml | string {
  if (!facts) return '';
  const read = LABELS.filter(([name]) => facts[name] !== null);
  return html`
<section aria-labelledby="contract-facts" class="contract-facts">
<h2 id="contract-facts">Contract facts</h2>
<table class="fact-table">
<caption class="muted">Read from the current terms by rules, not by a lawyer: each links to the sentence it was read from.</caption>
<tbody>
${LABELS.map(([name, label]) => {
  const summary = factSummary(facts, name);
  return html`<tr><th scope="row">${label}</th><td>${summary === null ? html`<span class="muted">Not stated</span>` : html`${summary} <a href="#${anchor(name)}" class="quote-link">quote</a>`}</td></tr>`;
})}
</tbody>
</table>
${
  read.length
    ? html`<ol class="fact-quotes">
${read.map(([name, label]) => html`<li id="${anchor(name)}"><strong>${label}:</strong>${facts[name]!.evidence.map((e) => html`<blockquote>${e.quote}</blockquote>`)}</li>`)}
</ol>`
    : ''
}
</section>`;
}
