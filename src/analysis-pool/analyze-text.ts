// Terms text an agent brings, analysed as a provider's document would be, with nothing stored:
// normalised (a text that is no document is the caller's mistake: 400), split into rated and
// translated clauses, the overall rating those clauses would give with its band and reasons, and
// the guides they call for (written from these clauses and the text's contract facts).
// Pure CPU work: the server runs it in an analysis worker thread (analysis-pool.ts).
import {
  analyzeDocument,
  detectFormat,
  favourableClauses,
  bandOf,
  explainRating,
  looksEnglish,
  protectionsFor,
  readFacts,
  type AnalyzedClause,
  type Band,
  type ContractFacts,
  type FavourableClause,
  type Protection,
  type RatingReason,
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
  /** The band of the rating (a critical clause makes it high concern at least), from the one band function. */
  band: Band;
  /** Why this rating: the categories that gave the most points, and the critical floor. */
  rating_reasons: { reasons: RatingReason[]; critical_floor: { clause_id: number | null; title: string } | null };
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
  const facts = readFacts(text);
  const explained = explainRating(clauses);
  const english = looksEnglish(text);
  return {
    clauses,
    facts,
    in_your_favour: favourableClauses(text),
    overall_rating: explained.overall,
    band: bandOf(explained.overall, english ? null : 'Text not in English'),
    rating_reasons: { reasons: explained.reasons.slice(0, 5), critical_floor: explained.floor },
    rating_note: english ? null : NOT_ENGLISH_TEXT_NOTE,
    protections: protectionsFor(
      clauses.map((c) => ({ id: null, category: c.category, categories: c.categories, clause_text: c.clause_text })),
      facts,
    ),
  };
}
