// The analysis pool's public face: the analyzer in worker threads for the server (AnalysisPool),
// in the calling thread for the CLI (inProcessAnalyzer), and the jobs both run.
export { AnalysisFailure, AnalysisPool, type AnalysisPoolOptions } from './pool.js';
export { inProcessAnalyzer, type AnalysisService, type Analyzer, type FetchedBody, type Reservation } from './jobs.js';
export { analyzeText, NOT_ENGLISH_TEXT_NOTE, type TextAnalysis, type TextFormat } from './analyze-text.js';
export type { DocumentFormat, PreparedDocument } from './prepare-document.js';
