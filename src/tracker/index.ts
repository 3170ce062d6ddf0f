// The tracker's public face, read top-down as it works: fetch a provider's terms from its own site
// politely (fetch/), have the analysis pool extract the terms text (src/extract, off the event
// loop), record a new version through ingestion (pass.ts); on a schedule in the server
// (schedule.ts), on demand through the admin API (fetch-for-provider.ts, runPass).
export { runPass, leaseOwner, type PassReport, type ProviderOutcome, type TrackerContext } from './pass.js';
export { trackingSchedule, type TrackingSchedule } from './schedule.js';
export { fetchForProvider } from './fetch-for-provider.js';
export { CatalogueError, loadCatalogue, type CatalogueEntry } from './catalogue.js';
export { FetchFailure } from './fetch/safe-http.js';
export { PRODUCT_TOKEN, userAgent } from './fetch/fetch-terms.js';
