// liability_cap: the provider's total liability is capped ("our aggregate liability shall not exceed the
// greater of $100 USD or the amount you paid us, if any, in the past six months"). `amount` and
// `currency`: the fixed sum; `fees_paid_months`: N when the cap is, or includes, what the user paid in the
// last N months ("the fees you paid in the 12 months before the claim", "in the past year" = 12). A cap
// is written with a total liability that may not exceed something, "limits its liability to", or "liable
// ... in an amount exceeding"; a cap to a checkable quantity that is neither a sum nor fees ("the unused
// funds in your wallet") has every field null. "Limited to foreseeable damages" or "to the extent
// permitted by law" is no cap. A cap written as a list ("limited to the greater of the following
// amounts:") is read with its items.
import { countIn, moneyIn, NUMBER_WORDS } from './numbers.js';
import { byPreference, evidenceOf, type FactSentence } from './sentences.js';
import type { LiabilityCap } from './types.js';

// The provider made liable by what the user does ("the chargeback causes the Company to be liable for an amount exceeding ..."): the user's debt, no cap.
const CAUSED_BY_USER = /\bcaus\w*\s+(?:\w+\s+){0,2}to be liable\b/i;
const LIABILITY = /\bliab(?:ility|le)\b|\bresponsibility\b/i;
const CAPPED =
  /\b(?:aggregate|total|entire|maximum|cumulative|whole|combined|collective)\s+(?:\w+\s+)?liability\b|\bliability\b[^.;]{0,250}?\b(?:exceed\w*|limited to|not (?:be )?(?:more|greater) than|up to the maximum of|in excess of)\b|\bliable\b[^.;]{0,200}?\b(?:(?:for |in )?(?:any|an) amounts? (?:that )?(?:exceed\w*|greater than|more than|in excess of)|in excess of|more than)\b|\bliable\b[^.;]{0,200}?\bup to the maximum of\b|\blimits?\s+(?:its|our|their|the|\w+['’]s)\s+(?:\w+\s+){0,2}?liability\b(?:\s+to\s+you)?\s+to\s+(?:the\s+)?(?:greater|lesser|amounts?|sum|total|fees?|[$€£]|us\$|usd|eur|gbp|\d)/i;
// A cap to a measurable quantity that is neither a sum nor the fees paid ("not to exceed the unused funds in your wallet").
const QUANTITY =
  /\b(?:exceed\w*|limited to|not (?:be )?(?:more|greater) than|up to)\s+(?:the\s+)?(?:[\w-]+\s+){0,4}?(?:amounts?|funds|balance|value|price|sum|fees?|charges?|payments?)\b/i;
const PAID =
  /\b(?:amounts?|fees?|sums?|charges?|price)\b[^.;]{0,120}\b(?:paid|payable|you (?:have )?paid|charged)\b|\bpaid\b[^.;]{0,60}\b(?:to|by) (?:you|us)\b|\bcharges for paid services\b|\bwhat you (?:have )?paid\b|\bpayments?\s+made\s+by\b/i;
// A cap for one offering only ("liability arising out of your use of the free trial is EUR 100") gives way to the cap for all claims.
const ONE_OFFERING = /\b(?:free (?:trial|services?|version|plan|account)s?|beta(?: services?| versions?)?|trials?|promotions?)\b/i;
const MONTHS = new RegExp(`\\b(?:(\\d+)|(${NUMBER_WORDS}))(?:\\s*\\((\\d+)\\))?[- ](?:calendar\\s+)?months?(?:['’]s?)?(?:\\s+(?:period|fees?))?\\b`, 'i');

const YEARS = new RegExp(
  `\\b(?:(?:the|one|a|past|prior|preceding|last)\\s+)+(?:calendar\\s+)?year\\b|\\b(?:(\\d+)|(${NUMBER_WORDS}))(?:\\s*\\((\\d+)\\))?[- ](?:calendar\\s+)?years?\\b`,
  'i',
);

function monthsIn(text: string): number | null {
  const m = MONTHS.exec(text);
  const y = YEARS.exec(text);
  // Whichever period is written first: "in the one (1) year preceding" is twelve months.
  if (y && (!m || y.index < m.index)) return 12 * (countIn(y[0], '', '[- ](?:calendar\\s+)?years?') ?? 1);
  if (!m) return null;
  return countIn(m[0], '', '[- ](?:calendar\\s+)?months?');
}

/** A cap to a quantity the user can check, not to "the amount of the damage which was foreseeable". */
function isQuantityCap(text: string): boolean {
  const m = QUANTITY.exec(text);
  return m !== null && !/\b(?:damages?|loss(?:es)?|foreseeable|harm)\b/i.test(text.slice(m.index, m.index + m[0].length + 40));
}

export function readLiabilityCap(sentences: readonly FactSentence[]): LiabilityCap | null {
  let scoped: LiabilityCap | null = null;
  for (const s of byPreference(sentences)) {
    if (
      !/liab|responsib/.test(s.lower) ||
      !LIABILITY.test(s.text) ||
      !CAPPED.test(s.text) ||
      /\byour (?:total |aggregate )?liability\b/i.test(s.text) ||
      CAUSED_BY_USER.test(s.text)
    )
      continue;
    // A cap split over a list or a semicolon: "... the greater of the following amounts:" + its items; "...; OR (B) $30.00."
    const parts = [s];
    for (let k = s.index + 1; k < Math.min(sentences.length, s.index + 4); k++) {
      const last = parts[parts.length - 1].text;
      if (!/[:;]\s*(?:and|or)?\s*$/i.test(last) && !/^\W*(?:or|and)\b/i.test(sentences[k].text)) break;
      parts.push(sentences[k]);
    }
    const text = parts.map((p) => p.text).join(' ');
    const money = moneyIn(text.slice(text.search(CAPPED)));
    const paid = PAID.test(text);
    if (!money && !paid && !isQuantityCap(text)) continue;
    const cap = {
      amount: money?.amount ?? null,
      currency: money ? (money.currency ?? 'USD') : null,
      fees_paid_months: paid ? monthsIn(text) : null,
      evidence: evidenceOf(...parts),
    };
    if (!ONE_OFFERING.test(text.slice(0, text.search(CAPPED) + 200))) return cap;
    scoped ??= cap;
  }
  return scoped;
}
