// arbitration: disputes go to arbitration ("you and Snap agree to resolve all disputes through binding
// individual arbitration"). `mandatory` unless every statement of it is an option either side may
// elect; `class_action_waiver` when the terms also bar class or representative actions;
// `opt_out_days` when they give a period to opt out of arbitration. Arbitration for business users only
// is not the user's ("If you are using the Services on behalf of a business, ... LCIA Arbitration Rules").
import { countIn } from './numbers.js';
import { byPreference, evidenceOf, type FactSentence } from './sentences.js';
import type { Arbitration } from './types.js';

const GOES_TO_ARBITRATION =
  /\b(?:resolved?|settled?|decided|submitted|determined|referred)\b[^.;]{0,120}\b(?:by|through|in|to|under)\s+(?:a\s+)?(?:final(?:,)?\s+(?:and\s+)?)?(?:binding\s+|confidential\s+|individual\s+|mandatory\s+)*(?:individual\s+)?arbitration\b|\bmandatory(?:,)?\s+(?:(?:binding|mutual|individual)\s+)*arbitration\b|\bbinding(?:,)?\s+(?:individual\s+)?arbitration\b|\bagree(?:ment)?\s+to\s+arbitrate\b|\bfinally resolved by arbitration\b|\brequire[^.;]{0,200}\bto be decided by (?:confidential )?arbitration\b/i;
const BUSINESS_ONLY = /\bon behalf of a business\b|\bfor (?:a )?business(?:es)? (?:purposes?|use)\b|\bbusiness users?\b/i;
const ELECTIVE =
  /\b(?:either (?:party|you or we|of us)|you or we|you or (?:the )?\w+)\s+may\s+(?:elect|choose)\b[^.;]{0,80}\barbitrat|\bat (?:the )?(?:election|option) of either\b/i;
const NOT_AN_AGREEMENT =
  /\bnothing in\b|\bdoes not (?:apply|require)\b|\bnot subject to (?:mandatory )?arbitration\b|\bif (?:the|this) (?:agreement to arbitrate|arbitration agreement) is found\b/i;

const CLASS_WAIVER =
  /\bclass[- ](?:action|wide|arbitration)s?\b|\bclass (?:or|and) (?:collective|group|representative)\b|\bas (?:part of )?a class\b|\bclass (?:member|or representative|, consolidated|, collective)\b|\bas a (?:plaintiff|representative|class member)\b|\bin (?:a|any) (?:purported )?class\b|\brepresentative (?:action|proceeding|capacity)s?\b/i;
// Also a denial with "no" ("No claim may be brought as a class action", "there is no right ... on a class basis",
// "no arbitration shall be joined ... through class arbitration") and "eliminates your ability".
const WAIVES =
  /\bwaive|\beliminat\w*|\bno (?:right|claims?|actions?|disputes?|arbitrations?)\b[^.;]{0,100}?\b(?:may|shall|will|can|to be|for)\b|\bnot (?:as a|bring|participate|be (?:permitted|allowed))|\bonly (?:in|on) (?:your|its|their|an) individual\b|\bindividual (?:basis|capacity)\b|\bare not (?:allowed|permitted)\b|\bno class\b|\bmay not (?:bring|participate|act)\b|\bwill not (?:participate|bring)\b|\bnot (?:allowed|permitted)\b/i;

const OPT_OUT = /\bopt[- ]?out\b|\bdecline this agreement to arbitrate\b|\breject (?:this|the) (?:arbitration|agreement to arbitrate)\b/i;
const ABOUT_ARBITRATION = /\barbitrat|\bclass action waiver\b/i;

export function readArbitration(sentences: readonly FactSentence[]): Arbitration | null {
  const agreements = byPreference(sentences).filter(
    (s) =>
      s.lower.includes('arbitra') && GOES_TO_ARBITRATION.test(s.text) && !BUSINESS_ONLY.test(s.text) && !NOT_AN_AGREEMENT.test(s.text) && !s.otherRegionOnly,
  );
  if (agreements.length === 0) return null;
  const mandatory = agreements.some((s) => !ELECTIVE.test(s.text));
  const waiver = sentences.find((s) => (s.lower.includes('class') || s.lower.includes('representative')) && CLASS_WAIVER.test(s.text) && WAIVES.test(s.text));
  const optOut = readOptOut(sentences);
  return {
    mandatory,
    class_action_waiver: waiver !== undefined,
    opt_out_days: optOut?.days ?? null,
    evidence: evidenceOf(agreements[0], waiver, optOut?.sentence),
  };
}

// The user's own right to leave the arbitration agreement ("You can decline this Agreement to Arbitrate by
// emailing ... within 30 days of ..."), counted from accepting, registering or first use; not a party's
// way out of a mass-arbitration batch after a mediation period, which is no opt-out from arbitration.
const USERS_RIGHT =
  /\b(?:you|users?|customers?|members?)\b[^.;]{0,60}\b(?:may|can|have the right to|are entitled to|must|will)\b[^.;]{0,40}\b(?:opt[- ]?out|decline|reject)\b|\bto opt[- ]?out\b|\bright to opt[- ]?out\b|\bopt[- ]?out (?:notice|right|procedure|period)\b/i;
const FROM_ACCEPTING =
  /\b(?:of|after|from|following)\s+(?:the (?:date|day) (?:on which |that )?)?(?:you )?(?:first )?(?:accept|agree|register|sign|creat|use|access|becom|receiv|enter|the effective date|these terms|this agreement|your (?:acceptance|agreement|registration|first))/i;
const NOT_THE_USERS = /\bmass (?:arbitration|filing)|\bbatch|\bmediation period\b|\beither (?:party|discord|we|you or)\b[^.;]{0,40}\bopt/i;

/** A period to opt out of arbitration: in the opt-out sentence or the two after it in its paragraph ("Opt-out. You may opt out ... To opt out, ... no later than 30 days"). */
function readOptOut(sentences: readonly FactSentence[]): { days: number; sentence: FactSentence } | null {
  let best: { score: number; days: number; sentence: FactSentence } | null = null;
  for (const s of sentences) {
    if (!/opt|decline|reject/.test(s.lower) || !OPT_OUT.test(s.text) || NOT_THE_USERS.test(s.text)) continue;
    const heading = /^\W*(?:[\d.]+\s+)?(?:\w+\s+)?(?:\(\d+\)\s+)?days?\s+right to opt[- ]?out\b/i.test(s.text) ? s : null;
    const near = sentences.slice(Math.max(0, s.index - 1), s.index + 3).filter((n) => n.paragraph === s.paragraph || n === heading || n.index === s.index + 1);
    if (!near.some((n) => ABOUT_ARBITRATION.test(n.text))) continue;
    for (const n of [s, ...near.filter((n) => n.index >= s.index)]) {
      if (NOT_THE_USERS.test(n.text)) continue;
      const days = daysToOptOut(n.text);
      if (days === null) continue;
      const score = (USERS_RIGHT.test(s.text) || USERS_RIGHT.test(n.text) ? 2 : 0) + (FROM_ACCEPTING.test(n.text) ? 1 : 0) - (s.otherRegionOnly ? 4 : 0);
      if (!best || score > best.score) best = { score, days, sentence: n };
      break;
    }
  }
  return best && { days: best.days, sentence: best.sentence };
}

function daysToOptOut(text: string): number | null {
  return (
    countIn(text, '\\b(?:within|no later than|not later than|before|in the first)\\s+', '\\s*(?:calendar\\s+)?days?\\b') ??
    countIn(text, '\\b', '[- ]days?\\s+right to opt[- ]?out\\b')
  );
}
