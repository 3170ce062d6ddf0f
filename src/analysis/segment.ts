// Kept for importers (tests, scripts, facts/): the code lives in engine/segment.ts.
export * from './engine/segment.js';
