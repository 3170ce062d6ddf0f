// Ingestion's public face: a provider's terms document in, rated clauses, a version and a change
// record out (ingest.ts); human review of clauses (review.ts); stored analyses brought to the
// current analyzer (reanalyse.ts); the overall rating kept in step.
export { ingestDocument, type IngestResult, type Provenance } from './ingest.js';
export { refreshTermsState } from './terms-state.js';
export { editClause, verifyClause } from './review.js';
export { reanalyseStale, type ReanalysedProvider } from './reanalyse.js';
export { reanalysisAtStart } from './reanalysis-at-start.js';
export { refreshAllProviderRatings, refreshProviderRating } from './provider-rating.js';
export { sameWords, wordCount, wordsOf } from './words.js';
export { seedDemoData } from './demo-providers.js';
export { refreshStaleFacts } from './refresh-facts.js';
export { bandChangeSummary, bandChangeTitle } from './change-summary.js';
