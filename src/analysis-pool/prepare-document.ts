// The CPU-bound half of taking in a terms document, with no database: raw text (Markdown, text or
// HTML) normalised as the analyzer reads it, and that text's concerning clauses. Run in the
// analysis worker threads (analysis-pool.ts) by the server, in process by the CLI.
import { analyzeDocument, DocumentError, normaliseDocument, readFacts, type AnalyzedClause, type ContractFacts } from '../analysis/index.js';
import type { DocumentVersion } from '../db/schema.js';
import { invalidInput } from '../core/errors.js';
import { ExtractionError, htmlToTerms } from '../extract/index.js';

export type DocumentFormat = DocumentVersion['format'];

export interface PreparedDocument {
  /** The normalised text that is stored as the version (offsets of clauses point into it). */
  readonly text: string;
  readonly clauses: AnalyzedClause[];
  /** The contract facts of `text` (evidence offsets point into it). */
  readonly facts: ContractFacts;
}

export function prepareDocument(raw: string, format: DocumentFormat): PreparedDocument {
  const text = normalise(raw, format);
  return { text, clauses: analyzeDocument(text), facts: readFacts(text) };
}

/**
 * A document that is no document (empty, binary, no text) is the caller's mistake (invalid-input). HTML
 * becomes Markdown through the HTML parser first, so the analyzer sees its headings and lists.
 */
export function normalise(raw: string, format: DocumentFormat): string {
  try {
    return format === 'html' ? normaliseDocument(htmlToTerms(raw, { minWords: 0 }), 'markdown') : normaliseDocument(raw, format);
  } catch (error) {
    if (error instanceof DocumentError || error instanceof ExtractionError) throw invalidInput(error.message);
    throw error;
  }
}
