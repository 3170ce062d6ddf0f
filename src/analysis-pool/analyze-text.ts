// Terms text an agent brings, analysed as a provider's document would be, with nothing stored:
// normalised (a text that is no document is the caller's mistake: 400), split into rated and
// translated clauses, the overall rating those clauses would give, and the guides they call for.
// Pure CPU work: the server runs it in an analysis worker thread (analysis-pool.ts).
import {
  analyzeDocument,
  detectFormat,
  favourableClauses,
  looksEnglish,
  overallRating,
  protectionsFor,
  readFacts,
  type AnalyzedClause,
  type ContractFacts,
  type FavourableClause,
  type Protection,
} from '../analysis/index.js';
import { normalise } from './prepare-document.js';
import { AGENT_TEXT_HTML_LIMITS } from '../extract/index.js';

export interface TextAnalysis {
  clauses: Omit<AnalyzedClause, 'start' | 'end'>[];
  /** Evidence offsets point into the normalised text; each carries its quote, since the agent does not have that text. */
  facts: ContractFacts;
  /** What the terms give the user rather than take: rights, the provider's duties, consumer law kept. */
  in_your_favour: FavourableClause[];
  overall_rating: number;
  rating_note: string | null;
  protections: Protection[];
}

export const NOT_ENGLISH_TEXT_NOTE =
  'The text does not look English. The analyzer reads English only, so it found few or no clauses: the overall rating does not describe this text.';

export function analyzeText(raw: string): TextAnalysis {
  // An agent's text is refused before parsing when its HTML would cost more than a real page does.
  const text = normalise(raw, detectFormat(undefined, raw), AGENT_TEXT_HTML_LIMITS);
  // Offsets point into the normalised text, which the agent does not have: they are left out.
  const clauses = analyzeDocument(text).map(({ start: _start, end: _end, ...clause }) => clause);
  return {
    clauses,
    facts: readFacts(text),
    in_your_favour: favourableClauses(text),
    overall_rating: overallRating(clauses.map((c) => ({ category: c.category, severity: c.severity, ai_rating: c.ai_rating, community_rating: null }))),
    rating_note: looksEnglish(text) ? null : NOT_ENGLISH_TEXT_NOTE,
    protections: protectionsFor([...new Set(clauses.flatMap((c) => c.categories))]),
  };
}
