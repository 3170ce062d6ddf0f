// The analyzer's public API: documents in, rated clauses and protection guides out.
export { analyzeDocument, type AnalyzedClause } from './analyze.js';
export { classifySentence, type Classification } from './engine/classify.js';
export { DocumentError, detectFormat, normaliseDocument, normaliseMapped, TEXT_MINIMUM, type DocumentFormat, type ReadableMinimum } from './normalise.js';
export { MappedText, type SourceSpan } from './offset-map.js';
export {
  CRITICAL_FLOOR,
  OVERALL_RATING_FORMULA,
  PRIOR_VOTES,
  clauseScore,
  communityMean,
  explainRating,
  overallRating,
  type RatingExplained,
  type RatingInput,
  type RatingReason,
} from './overall-rating.js';
export {
  BAND_COLOURS,
  BAND_LABELS,
  BAND_LEVELS,
  BAND_SCALE,
  bandOf,
  inSentence,
  notInEnglish,
  providerBand,
  unratedLabelOf,
  type Band,
  type BandLevel,
  type TermsStateOf,
} from './band.js';
export { IMPACTS, PROTECTION_GUIDES, protectionsFor, type Impact, type Protection } from './protections.js';
export { rateClause } from './rate.js';
export { segmentSentences, type Span } from './engine/segment.js';
export { titleClause, translateClause } from './translate.js';
export { CATEGORIES, CATEGORY_SLUGS, EVAL_SLUGS, SEVERITIES, getCategory, type Category, type CategorySlug, type Severity } from './taxonomy.js';
export { looksEnglish } from './language.js';
export { FACT_NAMES, FACTS_VERSION, readFacts, type ContractFacts, type FactName } from './facts/index.js';
export { favourableClauses, MAX_FAVOURABLE, type FavourableClause } from './in-your-favour.js';
export type { FavourKind } from './favour.js';
export type { Party } from './party.js';
export type { Confidence } from './plain-english.js';

/**
 * The analyzer's output version: bump it (a date) whenever analyzeDocument's clauses change for
 * the same text, and stored versions are analysed again at the next start (src/ingest/reanalyse.ts).
 */
export const ANALYZER_VERSION = '2026-11-28.1';
