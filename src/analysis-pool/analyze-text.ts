// Terms text an agent brings, analysed as a provider's document would be, with nothing stored:
// normalised (a text that is no text at all is the caller's mistake: 400), split into rated and
// translated clauses, the overall rating those clauses would give, and the guides they call for.
// The one function behind analyzeTerms (HTTP, MCP) and the CLI's `analyze`. Pure CPU work: the
// server runs it in an analysis worker thread (analysis-pool.ts).
//
// Offsets index the caller's own text: the analyzer reads the normalised text, and every span it
// finds is translated at the end through the map kept while normalising (offset-map.ts). Plain
// text: text.slice(start, end) is the quote. Markdown: the span the quote was read from, markup
// included; the quote is that span with its markup removed. HTML: the answer carries the text
// extracted from it (`extracted_text`), which the offsets index.
import {
  analyzeDocument,
  detectFormat,
  favourableClauses,
  FACT_NAMES,
  looksEnglish,
  overallRating,
  protectionsFor,
  readFacts,
  TEXT_MINIMUM,
  type AnalyzedClause,
  type ContractFacts,
  type FavourableClause,
  type MappedText,
  type Protection,
} from '../analysis/index.js';
import { normaliseWithMap } from './prepare-document.js';
import { AGENT_TEXT_HTML_LIMITS } from '../extract/index.js';

export type TextFormat = 'text' | 'markdown' | 'html';

export interface TextAnalysis {
  /** How the text was read: as given, or told apart by its content. */
  format: TextFormat;
  /** For HTML, the text extracted from it, which every offset indexes; null when offsets index the text given. */
  extracted_text: string | null;
  clauses: AnalyzedClause[];
  facts: ContractFacts;
  /** What the terms give the user rather than take: rights, the provider's duties, consumer law kept. */
  in_your_favour: FavourableClause[];
  /** Null when the text is not English: the analyzer cannot rate it. */
  overall_rating: number | null;
  rating_note: string | null;
  protections: Protection[];
}

export const NOT_ENGLISH_TEXT_NOTE =
  'The text does not look English. The analyzer reads English only, so it found few or no clauses, and it gives no overall rating for this text.';

export function analyzeText(raw: string, format: TextFormat | null = null): TextAnalysis {
  const read = format ?? detectFormat(undefined, raw);
  // An agent's text is refused before parsing when its HTML would cost more than a real page does.
  const { text: mapped, fromRaw } = normaliseWithMap(raw, read, { limits: AGENT_TEXT_HTML_LIMITS, minimum: TEXT_MINIMUM });
  const text = mapped.text;
  const inCaller = fromRaw ? callerSpan(raw, read, mapped) : (span: Span) => span;
  const clauses = analyzeDocument(text).map((c) => {
    const span = inCaller({ start: c.start, end: c.end, quote: c.clause_text });
    return { ...c, clause_text: span.quote, start: span.start, end: span.end };
  });
  const facts = readFacts(text);
  for (const name of FACT_NAMES) {
    const fact = facts[name];
    if (fact) fact.evidence = fact.evidence.map(inCaller);
  }
  const inYourFavour = favourableClauses(text).map((c) => {
    const span = inCaller({ start: c.start, end: c.end, quote: c.clause_text });
    return { ...c, clause_text: span.quote, start: span.start, end: span.end };
  });
  const english = looksEnglish(text);
  return {
    format: read,
    extracted_text: fromRaw ? null : text,
    clauses,
    facts,
    in_your_favour: inYourFavour,
    overall_rating: english
      ? overallRating(clauses.map((c) => ({ category: c.category, severity: c.severity, ai_rating: c.ai_rating, community_rating: null })))
      : null,
    rating_note: english ? null : NOT_ENGLISH_TEXT_NOTE,
    protections: protectionsFor([...new Set(clauses.flatMap((c) => c.categories))]),
  };
}

interface Span {
  start: number;
  end: number;
  quote: string;
}

/**
 * A span of the normalised text as the span of `raw` it was read from. Plain text's quote is that
 * span itself; Markdown's stays the text read (its markup removed).
 */
function callerSpan(raw: string, format: TextFormat, mapped: MappedText): (span: Span) => Span {
  return ({ start, end, quote }) => {
    const source = mapped.sourceSpan(start, end);
    return { start: source.start, end: source.end, quote: format === 'text' ? raw.slice(source.start, source.end) : quote };
  };
}
