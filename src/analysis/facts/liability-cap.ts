// liability_cap: the provider's total liability is capped ("our aggregate liability shall not exceed the
// greater of $100 USD or the amount you paid us, if any, in the past six months"). `amount` and
// `currency`: the fixed sum; `fees_paid_months`: N when the cap is, or includes, what the user paid in the
// last N months. "Limited to foreseeable damages" or "to the extent permitted by law" is no cap. A cap
// written as a list ("limited to the greater of the following amounts:") is read with its items.
import { countIn, moneyIn, NUMBER_WORDS } from './numbers.js';
import { byPreference, evidenceOf, type FactSentence } from './sentences.js';
import type { LiabilityCap } from './types.js';

const LIABILITY = /\bliab(?:ility|le)\b|\bresponsibility\b/i;
const CAPPED =
  /\b(?:aggregate|total|entire|maximum|cumulative|whole|combined)\s+(?:\w+\s+)?liability\b|\bliability\b[^.;]{0,250}?\b(?:exceed\w*|limited to|not (?:be )?(?:more|greater) than|up to the maximum of|in excess of)\b|\bliable\b[^.;]{0,200}?\b(?:(?:for )?any amount (?:that )?exceed\w*|in excess of|more than)\b|\bliable\b[^.;]{0,200}?\bup to the maximum of\b/i;
const PAID =
  /\b(?:amounts?|fees?|sums?|charges?|price)\b[^.;]{0,120}\b(?:paid|payable|you (?:have )?paid|charged)\b|\bpaid\b[^.;]{0,60}\b(?:to|by) (?:you|us)\b|\bcharges for paid services\b/i;
const MONTHS = new RegExp(`\\b(?:(\\d+)|(${NUMBER_WORDS}))(?:\\s*\\((\\d+)\\))?[- ](?:calendar\\s+)?months?(?:['’]s?)?(?:\\s+(?:period|fees?))?\\b`, 'i');

function monthsIn(text: string): number | null {
  const m = MONTHS.exec(text);
  if (!m) return null;
  return countIn(m[0], '', '[- ](?:calendar\\s+)?months?');
}

export function readLiabilityCap(sentences: readonly FactSentence[]): LiabilityCap | null {
  for (const s of byPreference(sentences)) {
    if (!/liab|responsib/.test(s.lower) || !LIABILITY.test(s.text) || !CAPPED.test(s.text) || /\byour (?:total |aggregate )?liability\b/i.test(s.text))
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
    if (!money && !paid) continue;
    return {
      amount: money?.amount ?? null,
      currency: money ? (money.currency ?? 'USD') : null,
      fees_paid_months: paid ? monthsIn(text) : null,
      evidence: evidenceOf(...parts),
    };
  }
  return null;
}
