// minimum_age: the age below which the terms do not let someone use the service ("You must be at least
// 13 years old", "No one under 13 is allowed to create an account"), with a parent's consent where the
// terms require it (so "18, or 13 with a parent's consent" is 13). Not ages for features, content,
// purchases, DNA tests or a marketplace, nor what users may not post about children.
import { NUMBER_WORDS, parseNumber } from './numbers.js';
import { byPreference, evidenceOf, withLeadIn, type FactSentence } from './sentences.js';
import type { MinimumAge } from './types.js';

const AGE = `(\\d{1,2}|${NUMBER_WORDS})(?:\\s*\\(\\d{1,2}\\))?`;
const AGES = new RegExp(
  `\\b(?:at least|over|older than|under|below|younger than|minimum age (?:is|of)(?:\\s+\\([a-z]+\\))?|the age of|aged?)\\s+(?:the age of\\s+)?${AGE}\\b|\\b${AGE}\\s+(?:years?|yrs)(?:\\s+of age)?(?:\\s+(?:old|or older|or over|and (?:older|over)))?\\b|\\bmust be\\s+${AGE}\\b|\\b${AGE}\\s+or (?:over|older)\\b|\\bmeans\\s+${AGE}\\s+years\\b`,
  'gi',
);
const USE =
  /\buse\b|\busing\b|\baccess\b|\bcreate (?:an )?account\b|\bregister\b|\bsign up\b|\beligib|\bnot (?:available|allowed|permitted|directed|intended|for use)\b|\bprohibited\b|\bintended for\b|\bminimum age\b|\bopen (?:a|an) [\w ]{0,20}account\b|\bobtain an account\b|\benter into (?:these|this)\b|^\W*(?:you must be|you are|who is|users must be)\b/i;
const NOT_THE_SERVICE =
  /\bcontent\b|\bpurchas|\bDNA\b|\bmarketplace\b|\bpersonal (?:data|information)\b|\bexploit|\bsolicit|\badvertis|\bprivacy\b|\bmonetiz|\bjudicial permit\b|\bmature\b|\bgambl|\balcohol\b|\bwarrant/i;

function agesIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(AGES)) {
    const raw = m.slice(1).find((g) => g !== undefined);
    const n = raw === undefined ? null : parseNumber(raw);
    if (n !== null && n >= 10 && n <= 21) out.push(n);
  }
  return out;
}

export function readMinimumAge(sentences: readonly FactSentence[]): MinimumAge | null {
  for (const s of byPreference(sentences)) {
    if (!/\d|teen|age/.test(s.lower)) continue;
    const read = withLeadIn(sentences, s);
    if (!USE.test(read) || NOT_THE_SERVICE.test(s.text)) continue;
    const ages = agesIn(s.text);
    if (ages.length === 0) continue;
    return { years: Math.min(...ages), evidence: evidenceOf(s) };
  }
  return null;
}
