// Kept for importers (tests, scripts, facts/): the code lives in engine/model-types.ts.
export * from './engine/model-types.js';
