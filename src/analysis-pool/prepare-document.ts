// The CPU-bound half of taking in a terms document, with no database: raw text (Markdown, text or
// HTML) normalised as the analyzer reads it, and that text's concerning clauses. Run in the
// analysis worker threads (analysis-pool.ts) by the server, in process by the CLI.
import {
  analyzeDocument,
  DocumentError,
  favourableClauses,
  looksEnglish,
  normaliseMapped,
  readFacts,
  type AnalyzedClause,
  type ContractFacts,
  type FavourableClause,
  type MappedText,
  type ReadableMinimum,
} from '../analysis/index.js';
import type { DocumentVersion } from '../db/schema.js';
import { invalidInput } from '../core/errors.js';
import { DOCUMENT_HTML_LIMITS, ExtractionError, htmlToTerms, type HtmlLimits } from '../extract/index.js';

export type DocumentFormat = DocumentVersion['format'];

export interface PreparedDocument {
  /** The normalised text that is stored as the version (offsets of clauses point into it). */
  readonly text: string;
  readonly clauses: AnalyzedClause[];
  /** The contract facts of `text` (evidence offsets point into it). */
  readonly facts: ContractFacts;
  /** What the terms give the user (offsets point into `text`). */
  readonly inYourFavour: FavourableClause[];
  /** Whether `text` reads as English: read here, in the analysis thread, not in the caller's transaction. */
  readonly isEnglish: boolean;
}

export function prepareDocument(raw: string, format: DocumentFormat): PreparedDocument {
  const text = normalise(raw, format);
  return { text, clauses: analyzeDocument(text), facts: readFacts(text), inYourFavour: favourableClauses(text), isEnglish: looksEnglish(text) };
}

export interface NormaliseOptions {
  readonly limits?: HtmlLimits;
  readonly minimum?: ReadableMinimum;
}

/**
 * A document that is no document (empty, binary, no text) is the caller's mistake (invalid-input). HTML
 * becomes Markdown through the HTML parser first, so the analyzer sees its headings and lists.
 */
export function normalise(raw: string, format: DocumentFormat, options: NormaliseOptions = {}): string {
  return normaliseWithMap(raw, format, options).text.text;
}

/**
 * The same, with the map from the normalised text back into `raw` (offset-map.ts); for HTML the
 * map leads into the Markdown made of it, which nobody else has: `fromRaw` says whether it leads
 * into `raw` itself.
 */
export function normaliseWithMap(raw: string, format: DocumentFormat, options: NormaliseOptions = {}): { text: MappedText; fromRaw: boolean } {
  try {
    if (format === 'html')
      return { text: normaliseMapped(htmlToTerms(raw, { minWords: 0 }, options.limits ?? DOCUMENT_HTML_LIMITS), 'markdown', options.minimum), fromRaw: false };
    return { text: normaliseMapped(raw, format, options.minimum), fromRaw: true };
  } catch (error) {
    if (error instanceof DocumentError || error instanceof ExtractionError) throw invalidInput(error.message);
    // Whatever the measure above missed: a page too deep for the reader is the caller's to fix, not a 500.
    if (error instanceof RangeError) throw invalidInput('the document nests too deeply to be read');
    throw error;
  }
}
