// What the server and the CLI ask of the analyzer, whichever way it runs: the jobs (the text an
// agent brings, analysed; a provider's document, normalised and analysed; a stored version's text
// analysed again; a fetched page's terms,
// extracted), how one job runs in the current thread (the CLI, and the body of every worker
// thread), and the Analyzer that both the worker pool (analysis-pool.ts) and the in-process
// runner satisfy.
import { analyzeDocument, type AnalyzedClause } from '../analysis/index.js';
import { analyzeText, type TextAnalysis, type TextFormat } from './analyze-text.js';
import { extractTerms, type ExtractedTerms, type Selection } from '../extract/index.js';
import { prepareDocument, type DocumentFormat, type PreparedDocument } from './prepare-document.js';

/** A fetched resource whose terms are wanted: its Content-Type and bytes. */
export interface FetchedBody {
  readonly contentType: string;
  readonly body: Uint8Array;
}

export type AnalysisJob =
  | { readonly op: 'analyze-text'; readonly raw: string; readonly format: TextFormat | null }
  | { readonly op: 'prepare-document'; readonly raw: string; readonly format: DocumentFormat }
  | { readonly op: 'analyze-stored-text'; readonly text: string }
  | { readonly op: 'extract-terms'; readonly resource: FetchedBody; readonly selection: Selection };

export interface Analyzer {
  /**
   * analyzeTerms: terms text an agent brings (untrusted, so bounded: may refuse with 503 when
   * busy). `owner` (the agent) runs one text at a time in the pool; `format` as the agent says,
   * else told apart by its content.
   */
  analyzeText(raw: string, owner?: string | null, format?: TextFormat | null): Promise<TextAnalysis>;
  /** Ingestion (admin API, CLI, tracker; `bulk`: the shipped snapshot, after all else): normalised text and its clauses. */
  prepareDocument(raw: string, format: DocumentFormat, priority?: 'background' | 'bulk'): Promise<PreparedDocument>;
  /** Re-analysis: a stored version's text (already normalised, so offsets point into it) and its clauses. */
  analyzeStoredText(text: string): Promise<AnalyzedClause[]>;
  /** The terms in a fetched page (HTML parsed, selectors applied, Markdown written; PDF read). */
  extractTerms(resource: FetchedBody, selection: Selection): Promise<ExtractedTerms>;
}

/** A place held in a bounded analyzer for one agent's text (analysis-pool.ts); release() if unused. */
export interface Reservation extends AnalysisService {
  release(): void;
}

/** An Analyzer that can hold a place for an agent's text before the request is metered. */
export interface AnalysisService extends Analyzer {
  reserve(): Reservation;
}

export async function runJob(job: AnalysisJob): Promise<TextAnalysis | PreparedDocument | AnalyzedClause[] | ExtractedTerms> {
  switch (job.op) {
    case 'analyze-text':
      return analyzeText(job.raw, job.format);
    case 'prepare-document':
      return prepareDocument(job.raw, job.format);
    case 'analyze-stored-text':
      return analyzeDocument(job.text);
    case 'extract-terms':
      return extractTerms(job.resource, job.selection);
  }
}

/** The analyzer in the calling thread: for the CLI, which serves nobody else while it works. */
export const inProcessAnalyzer: AnalysisService = {
  analyzeText: async (raw, _owner, format = null) => analyzeText(raw, format),
  prepareDocument: async (raw, format) => prepareDocument(raw, format),
  analyzeStoredText: async (text) => analyzeDocument(text),
  extractTerms: (resource, selection) => extractTerms(resource, selection),
  reserve: () => ({ ...inProcessAnalyzer, release() {} }),
};
