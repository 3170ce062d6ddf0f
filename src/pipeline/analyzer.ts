// What the server and the CLI ask of the analyzer, whichever way it runs: the jobs (the text an
// agent brings, analysed; a provider's document, normalised and analysed), how one job runs in
// the current thread (the CLI, and the body of every worker thread), and the Analyzer that both
// the worker pool (analysis-pool.ts) and the in-process runner satisfy.
import { analyzeText, type TextAnalysis } from './analyze-text.js';
import { prepareDocument, type DocumentFormat, type PreparedDocument } from './prepare-document.js';

export type AnalysisJob =
  | { readonly op: 'analyze-text'; readonly raw: string }
  | { readonly op: 'prepare-document'; readonly raw: string; readonly format: DocumentFormat };

export type JobResult<J extends AnalysisJob> = J extends { op: 'analyze-text' } ? TextAnalysis : PreparedDocument;

export interface Analyzer {
  /** analyzeTerms: terms text an agent brings (untrusted, so bounded: may refuse with 503 when busy). */
  analyzeText(raw: string): Promise<TextAnalysis>;
  /** Ingestion (admin API, CLI, tracker): normalised text and its clauses. */
  prepareDocument(raw: string, format: DocumentFormat): Promise<PreparedDocument>;
}

/** A place held in a bounded analyzer for one agent's text (analysis-pool.ts); release() if unused. */
export interface Reservation extends AnalysisService {
  release(): void;
}

/** An Analyzer that can hold a place for an agent's text before the request is metered. */
export interface AnalysisService extends Analyzer {
  reserve(): Reservation;
}

export function runJob(job: AnalysisJob): TextAnalysis | PreparedDocument {
  switch (job.op) {
    case 'analyze-text':
      return analyzeText(job.raw);
    case 'prepare-document':
      return prepareDocument(job.raw, job.format);
  }
}

/** The analyzer in the calling thread: for the CLI, which serves nobody else while it works. */
export const inProcessAnalyzer: AnalysisService = {
  analyzeText: async (raw) => analyzeText(raw),
  prepareDocument: async (raw, format) => prepareDocument(raw, format),
  reserve: () => ({ ...inProcessAnalyzer, release() {} }),
};
