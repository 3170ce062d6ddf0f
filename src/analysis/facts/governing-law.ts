// governing_law: the law the terms choose ("These Terms are governed by the laws of the State of
// California", "Irish law will govern", "The laws of the Republic of Lithuania apply to these terms").
// Read as a choice, not a mention: a place named only inside an exception ("unless the mandatory law of
// X requires otherwise", "without prejudice to the laws of X", "except that ...") chooses no law, and a
// fallback ("If the FAA is found not to apply, the law of Delaware") is taken only when nothing else
// chooses. A table row or a labelled list item is one record ("U.S. Residents: Delaware law; venue ...").
// Not the law a company is registered under, export-control or intellectual-property laws, federal
// arbitration law, or "the laws of the country where you live" (which names no place).
import { placeAt, placeOfAdjective } from './places.js';
import { evidenceOf, rankOf, withLeadIn, type FactSentence } from './sentences.js';
import { preferredRecord } from './tables.js';
import type { GoverningLaw } from './types.js';

// A choice: "governed by", "construed (and enforced, in all respects) in accordance with", "resolved according to
// Swedish law", "subject to Swiss law", "the laws of X apply".
const CHOOSES =
  /\bgovern(?:s|ed|ing)?\b|\blaws?\b[^.;]{0,80}\b(?:appl(?:y|ies)|will apply|shall apply)\b|\b(?:construed|interpreted|enforced|resolved|settled|decided|determined)\b[^.;]{0,40}?\b(?:in accordance with|according to|pursuant to)\b|\bsubject to (?:the laws? of|\p{Lu}\p{L}+ laws?)\b|^\W*[^:]{2,60}:\s*(?:the\s+)?(?:laws? of|\p{Lu}\p{L}+ law)\b/iu;
const NOT_THE_CONTRACTS =
  /\b(?:registered|incorporated|organi[sz]ed|established|existing|operating|company)\b[^.;]{0,40}\bunder the laws? of\b|\bexport|\bsanction|\bprotected by (?:copyright|[^.]{0,40}laws)|\bbarred from\b|\bprohibited by the laws? of\b/i;
const LAWS_OF = /\blaws? of\s+/gi;
const ADJECTIVE_LAW = /\b((?:\p{Lu}[\p{L}]+\s+)?\p{Lu}[\p{L}]+)\s+(?:[Ll]aws?|LAWS?)\b(?!\s+(?:of|OF)\b)/gu;
// Words that open an exception or a reservation: a place named after them in the same clause is not chosen.
const EXCEPTION =
  /\b(?:unless|except|excepting|other than|save (?:as|where|that|for)|notwithstanding|without prejudice to|does not (?:affect|deprive|limit|override|prevent)|do not (?:affect|deprive|limit|override)|not deprive|in addition to|mandatory|protections? (?:of|under|afforded))\b/i;
// A choice that holds only if something else fails.
const FALLBACK =
  /^\W*(?:\(?[\divx]+\)?\.?\s*)?(?:if|in the event|to the extent|where|should)\b[^,]{0,160}\b(?:not|fails?|invalid|unenforceable|inapplicable|cannot)\b/i;

// A condition on where the user lives is a region, not a fallback ("If you reside in a country that is not part of the EEA, ...").
const WHO_YOU_ARE =
  /^\W*(?:\(?[\divx]+\)?\.?\s*)?(?:if|where)\s+(?:you|users?|consumers?)\s+(?:reside|live|are (?:located|based|domiciled|a resident|resident|established))\b/i;

// The words of a choice; an exception counts only where it stands between the choice and the place.
const CHOICE = /\bgovern\w*|\bappl(?:y|ies)\b|\bconstrued\b|\binterpreted\b|\bsubject to\b/gi;

/** A place chosen at `at` in the sentence, unless an exception stands between the words of the choice and it ("governed by the laws of X, except that the mandatory law of Y ..."). */
function chosen(sentence: string, at: number): boolean {
  const before = sentence.slice(0, at);
  const choices = [...before.matchAll(CHOICE)];
  const segment = choices.length > 0 ? before.slice(choices[choices.length - 1].index) : (before.split(/[,;:(—–]|\bbut\b/).pop() ?? '');
  return !EXCEPTION.test(segment);
}

/** The places whose law a sentence chooses, in the order written. */
export function lawPlaces(sentence: string, read: string = sentence): string[] {
  if (!CHOOSES.test(read)) return [];
  const places: { at: number; place: string }[] = [];
  for (const m of sentence.matchAll(LAWS_OF)) {
    const before = sentence.slice(Math.max(0, m.index - 60), m.index);
    if (NOT_THE_CONTRACTS.test(before + m[0]) || !chosen(sentence, m.index)) continue;
    const rest = sentence.slice(m.index + m[0].length);
    let place = placeAt(rest);
    // "the laws of the United States and the State of Tennessee": federal law beside the state's, which is the choice.
    if (place && /^(?:united states|u\.s\.|usa|america)/i.test(place)) {
      const and = /^(?:the\s+)?(?:united states(?: of america)?|u\.s\.(?:a\.)?|usa)\s+(?:and|&)\s+(?:of\s+)?(?:the\s+)?/i.exec(rest);
      place = and ? placeAt(rest.slice(and[0].length)) : null;
    }
    if (place && !/^(?:united states|u\.s\.|usa|america)/i.test(place)) places.push({ at: m.index, place });
  }
  for (const m of sentence.matchAll(ADJECTIVE_LAW)) {
    // "the New York laws": a two-word name, else its last word ("Irish" in "Governing Irish law").
    const words = m[1].split(/\s+/);
    const place = placeOfAdjective(m[1]) ?? placeOfAdjective(words[words.length - 1]);
    if (place && chosen(sentence, m.index)) places.push({ at: m.index, place });
  }
  return places.sort((a, b) => a.at - b.at).map((p) => p.place);
}

export function readGoverningLaw(sentences: readonly FactSentence[]): GoverningLaw | null {
  let best: { key: number[]; law: GoverningLaw } | null = null;
  for (const s of sentences) {
    if (s.annotation || !s.lower.includes('law') || (NOT_THE_CONTRACTS.test(s.text) && !/\bgovern/i.test(s.text))) continue;
    const [place] = lawPlaces(s.text, withLeadIn(sentences, s));
    if (!place) continue;
    const key = [FALLBACK.test(s.text) && !WHO_YOU_ARE.test(s.text) ? 1 : 0, rankOf(s), s.index];
    if (!best || compare(key, best.key) < 0) best = { key, law: { place, evidence: evidenceOf(s) } };
  }
  // A table of regional terms: the row for users in the United States, else the first.
  const record = preferredRecord(sentences, 'law');
  if (record && (!best || best.key[0] === 1 || best.key[1] > rankOf(record.row))) {
    const cell = record.law ?? '';
    const place = lawPlaces(cell, 'governed')[0] ?? placeAt(cell);
    if (place) return { place, evidence: evidenceOf(record.row) };
  }
  return best?.law ?? null;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
