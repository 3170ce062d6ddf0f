// courts: the courts named for disputes ("must be brought exclusively in the state or federal courts
// located in Delaware"), also when they hear only what is not arbitrated. Read by the role of the clause:
// the rule first, then courts for disputes not arbitrated (or after an opt-out), then courts named only
// for an exception (injunctions, intellectual property), and last what applies only if one provision of
// the arbitration agreement fails. A court whose only role serves an arbitration (compel, confirm an
// award), a copyright counter-notice or an order is no forum; a small claims court is no forum.
// `exclusive`: users must sue there: "exclusive(ly)", "solely", "only", "must / shall / will be brought
// (resolved, litigated, decided ...)", or a next sentence that submits to the exclusive jurisdiction of
// "those courts"; not when the clause only says claims "may" be brought there, keeps the user's home
// courts ("or in the courts of any EU Member State where you reside"), covers what is left "in all other
// cases", or only consents to a court's (non-exclusive) jurisdiction.
import { ADJECTIVES } from './place-names.js';
import { lawPlaces } from './governing-law.js';
import { placeAt } from './places.js';
import { evidenceOf, rankOf, withLeadIn, type FactSentence } from './sentences.js';
import { preferredRecord } from './tables.js';
import type { Courts } from './types.js';

const COURT_PLACE =
  /\bcourts?\s+of\s+competent\s+jurisdiction\s+(?:(?:located|sitting|situated|seated|based)\s+)?(?:in|within|at)\s+|\b(?:place of jurisdiction|venue|exclusive jurisdiction)\b[^.;]{0,160}?\b(?:will|shall)\s+be\s+(?:the\s+)?(?=[\p{Lu}])|\b(?:courts?|tribunals?)\b(?:\s+(?:located|sitting|situated|seated|based))?\s+(?:of|in|within|for|at)\s+|\b(?:venue|jurisdiction)\s+(?:of|in|is|shall be)\s+(?:the\s+)?(?:courts?\s+(?:of|in)\s+)?|\b(?:place of jurisdiction|venue)\b[^.;]{0,160}?\bis\s+|\bjurisdiction of\s+(?=\p{Lu}\p{L}+ (?:District )?Court)|\bcourts?\b[^.;]{0,60}?\b(?:located|sitting|situated|seated)\s+(?:in|within)\s+/giu;
// A consent or submission to a court's jurisdiction is about disputes even where the sentence names none.
const ABOUT_DISPUTES =
  /\b(?:disputes?|claims?|actions?|proceedings?|litigat\w*|lawsuits?|suits?|controvers\w+|legal matters?)\b|\bexclusive (?:jurisdiction|venue)\b|\b(?:submits?|consents?|agrees?)\s+to\s+the\s+(?:\w+\s+)?jurisdiction\b/i;
const NOT_A_FORUM =
  /\bcompel arbitration\b|\bjudgment (?:on|upon) the (?:arbitration )?award\b|\baward (?:rendered|entered)\b|\bcounter[- ]?notice\b|\bconsent to the jurisdiction of (?:the )?federal district court\b|\bcourt orders?\b|\bgovernmental agencies\b|\bwhere the arbitration\b/i;
const EXCLUSIVE =
  /\bexclusive(?:ly)?\b|\bsolely\b|\bonly\b|\bmust\b[^.;]{0,40}?\b(?:brought|resolved|filed|litigated|commenced|heard|submitted|decided|determined|settled|maintained|adjudicated|instituted|initiated)\b|\b(?:shall|will)\s+(?:\w+\s+){0,2}?(?:brought|resolved|filed|litigated|submitted|heard|decided|determined|settled|maintained|adjudicated|instituted|initiated|lie)\b/i;
const NON_EXCLUSIVE = /\bnon-?exclusive\b/i;
const HOME_COURTS =
  /\bcourts?\b[^.;]{0,60}\b(?:where you (?:live|reside)|in which you (?:live|reside)|of your (?:main |habitual )?(?:place of )?residence|your domicile|of your (?:home )?country)\b|\b(?:your|their) (?:local|home) courts?\b/i;
const OTHER_CASES = /^\W*(?:in all other cases|if a claim or dispute arises between us that relates to use of [^,]{0,80} in any other capacity|otherwise)\b/i;
const ELECTIVE = /\bmay (?:be )?(?:brought|resolved|commenced|prosecuted|filed)\b|\bcan go to\b|\bmay choose\b/i;
const CONSENT_ONLY = /\b(?:subject to|submits? to|consents? to|agrees? to)\s+the\s+(?:personal\s+)?jurisdiction\b/i;
// Disputes handed to a court's jurisdiction ("Any dispute shall be subject to the jurisdiction of the courts of X",
// "will be governed by the jurisdiction of French courts", "jurisdiction falls to the Court of X"): the disputes go
// there, which is more than a party's consent to a court's jurisdiction.
const DISPUTES_ASSIGNED =
  /\b(?:disputes?|claims?|controvers\w+|matters?|actions?|proceedings?)\b[^.;]{0,160}?\b(?:shall|will|must)\s+(?:\w+\s+)?(?:be\s+)?(?:subject to|governed by|submitted to|referred to)\s+the\s+(?:\w+\s+)?jurisdiction\b|\bjurisdiction\s+(?:falls|lies|rests|belongs)\s+(?:to|with)\b/i;
const THOSE_COURTS = /\b(?:those|such|these|said|the (?:above|foregoing|aforementioned)) courts?\b|\b(?:that|this) court\b/i;
const STATE_OR_COUNTRY = /,\s*([^,]+)$/;
const ADJECTIVE_COURTS = /\b(\p{Lu}\p{L}+)\s+(?:courts?|tribunals?)\b/gu;

// The roles a forum clause can have, in the order a reader takes them.
const RULE = 0;
const NOT_ARBITRATED = 1;
const EXCEPTION = 2;
const FALLBACK = 3;
const NOT_ARBITRATED_WORDS =
  /\bnot (?:be )?(?:subject to|submitted to|resolved (?:through|by|in)) (?:binding |individual |mandatory )*arbitration\b|\bnon-?arbitrable\b|\bnot arbitrable\b|\b(?:agreement to arbitrate|arbitration (?:agreement|provisions?|clause|section))\b[^.;]{0,80}\b(?:does not|do not|not to|doesn['’]t|don['’]t|is not|are not)\s+(?:apply|applicable)\b|\bopt(?:s|ed)?[- ]out\b|\bheld (?:to be )?unenforceable\b[^.;]{0,40}\barbitrat|\barbitrat\w*[^.;]{0,60}\b(?:unenforceable|invalid\w*|void|struck|fails?)\b/i;
const EXCEPTION_WORDS = /\b(?:injunctive|equitable relief|intellectual property|infring\w*|exceptions?|provisional remed\w*)\b/i;
const SEVERED = /\bif\b[^.;]{0,80}\b(?:specific )?(?:provision|paragraph|subsection|clause|waiver)\b[^.;]{0,80}\b(?:unenforceable|invalid|void|illegal)\b/i;

/** A sentence without its asides ("—including a motion to compel arbitration—", "(...)"), for telling what a court is for. */
function withoutAsides(text: string): string {
  return text.replace(/\s*[—–]\s[^—–]{0,300}\s[—–]\s*|—[^—]{0,300}—|\([^()]{0,300}\)/g, ' ');
}

/** A sentence without what it says of small claims courts, which may stay open wherever the user lives. */
function withoutSmallClaims(text: string): string {
  return text
    .replace(/\([^()]*\bsmall[- ]claims?\b[^()]*\)/gi, ' ')
    .split(/(?<=[,;])\s+/)
    .filter((clause) => !/\bsmall[- ]claims?\b/i.test(clause))
    .join(' ');
}

/** The places a sentence names as a forum, the most precise first (a county or city before "Northern District of California"). */
export function courtPlaces(sentence: string): string[] {
  const places: string[] = [];
  for (const m of sentence.matchAll(COURT_PLACE)) {
    if (
      /\bsmall[- ]claims?\s+(?:court\s+)?$/i.test(
        sentence.slice(Math.max(0, m.index - 20), m.index + m[0].length).replace(/\b(?:courts?|located|in|of)\s*$/i, ''),
      )
    )
      continue;
    const place = placeAt(sentence.slice(m.index + m[0].length));
    if (place && !places.includes(place)) places.push(place);
  }
  // Courts named by a demonym (not a place name: "California courts" may be one of several): "the exclusive jurisdiction of the English courts", "by Swedish courts".
  for (const m of sentence.matchAll(ADJECTIVE_COURTS)) {
    const place = ADJECTIVES[m[1].toLowerCase()];
    if (place && !places.includes(place)) places.push(place);
  }
  // "the State of California, Los Angeles County": the county first, as a place is written.
  const ordered = places.map((p) => /^([^,]+),\s*([^,]+\bCounty)$/i.exec(p)?.slice(1).reverse().join(', ') ?? p);
  const sorted = ordered.sort((a, b) => Number(/\bdistrict\b/i.test(a)) - Number(/\bdistrict\b/i.test(b)));
  // "a state court located in San Mateo County" beside "the Northern District of California": the county is in California.
  const region = sorted.map((p) => STATE_OR_COUNTRY.exec(p)?.[1] ?? /\bof ([\p{Lu}][\p{L} ]+)$/u.exec(p)?.[1]).find(Boolean);
  return sorted.map((p) => (/\bcounty$/i.test(p) && region && !p.includes(',') ? `${p}, ${region}` : p));
}

// "the courts of the above jurisdiction", "the courts of that country": the place whose law the sentence, or the one before, chose.
const REFERRED = /\bcourts?\s+of\s+(?:the\s+)?(?:above|said|that|this|such|the same)\s+(?:jurisdiction|country|state|place)\b/i;

function referredPlace(sentences: readonly FactSentence[], s: FactSentence): string | null {
  if (!REFERRED.test(s.text)) return null;
  return lawPlaces(s.text)[0] ?? (s.index > 0 ? lawPlaces(sentences[s.index - 1].text)[0] : undefined) ?? null;
}

function roleOf(sentences: readonly FactSentence[], s: FactSentence, read: string): number {
  // One provision failing ("If this specific provision is found to be unenforceable"), not the arbitration agreement as a whole.
  const severed = SEVERED.exec(read);
  if (severed && !/\barbitration (?:provision|clause|agreement|section)\b/i.test(severed[0]) && !NOT_ARBITRATED_WORDS.test(read.replace(severed[0], '')))
    return FALLBACK;
  if (NOT_ARBITRATED_WORDS.test(read)) return NOT_ARBITRATED;
  const head = sentences.find((h) => h.paragraph === s.paragraph);
  if (EXCEPTION_WORDS.test(read) || (head && head !== s && /^\W*(?:\(?[\divx]+\)?\.?\s*)*exceptions?\b|\bexception\b/i.test(head.text))) return EXCEPTION;
  return RULE;
}

/** Whether users must sue there: the sentence's own words, else a next sentence that submits to the exclusive jurisdiction of "those courts". */
function exclusivity(s: FactSentence, next: FactSentence | undefined): { exclusive: boolean; also?: FactSentence } {
  const text = withoutSmallClaims(s.text);
  if (HOME_COURTS.test(text) || OTHER_CASES.test(text) || NON_EXCLUSIVE.test(text)) return { exclusive: false };
  const own = EXCLUSIVE.test(text) && !(ELECTIVE.test(text) && !/\bexclusive|\bonly\b|\bsolely\b/i.test(text));
  if (own) return { exclusive: true };
  if (next && next.paragraph === s.paragraph && THOSE_COURTS.test(next.text) && /\bexclusive\b/i.test(next.text) && !NON_EXCLUSIVE.test(next.text))
    return { exclusive: true, also: next };
  if (DISPUTES_ASSIGNED.test(text) && !ELECTIVE.test(text)) return { exclusive: true };
  if (CONSENT_ONLY.test(text)) return { exclusive: false };
  return { exclusive: false };
}

export function readCourts(sentences: readonly FactSentence[]): Courts | null {
  let best: { key: number[]; courts: Courts } | null = null;
  for (const s of sentences) {
    if (s.annotation || !/court|venue|jurisdiction|tribunal/.test(s.lower)) continue;
    const read = withLeadIn(sentences, s);
    if (!ABOUT_DISPUTES.test(read) || NOT_A_FORUM.test(withoutAsides(s.text))) continue;
    const place = courtPlaces(s.text)[0] ?? referredPlace(sentences, s);
    if (!place) continue;
    const role = roleOf(sentences, s, read);
    const key = [role === FALLBACK ? 1 : 0, rankOf(s), role, s.index];
    if (best && compare(best.key, key) <= 0) continue;
    const { exclusive, also } = exclusivity(s, sentences[s.index + 1]);
    best = { key, courts: { place, exclusive, evidence: evidenceOf(s, also) } };
  }
  // A table of regional terms: the row for users in the United States, else the first, is one record.
  const record = preferredRecord(sentences, 'courts');
  if (record && (!best || best.key[0] === 1 || best.key[2] > RULE || best.key[1] > rankOf(record.row))) {
    const cell = record.courts ?? '';
    const place = courtPlaces(cell)[0] ?? placeAt(cell.replace(/^\W*(?:the\s+)?(?:courts?|tribunals?)\s+(?:of|in)\s+/i, ''));
    if (place) return { place, exclusive: EXCLUSIVE.test(cell) && !NON_EXCLUSIVE.test(cell), evidence: evidenceOf(record.row) };
  }
  return best?.courts ?? null;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
