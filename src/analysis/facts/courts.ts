// courts: the courts named for disputes not sent to arbitration ("must be brought exclusively in the
// state or federal courts located in Delaware"). `exclusive`: users must sue there; not when the clause
// only says claims "may" be brought there, keeps the user's home courts ("or in the courts of any EU
// Member State where you reside") or covers what is left "in all other cases" after the consumers' home
// courts. Not a court whose only role serves an arbitration, a copyright counter-notice or an order.
import { byPreference, evidenceOf, type FactSentence } from './sentences.js';
import { placeAt } from './places.js';
import type { Courts } from './types.js';

const COURT_PLACE =
  /\b(?:courts?|tribunals?)\b(?:\s+(?:located|sitting|situated|seated|based))?\s+(?:of|in|within|for|at)\s+|\b(?:venue|jurisdiction)\s+(?:of|in|is|shall be)\s+(?:the\s+)?(?:courts?\s+(?:of|in)\s+)?|\b(?:place of jurisdiction|venue)\b[^.;]{0,160}?\bis\s+|\bjurisdiction of\s+(?=\p{Lu}\p{L}+ (?:District )?Court)/giu;
const ABOUT_DISPUTES = /\b(?:disputes?|claims?|actions?|proceedings?|litigat\w*|lawsuits?|suits?|controvers\w+)\b|\bexclusive (?:jurisdiction|venue)\b/i;
const NOT_A_FORUM =
  /\bcompel arbitration\b|\bjudgment (?:on|upon) the (?:arbitration )?award\b|\baward (?:rendered|entered)\b|\bcounter[- ]?notice\b|\bconsent to the jurisdiction of (?:the )?federal district court\b|\bcourt orders?\b|\bgovernmental agencies\b|\bwhere the arbitration\b/i;
const EXCLUSIVE =
  /\bexclusive(?:ly)?\b|\bsolely\b|\bonly\b|\bmust be (?:brought|resolved|filed|litigated|commenced|heard|submitted)\b|\bshall be (?:brought|resolved|filed|litigated|submitted|heard)\b|\bwill be (?:brought|resolved|litigated|heard)\b/i;
const HOME_COURTS =
  /\bcourts?\b[^.;]{0,60}\b(?:where you (?:live|reside)|in which you (?:live|reside)|of your (?:main |habitual )?(?:place of )?residence|your domicile|of your (?:home )?country)\b|\b(?:your|their) (?:local|home) courts?\b/i;
const OTHER_CASES = /^\W*(?:in all other cases|if a claim or dispute arises between us that relates to use of [^,]{0,80} in any other capacity|otherwise)\b/i;
const ELECTIVE = /\bmay (?:be )?(?:brought|resolved|commenced|prosecuted|filed)\b|\bcan go to\b|\bmay choose\b/i;
const STATE_OR_COUNTRY = /,\s*([^,]+)$/;

/** The places a sentence names as a forum, the most precise first (a county or city before "Northern District of California"). */
export function courtPlaces(sentence: string): string[] {
  const places: string[] = [];
  for (const m of sentence.matchAll(COURT_PLACE)) {
    if (/\bsmall claims\s+$/i.test(sentence.slice(Math.max(0, m.index - 14), m.index))) continue;
    const place = placeAt(sentence.slice(m.index + m[0].length));
    if (place && !places.includes(place)) places.push(place);
  }
  const sorted = places.sort((a, b) => Number(/\bdistrict\b/i.test(a)) - Number(/\bdistrict\b/i.test(b)));
  // "a state court located in San Mateo County" beside "the Northern District of California": the county is in California.
  const region = sorted.map((p) => STATE_OR_COUNTRY.exec(p)?.[1] ?? /\bof ([\p{Lu}][\p{L} ]+)$/u.exec(p)?.[1]).find(Boolean);
  return sorted.map((p) => (/\bcounty$/i.test(p) && region ? `${p}, ${region}` : p));
}

export function readCourts(sentences: readonly FactSentence[]): Courts | null {
  for (const s of byPreference(sentences)) {
    if (!/court|venue|jurisdiction|tribunal/.test(s.lower) || !ABOUT_DISPUTES.test(s.text) || NOT_A_FORUM.test(s.text)) continue;
    const [place] = courtPlaces(s.text);
    if (!place) continue;
    const exclusive =
      EXCLUSIVE.test(s.text) && !HOME_COURTS.test(s.text) && !OTHER_CASES.test(s.text) && !(ELECTIVE.test(s.text) && !/\bexclusive/i.test(s.text));
    return { place, exclusive, evidence: evidenceOf(s) };
  }
  return null;
}
