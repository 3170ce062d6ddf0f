// Kept for importers (tests, scripts, facts/): the code lives in engine/rules.ts.
export * from './engine/rules.js';
