// Kept for importers (tests, scripts, facts/): the code lives in engine/features.ts.
export * from './engine/features.js';
