// Titles and plain English agree with the contract facts (issue 44, item 4). The facts readers
// (facts/, unchanged here) read a law, courts, a cap, a period or an opt-out from a sentence; a clause's
// title and plain English may name only what they read from its quote. A place, a sum or a period the
// rendering names that the readers did not read from the same quote is a guess: the title then names
// the readers' value (or none), and the plain English is the quote made readable.
import { definitionOf, type CategorySlug } from './categories/index.js';
import { readCourts } from './facts/courts.js';
import { readGoverningLaw } from './facts/governing-law.js';
import { moneyIn, periodDays } from './facts/numbers.js';
import { factSentences, type FactSentence } from './facts/sentences.js';
import type { ContractFacts, FactName } from './facts/types.js';
import { findSpecifics } from './specifics.js';

/** What the facts readers read from the clause's quote alone, for the facts a clause of its category states. */
export function factsOfClause(quote: string, category: CategorySlug): Partial<ContractFacts> {
  const readers = definitionOf(category).facts ?? {};
  const names = Object.keys(readers) as FactName[];
  const disputes = category === 'jurisdiction' || category === 'choice-of-law' || category === 'arbitration' || category === 'class-action-waiver';
  if (!names.length && !disputes) return {};
  const sentences: FactSentence[] = factSentences(quote);
  const read: Partial<Record<FactName, unknown>> = {};
  for (const name of names) read[name] = (readers[name] as (s: readonly FactSentence[]) => unknown)(sentences);
  // A dispute clause names places of both kinds ("governed by Irish law, and disputes go to the courts of Dublin").
  if (disputes) {
    read.governing_law ??= readGoverningLaw(sentences);
    read.courts ??= readCourts(sentences);
  }
  return read as Partial<ContractFacts>;
}

const PLACE_NOISE = /\b(?:the|state|commonwealth|province|republic|county|city|of|courts?|in|and|or|federal|located)\b|[^\p{L}\s']/giu;
const placeWords = (place: string) => place.toLowerCase().replace(PLACE_NOISE, ' ').split(/\s+/).filter(Boolean);

/** One place names the other ("the State of Delaware" and "Delaware"; "Dublin, Ireland" and "Ireland"). */
export function samePlace(a: string, b: string): boolean {
  const [x, y] = [placeWords(a), placeWords(b)];
  if (!x.length || !y.length) return a.toLowerCase() === b.toLowerCase();
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.every((w) => long.includes(w));
}

const amountsOf = (text: string) => (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, '')));
/** The sum an amount of the quote states, in figures or words ("one hundred U.S. dollars" -> 100). */
const sumOf = (amount: string) => moneyIn(amount)?.amount ?? amountsOf(amount)[0];

/** What the clause's told text (its title or plain English) names beyond what the facts read from its quote. */
function disagreements(told: string, quote: string, facts: Partial<ContractFacts>, category: CategorySlug): string[] {
  const s = findSpecifics(quote);
  const found: string[] = [];
  const lower = told.toLowerCase();
  const places = [facts.governing_law?.place, facts.courts?.place].filter((p): p is string => !!p);
  // Only the dispute facts say which places are the clause's; elsewhere a capitalised name is no place.
  // (An arbitration's seat is no fact: its places are not checked.)
  const seats = category === 'arbitration' || category === 'class-action-waiver';
  if (!seats && ('governing_law' in facts || 'courts' in facts))
    for (const p of s.places) if (lower.includes(p.toLowerCase()) && !places.some((q) => samePlace(p, q))) found.push(p);
  const cap = facts.liability_cap;
  if (cap !== undefined) {
    const named = s.amounts.filter((a) => lower.includes(a.toLowerCase()));
    for (const a of named) if (!cap?.amount || sumOf(a) !== cap.amount) found.push(a);
  }
  const days = facts.claim_time_limit?.days ?? facts.arbitration?.opt_out_days ?? facts.terms_changes?.notice_days;
  if (days) for (const p of s.periods) if (lower.includes(p.toLowerCase()) && periodDays(p) !== days) found.push(p);
  return found;
}

/** Whether the clause's plain English names only what the facts read from its quote, and says all of a cap they read. */
export function renderingAgrees(rendering: string, quote: string, category: CategorySlug, facts: Partial<ContractFacts>): boolean {
  if (disagreements(rendering, quote, facts, category).length) return false;
  // "at most it will pay back what you paid it" of "the greater of the fees you paid and USD 5,000": the sum stays.
  const cap = facts.liability_cap;
  if (cap?.amount && /\bat most\b|\bcaps?\b|\blimit/i.test(rendering) && !amountsOf(rendering).includes(cap.amount)) return false;
  // "without telling you" where the readers read notice.
  const ending = facts.provider_termination;
  if (ending && !ending.without_notice && /\bwithout telling you\b/i.test(rendering)) return false;
  return true;
}

/** The title with a detail the facts did not read from the quote replaced by the one they did (or left out). */
export function titleAgreeing(title: string, quote: string, category: CategorySlug, facts: Partial<ContractFacts>): string {
  const detail = /\(([^()]*)\)$/.exec(title)?.[1];
  if (!detail || !disagreements(detail, quote, facts, category).length) return title;
  const withoutDetail = definitionOf(category).titleWithoutDetail ?? '';
  const name = title.slice(0, title.length - detail.length - 2).trim();
  // (A value the readers read that names no place, "and County", is no replacement either.)
  const read = [facts.courts?.place, facts.governing_law?.place].find((p) => p && placeWords(p).length > 0);
  const sum = facts.liability_cap?.amount ? `${facts.liability_cap.currency ?? ''} ${facts.liability_cap.amount.toLocaleString('en-US')}`.trim() : undefined;
  const replacement = 'liability_cap' in facts ? sum : read;
  if (replacement) return `${name} (${replacement})`;
  // "Distant jurisdiction, for disputes not arbitrated" without its place: "Where disputes are heard, for disputes not arbitrated".
  const qualifier = name.includes(',') ? name.slice(name.indexOf(',')) : '';
  return withoutDetail ? `${withoutDetail}${qualifier}` : name;
}
