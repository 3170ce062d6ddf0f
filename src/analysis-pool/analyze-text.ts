// Terms text an agent brings, analysed as a provider's document would be, with nothing stored:
// normalised (a text that is no text at all is the caller's mistake: 400), split into rated and
// translated clauses, the overall rating those clauses would give with its band and reasons, and
// the guides they call for (written from these clauses and the text's contract facts).
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
  bandOf,
  detectFormat,
  explainRating,
  favourableClauses,
  FACT_NAMES,
  looksEnglish,
  protectionsFor,
  readFacts,
  TEXT_MINIMUM,
  type AnalyzedClause,
  type Band,
  type ContractFacts,
  type FavourableClause,
  type MappedText,
  type Protection,
  type RatingReason,
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

export function analyzeText(raw: string, format: TextFormat | null = null): TextAnalysis {
  const read = format ?? detectFormat(undefined, raw);
  // An agent's text is refused before parsing when its HTML would cost more than a real page does.
  const { text: mapped, fromRaw } = normaliseWithMap(raw, read, { limits: AGENT_TEXT_HTML_LIMITS, minimum: TEXT_MINIMUM });
  const text = mapped.text;
  // The analysis reads the normalised text, as a provider's document is read...
  const clauses = analyzeDocument(text);
  const facts = readFacts(text);
  const explained = explainRating(clauses);
  const english = looksEnglish(text);
  const protections = protectionsFor(
    clauses.map((c) => ({ id: null, category: c.category, categories: c.categories, clause_text: c.clause_text })),
    facts,
  );
  // ... and its spans are given back in the caller's text at the end.
  const inCaller = fromRaw ? callerSpan(raw, read, mapped) : (span: Span) => span;
  const quoted = <C extends { start: number; end: number; clause_text: string }>(c: C): C => {
    const span = inCaller({ start: c.start, end: c.end, quote: c.clause_text });
    return { ...c, clause_text: span.quote, start: span.start, end: span.end };
  };
  return {
    format: read,
    extracted_text: fromRaw ? null : text,
    clauses: clauses.map(quoted),
    facts: factsInCaller(facts, inCaller),
    in_your_favour: favourableClauses(text).map(quoted),
    overall_rating: explained.overall,
    band: bandOf(explained.overall, english ? null : 'Text not in English'),
    rating_reasons: { reasons: explained.reasons.slice(0, 5), critical_floor: explained.floor },
    rating_note: english ? null : NOT_ENGLISH_TEXT_NOTE,
    protections,
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

/** The facts with their evidence in the caller's text (a copy: the facts read stay as read). */
function factsInCaller(facts: ContractFacts, inCaller: (span: Span) => Span): ContractFacts {
  const copy = { ...facts } as Record<string, { evidence: Span[] } | null>;
  for (const name of FACT_NAMES) {
    const fact = copy[name];
    if (fact) copy[name] = { ...fact, evidence: fact.evidence.map(inCaller) };
  }
  return copy as unknown as ContractFacts;
}
