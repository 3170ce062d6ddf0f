// Kept for importers (tests, scripts, facts/): the code lives in engine/classify.ts.
export * from './engine/classify.js';
