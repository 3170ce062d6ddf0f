// governing_law: the law the terms choose ("These Terms are governed by the laws of the State of
// California", "Irish law will govern", "The laws of the Republic of Lithuania apply to these terms").
// Not the law a company is registered under, export-control or intellectual-property laws, federal
// arbitration law, or "the laws of the country where you live" (which names no place).
import { byPreference, evidenceOf, type FactSentence } from './sentences.js';
import { placeAt, placeOfAdjective } from './places.js';
import type { GoverningLaw } from './types.js';

const CHOOSES =
  /\bgovern(?:s|ed|ing)?\b|\blaws?\b[^.;]{0,80}\b(?:appl(?:y|ies)|will apply|shall apply)\b|\bconstrued in accordance with\b|\bsubject to the laws? of\b/i;
const NOT_THE_CONTRACTS =
  /\b(?:registered|incorporated|organi[sz]ed|established|existing|operating|company)\b[^.;]{0,40}\bunder the laws? of\b|\bexport|\bsanction|\bprotected by (?:copyright|[^.]{0,40}laws)|\bbarred from\b|\bprohibited by the laws? of\b/i;
const LAWS_OF = /\blaws? of\s+/gi;
const ADJECTIVE_LAW = /\b(\p{Lu}[\p{L}]+)\s+(?:law|laws)\b(?!\s+of)/gu;

/** The places whose law a sentence chooses, in the order written. */
export function lawPlaces(sentence: string): string[] {
  if (!CHOOSES.test(sentence)) return [];
  const places: { at: number; place: string }[] = [];
  for (const m of sentence.matchAll(LAWS_OF)) {
    const before = sentence.slice(Math.max(0, m.index - 60), m.index);
    if (NOT_THE_CONTRACTS.test(before + m[0])) continue;
    const place = placeAt(sentence.slice(m.index + m[0].length));
    if (place && !/^(?:united states|u\.s\.|usa|america)/i.test(place)) places.push({ at: m.index, place });
  }
  for (const m of sentence.matchAll(ADJECTIVE_LAW)) {
    const place = placeOfAdjective(m[1]);
    if (place) places.push({ at: m.index, place });
  }
  return places.sort((a, b) => a.at - b.at).map((p) => p.place);
}

export function readGoverningLaw(sentences: readonly FactSentence[]): GoverningLaw | null {
  for (const s of byPreference(sentences)) {
    if (!s.lower.includes('law') || (NOT_THE_CONTRACTS.test(s.text) && !/\bgovern/i.test(s.text))) continue;
    const [place] = lawPlaces(s.text);
    if (place) return { place, evidence: evidenceOf(s) };
  }
  return null;
}
